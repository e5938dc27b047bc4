/**
 * The repository stands alone: no file cites a path outside it, and every citation of our own docs resolves.
 * Run by tests/tools/repo-citations.test.ts (`npm run test:unit`), so a clone with no folder beside it is enough to
 * read the code and run every check. What is a problem:
 *
 * - `outside`:  a relative path (in an import, a string, a comment or a link) that, read from the file's own folder,
 *               leaves the repository (the design page or the spec folder beside a clone, say), or a path built
 *               above a folder in code (a `'..'` segment followed by a named one);
 * - `missing`:  a relative path in a comment or a Markdown link that stays inside the repository but names nothing
 *               there (usually a path that meant the folder beside the clone). Generated and installed folders
 *               (node_modules, dist, .data) may be missing in a fresh clone;
 * - `external`: the names of documents kept outside the repository (the old design page and its numbered
 *               sections, the spec's folder): cite docs/design.md for the design, and the spec by document and
 *               section ("accounts §2", "bookings §5");
 * - `docs`:     `docs/<page>.md` that does not exist, `docs/<page>.md#anchor` without that heading, or
 *               `docs/<page>.md, "Title"` (also `docs/<page>.md "Title"`) where the page has no heading and no bold
 *               lead-in starting with the title.
 *
 * Paths with a placeholder (`${…}`, `*`, `{…}`) are patterns, not citations, and are skipped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface CitationProblem {
  readonly kind: 'outside' | 'missing' | 'external' | 'docs';
  /** The file, relative to the repository's root, and the line. */
  readonly file: string;
  readonly line: number;
  readonly cited: string;
  readonly message: string;
}

/** Folders whose files are checked, and the files at the root. */
export const CHECKED_FOLDERS = ['src', 'server', 'tools', 'tests', 'docs', 'openapi', '.ci'] as const;
const ROOT_FILE = /\.(ts|js|mjs|cjs|md|json|html|yaml)$/;
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|json|css|html|yaml|yml|tsv|sql)$|^run$/;
/** Never walked: installed, generated or local-only folders. */
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report', 'coverage', '.tmp']);
/** Inside the repository but absent from a fresh clone until installed, built or run. */
const MAY_BE_ABSENT = /^(node_modules|dist|\.data[^/]*|test-results|playwright-report|coverage|\.tmp)(\/|$)/;
const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts', '/index.ts', '/index.tsx'];

/** The files checked, relative to the root. */
export const checkedFiles = (root: string): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(rel);
      return entry.isFile() && TEXT_FILE.test(entry.name) ? [rel] : [];
    });
  const atRoot = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && (ROOT_FILE.test(e.name) || e.name.startsWith('.')) && !e.name.endsWith('-lock.json'))
    .map((e) => e.name);
  return [...atRoot, ...CHECKED_FOLDERS.filter((f) => existsSync(path.join(root, f))).flatMap(walk)].sort();
};

const RELATIVE_PATH = /(?<![\w./@-])((?:\.\.?\/)+[\w@$.\-/{}*]*)/g;
const EXTERNAL = /\bDESIGN\.md\b|\bDESIGN\s*§|\bshared\/spec\b/g;
const DOC_CITATION = /\bdocs\/([\w-]+(?:\/[\w-]+)*\.md)(#[\w-]+)?(?:,? "([^"\n]+)")?/g;

/** A `'..'` segment followed by a named one: a path built above a folder, as `path.resolve(root, '..', name)` with a literal name. */
const PARENT_SEGMENT = /(['"])\.\.\1\s*,\s*(['"`])[\w@.-]+\2/g;

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Whether `index` is inside a comment: a line comment, a block comment's line, or a YAML/TSV/shell `#` line. */
const isCommentAt = (text: string, index: number): boolean => {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(start, index);
  return /^\s*(\*|\/\*|\/\/|#|<!--)/.test(before) || before.includes('//') || before.includes('/*');
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

interface DocIndex {
  readonly anchors: ReadonlySet<string>;
  /** Heading texts and bold lead-ins (`- **Title.**`), as written. */
  readonly titles: readonly string[];
}

const indexDoc = (text: string): DocIndex => {
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim());
  const leads = [...text.matchAll(/^\s*(?:- |\d+\. )?\*\*([^*\n]+)\*\*/gm)].map((m) => (m[1] ?? '').trim());
  return { anchors: new Set(headings.map(anchorOf)), titles: [...headings, ...leads] };
};

const exists = (absolute: string) => RESOLVED_EXTENSIONS.some((ext) => existsSync(absolute + ext)) || existsSync(absolute.replace(/\.js$/, '.ts'));

/** Every problem in the text of one file (`file` relative to `root`). */
export const citationProblems = (root: string, file: string, text: string, docs: (page: string) => DocIndex | undefined): CitationProblem[] => {
  const problems: CitationProblem[] = [];
  const add = (kind: CitationProblem['kind'], index: number, cited: string, message: string) =>
    problems.push({ kind, file, line: lineOf(text, index), cited, message });
  const folder = path.dirname(path.join(root, file));

  const markdown = file.endsWith('.md');
  const rootEscape = (cited: string) => path.relative(root, path.resolve(root, cited)).startsWith('..');
  for (const m of text.matchAll(RELATIVE_PATH)) {
    const cited = (m[1] ?? '').replace(/[.,:;]+$/, '');
    if (/[$*{}]/.test(cited) || /^\.\.?\/?$/.test(cited)) continue;
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    if (/\$ref:?\s*['"]?$/.test(text.slice(lineStart, m.index))) continue; // a contract's $ref, relative to its YAML file
    const resolved = path.resolve(folder, cited);
    const inRepo = path.relative(root, resolved).split(path.sep).join('/');
    if (inRepo === '..' || inRepo.startsWith('../') || path.isAbsolute(inRepo)) {
      add('outside', m.index, cited, `cites ${cited}, which is outside the repository`);
      continue;
    }
    if (MAY_BE_ABSENT.test(inRepo) || exists(resolved)) continue;
    const link = markdown && text.slice(Math.max(0, m.index - 2), m.index) === '](';
    if (markdown && !link) {
      // Prose and code in the docs name paths from the repository's root.
      if (rootEscape(cited)) add('outside', m.index, cited, `cites ${cited}, which is outside the repository (read from its root)`);
    } else if (link || (isCommentAt(text, m.index) && /(\.[a-z]+|\/)$/.test(cited))) {
      // A comment's path with an extension or a final slash is a citation; an extensionless one quotes an import.
      add('missing', m.index, cited, `cites ${cited}, which is not in the repository (${inRepo || '.'})`);
    }
  }
  if (!markdown) {
    for (const m of text.matchAll(PARENT_SEGMENT)) add('outside', m.index, m[0], `builds a path above a folder (${m[0]}): keep what the code reads inside the repository`);
  }
  for (const m of text.matchAll(EXTERNAL)) {
    add('external', m.index, m[0], `cites ${m[0]}, a document outside the repository: cite docs/design.md, or the spec by section ("bookings §5")`);
  }
  for (const m of text.matchAll(DOC_CITATION)) {
    const page = `docs/${m[1] ?? ''}`;
    const doc = docs(page);
    if (!doc) {
      add('docs', m.index, page, `cites ${page}, which does not exist`);
      continue;
    }
    const anchor = m[2]?.slice(1);
    if (anchor && !doc.anchors.has(anchor)) add('docs', m.index, `${page}#${anchor}`, `cites ${page}#${anchor}, but ${page} has no such heading`);
    const title = m[3];
    if (title && !doc.titles.some((t) => t.startsWith(title) || t.startsWith(title.replace(/\.$/, '')))) {
      add('docs', m.index, `${page} "${title}"`, `cites "${title}" of ${page}, but it has no heading or bold lead-in starting so`);
    }
  }
  return problems;
};

/** Every problem in the repository at `root`. */
export const repoCitationProblems = (root: string): CitationProblem[] => {
  const docIndex = new Map<string, DocIndex | undefined>();
  const docs = (page: string) => {
    if (!docIndex.has(page)) {
      const file = path.join(root, page);
      docIndex.set(page, existsSync(file) && statSync(file).isFile() ? indexDoc(readFileSync(file, 'utf8')) : undefined);
    }
    return docIndex.get(page);
  };
  return checkedFiles(root).flatMap((file) => citationProblems(root, file, readFileSync(path.join(root, file), 'utf8'), docs));
};

export const formatCitationProblem = (p: CitationProblem): string => `${p.file}:${p.line} [${p.kind}] ${p.message}`;
