import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LOGIN_INTERACTIVE_CEILING_GZIP, LOGIN_INTERACTIVE_TARGET_GZIP, ROUTE_CHUNK_GZIP } from '../../tools/budgets';
import { checkBudgets, checkRenderer, modulesBySize, type BuildFiles } from '../../tools/bundle-check';

/** Text whose gzip size is about `bytes`: base64 of random bytes (gzip packs it back to the random bytes, no further). */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64');
const html = '<script type="module" src="/assets/index-a1.js"></script>';

const build = (sizes: { index: number; login: number; route: number }): BuildFiles => ({
  html,
  manifest: {
    'index.html': { file: 'assets/index-a1.js', isEntry: true, dynamicImports: ['src/ui/screens/auth/LoginScreen.tsx', 'src/ui/screens/x/Big.tsx'] },
    'src/ui/screens/auth/LoginScreen.tsx': { file: 'assets/LoginScreen-b2.js', src: 'src/ui/screens/auth/LoginScreen.tsx', isDynamicEntry: true },
    'src/ui/screens/x/Big.tsx': { file: 'assets/Big-c3.js', src: 'src/ui/screens/x/Big.tsx', isDynamicEntry: true },
  },
  scripts: {
    'assets/index-a1.js': incompressible(sizes.index),
    'assets/LoginScreen-b2.js': incompressible(sizes.login),
    'assets/Big-c3.js': incompressible(sizes.route),
  },
});

describe('the bundle budgets (tools/budgets.ts)', () => {
  it('counts the eager chunks and the login screen chunk for /login, and passes under budget', () => {
    const report = checkBudgets(build({ index: 50_000, login: 10_000, route: 10_000 }), ['assets/index-a1.js']);
    expect(report.ok).toBe(true);
    expect(report.login.files).toEqual(['assets/LoginScreen-b2.js', 'assets/index-a1.js']);
    expect(report.login.bytes).toBeGreaterThan(59_000);
  });

  it('fails when /login grows over its ceiling, naming the biggest chunk', () => {
    const report = checkBudgets(build({ index: LOGIN_INTERACTIVE_CEILING_GZIP, login: 5_000, route: 1_000 }), ['assets/index-a1.js']);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/^\/login loads .* over the ceiling .* Biggest: assets\/index-a1\.js/);
  });

  it('holds issue 20\'s target: the enforced ceiling is never above 150 KB', () => {
    expect(LOGIN_INTERACTIVE_CEILING_GZIP).toBeLessThanOrEqual(LOGIN_INTERACTIVE_TARGET_GZIP);
    const report = checkBudgets(build({ index: LOGIN_INTERACTIVE_CEILING_GZIP + 1_000, login: 1_000, route: 1_000 }), ['assets/index-a1.js']);
    expect(report.problems.join('\n')).toMatch(/over the ceiling [\d.]+ KB \(target 150\.0 KB\)/);
  });

  it("fails when a route's own chunk is over its budget, naming the chunk", () => {
    const report = checkBudgets(build({ index: 1_000, login: 1_000, route: ROUTE_CHUNK_GZIP + 2_000 }), ['assets/index-a1.js']);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([expect.stringMatching(/^the route chunk assets\/Big-c3\.js is .* gzip, over 40\.0 KB/)]);
  });

  it('fails when a module kept off what /login loads first (effect/Schema) is in a chunk /login loads, naming both', () => {
    const maps = {
      'assets/index-a1.js.map': JSON.stringify({ sources: ['../../src/main.tsx', '../../node_modules/effect/dist/Schema.js'], mappings: '' }),
      'assets/Big-c3.js.map': JSON.stringify({ sources: ['../../node_modules/effect/dist/SchemaAST.js'], mappings: '' }),
    };
    const report = checkBudgets(build({ index: 1_000, login: 1_000, route: 1_000 }), ['assets/index-a1.js'], maps);
    expect(report.problems).toEqual([expect.stringMatching(/^assets\/index-a1\.js loads before \/login is interactive and holds node_modules\/effect\/dist\/Schema\.js: effect\/Schema/)]);
    const lazyOnly = checkBudgets(build({ index: 1_000, login: 1_000, route: 1_000 }), ['assets/index-a1.js'], { 'assets/Big-c3.js.map': maps['assets/Big-c3.js.map'] });
    expect(lazyOnly.ok).toBe(true);
  });

  it('attributes the bytes of a chunk to its source modules through the source map', () => {
    // Line 0: columns 0-5 from source 0, columns 6-9 from source 1 ("AAAA" then "MCAA": +6 columns, +1 source).
    const sizes = modulesBySize('aaaaaabbbb', { sources: ['../../src/a.ts', '../../node_modules/lib/b.js'], mappings: 'AAAA,MCAA' });
    expect(sizes).toEqual([
      { source: 'src/a.ts', bytes: 6 },
      { source: 'lib/b.js', bytes: 4 },
    ]);
  });
});

describe("the renderer the build ships (tools/budgets.ts RENDERER)", () => {
  const map = (...sources: string[]) => JSON.stringify({ sources: sources.map((s) => `../../${s}`), mappings: '' });

  it("passes when the first chunks hold React's production client and nothing holds another renderer", () => {
    expect(checkRenderer(['assets/boot-b1.js'], { 'assets/boot-b1.js.map': map('node_modules/react-dom/cjs/react-dom-client.production.js', 'src/main.tsx') })).toEqual([]);
  });

  it('fails when Preact is in any chunk, naming the chunk', () => {
    const problems = checkRenderer(['assets/boot-b1.js'], {
      'assets/boot-b1.js.map': map('node_modules/react-dom/cjs/react-dom-client.production.js'),
      'assets/Lazy-l1.js.map': map('node_modules/preact/compat/dist/compat.module.js'),
    });
    expect(problems).toEqual([expect.stringMatching(/^assets\/Lazy-l1\.js holds node_modules\/preact\/compat\/dist\/compat\.module\.js: Preact is not the renderer/)]);
  });

  it("fails when React's production client is not what the app loads first, or its development build ships", () => {
    expect(checkRenderer(['assets/boot-b1.js'], { 'assets/boot-b1.js.map': map('node_modules/preact/dist/preact.module.js') })).toEqual([
      expect.stringMatching(/Preact is not the renderer/),
      expect.stringMatching(/^no chunk the app loads first holds react-dom's production client/),
    ]);
    expect(checkRenderer(['assets/boot-b1.js'], { 'assets/boot-b1.js.map': map('node_modules/react-dom/cjs/react-dom-client.development.js') })).toEqual([
      expect.stringMatching(/React's development build must not ship/),
      expect.stringMatching(/^no chunk the app loads first holds/),
    ]);
  });
});
