import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorOf, checkedFiles, citationProblems, formatCitationProblem, repoCitationProblems } from '../../tools/repo-citations';

const root = path.resolve(__dirname, '../..');

/** The citations this test forbids, built here so that this file does not cite them itself. */
const up = '..';
const sharedDesign = `${up}/shared/${'DESIGN'}.md`;
const sharedSpec = `${up}/shared/${'spec'}/`;
const designSection = `${'DESIGN'} §4`;
const here = '.';
const docsDir = 'docs';

/** Problems of one made-up file of the repository (it need not exist; the paths it cites are checked for real). */
const problemsOf = (file: string, text: string, docs: Record<string, string> = {}) =>
  citationProblems(root, file, text, (page) => {
    const doc = docs[page];
    if (doc === undefined) return undefined;
    const headings = [...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => (m[1] ?? '').trim());
    return { anchors: new Set(headings.map(anchorOf)), titles: headings };
  }).map((p) => `${p.kind} ${p.cited}`);

describe('the repository stands alone (tools/repo-citations.ts)', () => {
  it('checks the source, the tools, the tests and the docs', () => {
    const files = checkedFiles(root);
    for (const folder of ['src/', 'server/', 'tools/', 'tests/', 'docs/']) expect(files.some((f) => f.startsWith(folder))).toBe(true);
    expect(files).toContain('README.md');
    expect(files).toContain('tests/tools/repo-citations.test.ts');
  });

  it('no file cites a path outside the repository, and every citation of docs/ resolves', () => {
    expect(repoCitationProblems(root).map(formatCitationProblem)).toEqual([]);
  });
});

describe('what counts as citing outside the repository', () => {
  it('a relative path that leaves the repository, from the root or from a folder', () => {
    expect(problemsOf('README.md', `- \`${sharedSpec}\` — what the product must do`)).toEqual([`outside ${sharedSpec}`, `external shared/${'spec'}`]);
    expect(problemsOf('tools/x.ts', `const calls = readFileSync('${up}/${up}/shared/calls.tsv');`)).toEqual([`outside ${up}/${up}/shared/calls.tsv`]);
  });

  it('a path built above the repository in code', () => {
    expect(problemsOf('tools/x.ts', `const base = path.resolve(root, '${up}', 'shared');`)).toEqual([`outside '${up}', 'shared'`]);
    expect(problemsOf('tools/x.ts', `const repoRoot = path.resolve(here, '${up}');`)).toEqual([]);
  });

  it('a comment whose path meant the folder beside the clone, and the names of documents kept there', () => {
    expect(problemsOf('src/core/rules/x.ts', `/** Money is integer cents (${sharedDesign}). */`)).toEqual([
      `missing ${sharedDesign}`,
      `external ${'DESIGN'}.md`,
    ]);
    expect(problemsOf('src/core/ports/x.ts', `// Tagged errors (${designSection}).`)).toEqual([`external ${'DESIGN'} §`]);
    expect(problemsOf(`${docsDir}/x.md`, `The calls are in \`${sharedSpec}calls.tsv\`.`)).toEqual([`outside ${sharedSpec}calls.tsv`, `external shared/${'spec'}`]);
  });

  it('lets paths inside the repository be: imports, existing files, contract $refs and fixtures', () => {
    expect(problemsOf('src/ui/screens/billing/X.tsx', "import { useBillingMachines } from '../../shared/Billing';")).toEqual([]);
    expect(problemsOf('src/core/model/x.ts', `/** ${here}/roles.ts adds the schemas. */`)).toEqual([]);
    expect(problemsOf(`${docsDir}/x.md`, "`$ref: '../schemas/auth.yaml#/LoginRequest'`")).toEqual([]);
    expect(problemsOf('tests/tools/x.test.ts', "const fixture = { $ref: './paths/things.yaml#/x' };")).toEqual([]);
  });

  it('citations of our docs resolve to a page, an anchor and a section title', () => {
    const design = `${docsDir}/design.md`;
    const docs = { [design]: '# Design\n\n## Money\n\n## Ports, adapters and errors\n' };
    expect(problemsOf('src/x.ts', `// integer cents (${design}#money)`, docs)).toEqual([]);
    expect(problemsOf('src/x.ts', `// see ${design}, "Ports, adapters"`, docs)).toEqual([]);
    expect(problemsOf('src/x.ts', `// integer cents (${design}#cents)`, docs)).toEqual([`docs ${design}#cents`]);
    expect(problemsOf('src/x.ts', `// see ${design} "Time"`, docs)).toEqual([`docs ${design} "Time"`]);
    expect(problemsOf('src/x.ts', `// see ${docsDir}/nowhere.md`, docs)).toEqual([`docs ${docsDir}/nowhere.md`]);
  });
});
