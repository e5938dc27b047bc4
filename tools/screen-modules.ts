/**
 * Which source module holds each screen, read from the screen registries as source (tools never import the UI,
 * see .dependency-cruiser.cjs), and the build's record of it.
 *
 * The server sends each route's page with `<link rel="modulepreload">` for its screen's chunks (server/app-pages.ts),
 * so the browser fetches them beside the entry rather than one round trip after it (docs/performance.md,
 * "Lighthouse"). It needs the screen → module map; Vite's manifest (dist/client/.vite/manifest.json) then names
 * each module's chunk, the chunks it imports and its stylesheets. The Vite plugin below writes the map to
 * dist/client/.vite/screens.json at every build, so it can never be stale.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { SCREENS_FILE, type ScreensFile } from '../src/core/model/build-files';

/** The registry files: the shell's and the app's, then one per screens area. */
export function registryFiles(root: string): string[] {
  const files = [join(root, 'src/ui/app/routing.tsx'), join(root, 'src/ui/app/screen-registry.ts')];
  const screens = join(root, 'src/ui/screens');
  if (existsSync(screens)) {
    for (const area of readdirSync(screens, { withFileTypes: true })) {
      if (!area.isDirectory()) continue;
      for (const name of ['registry.ts', 'registry.tsx']) {
        const file = join(screens, area.name, name);
        if (existsSync(file)) files.push(file);
      }
    }
  }
  return files.filter((f) => existsSync(f));
}

const propertyName = (name: ts.PropertyName): string | undefined =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e;

export interface RegistryEntry {
  readonly name: string;
  readonly node: ts.PropertyAssignment | ts.ShorthandPropertyAssignment;
  readonly source: ts.SourceFile;
}

/** Every property of every exported `const X = { ... }` (optionally `as`/`satisfies` wrapped) of a registry file. */
export function registryEntries(file: string): RegistryEntry[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: RegistryEntry[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && unwrap(declaration.initializer);
      if (!init || !ts.isObjectLiteralExpression(init)) continue;
      for (const node of init.properties) {
        if (!ts.isPropertyAssignment(node) && !ts.isShorthandPropertyAssignment(node)) continue;
        const name = propertyName(node.name);
        if (name !== undefined) out.push({ name, node, source });
      }
    }
  }
  return out;
}

const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/** The file a relative import specifier of `from` names, relative to `root` with forward slashes (Vite's manifest keys). */
const moduleKey = (root: string, from: string, specifier: string): string | undefined => {
  const base = resolve(dirname(from), specifier);
  const file = [base, ...EXTENSIONS.map((ext) => base + ext)].find((candidate) => existsSync(candidate) && !candidate.endsWith('/'));
  return file && relative(root, file).split('\\').join('/');
};

/**
 * The modules a registry entry loads: every `import('…')` inside its value, following names of the same file's
 * top-level constants (`dashboard`, `shopScreen('ServicesScreen')`). An entry that renders in place (the shell's
 * own screens) loads none.
 */
const importsOf = (entry: RegistryEntry, root: string): string[] => {
  const constants = new Map<string, ts.Node>();
  for (const statement of entry.source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
  }
  const found = new Set<string>();
  const seen = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      const key = arg && ts.isStringLiteral(arg) ? moduleKey(root, entry.source.fileName, arg.text) : undefined;
      if (key) found.add(key);
    }
    if (ts.isIdentifier(node)) {
      const target = constants.get(node.text);
      if (target) visit(target);
    }
    ts.forEachChild(node, visit);
  };
  visit(entry.node);
  return [...found];
};

/** Screen name (a route's name, src/core/routes.ts) → the source modules (manifest keys) its loader imports. */
export function screenModules(root: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const file of registryFiles(root)) {
    for (const entry of registryEntries(file)) {
      const modules = importsOf(entry, root);
      if (modules.length) out[entry.name] = modules;
    }
  }
  return out;
}

/**
 * The modules every signed-in page loads at start, whatever its screen: the HTTP adapters (the session's first
 * call), the signed-in charts and the signed-in menu.
 */
export const SIGNED_IN_MODULES = ['src/adapters/http/api.ts', 'src/machines/features/signed-in-actors.ts', 'src/ui/app/shell/SignedInMenu.tsx'] as const;

export { SCREENS_FILE, type ScreensFile };

/** Vite plugin: writes dist/client/.vite/screens.json beside Vite's manifest. */
export const screenModulesFile = (): Plugin => {
  let root = process.cwd();
  return {
    name: 'tendwell-screen-modules',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      for (const key of SIGNED_IN_MODULES) if (!existsSync(join(root, key))) this.error(`tools/screen-modules.ts names ${key}, which is no file: update SIGNED_IN_MODULES`);
      const file: ScreensFile = { screens: screenModules(root), signedIn: SIGNED_IN_MODULES };
      this.emitFile({ type: 'asset', fileName: SCREENS_FILE, source: `${JSON.stringify(file, null, 1)}\n` });
    },
  };
};
