import { describe, expect, it } from 'vitest';
import { EXPLORER_MARKER, checkBundle, checkScreens, checkStripe, eagerFromHtml, eagerFromManifest } from '../../tools/bundle-check';
import { repoRoot } from '../../tools/machine-graph';
import { screenModules } from '../../tools/screen-modules';

const html = `<!doctype html><head>
  <script type="module" crossorigin src="/assets/index-a1.js"></script>
  <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
  <link rel="stylesheet" href="/assets/index-c3.css">
</head>`;

const explorer = `export default function F(){return jsx("div",{"data-testid":"${EXPLORER_MARKER}"})}`;

describe('bundle-check', () => {
  it('reads the eager chunks from index.html and from the manifest (static imports, transitively)', () => {
    expect(eagerFromHtml(html)).toEqual(['assets/index-a1.js', 'assets/react-b2.js']);
    expect(
      eagerFromManifest({
        'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/ui/screens/dev/FlowExplorer.tsx'] },
        '_shared.js': { file: 'assets/shared-d4.js', imports: ['_deep.js'] },
        '_deep.js': { file: 'assets/deep-e5.js' },
        'src/ui/screens/dev/FlowExplorer.tsx': { file: 'assets/FlowExplorer-f6.js', isDynamicEntry: true, imports: ['_shared.js'] },
      }).sort(),
    ).toEqual(['assets/deep-e5.js', 'assets/index-a1.js', 'assets/shared-d4.js']);
  });

  it('passes when only a lazy chunk holds the explorer', () => {
    const report = checkBundle({ html, scripts: { 'assets/index-a1.js': 'import("./FlowExplorer-f6.js")', 'assets/react-b2.js': '', 'assets/FlowExplorer-f6.js': explorer } });
    expect(report).toMatchObject({ ok: true, holders: ['assets/FlowExplorer-f6.js'], problems: [] });
  });

  it('fails when an eager chunk holds the explorer', () => {
    const report = checkBundle({ html, scripts: { 'assets/index-a1.js': explorer, 'assets/react-b2.js': '' } });
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/is in assets\/index-a1\.js, which every page loads/);
  });

  it('fails when a statically imported chunk (manifest) holds it', () => {
    const report = checkBundle({
      html,
      manifest: { 'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_x.js'] }, '_x.js': { file: 'assets/x-9.js' } },
      scripts: { 'assets/index-a1.js': '', 'assets/react-b2.js': '', 'assets/x-9.js': explorer },
    });
    expect(report.ok).toBe(false);
    expect(report.eager).toContain('assets/x-9.js');
  });

  it('fails when no chunk holds it (not wired, or the marker changed): the check would prove nothing', () => {
    const report = checkBundle({ html, scripts: { 'assets/index-a1.js': '', 'assets/react-b2.js': '' } });
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/no chunk holds/);
  });

  it('lets only the payments adapters load Stripe.js, and only lazily (issue 8: never on a screen that does not pay)', () => {
    const stripe = { file: 'assets/lib-1.js', src: 'node_modules/@stripe/stripe-js/lib/index.mjs', isDynamicEntry: true };
    expect(
      checkStripe({
        'node_modules/@stripe/stripe-js/lib/index.mjs': stripe,
        'src/adapters/payments/choose.ts': { file: 'assets/choose-2.js', src: 'src/adapters/payments/choose.ts', isDynamicEntry: true, dynamicImports: ['node_modules/@stripe/stripe-js/lib/index.mjs'] },
      }),
    ).toEqual([]);
    const problems = checkStripe({
      'node_modules/@stripe/stripe-js/lib/index.mjs': stripe,
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['node_modules/@stripe/stripe-js/lib/index.mjs'] },
      'src/ui/screens/dashboard/Dashboard.tsx': { file: 'assets/d-3.js', src: 'src/ui/screens/dashboard/Dashboard.tsx', dynamicImports: ['node_modules/@stripe/stripe-js/lib/index.mjs'] },
    });
    expect(problems.join('\n')).toMatch(/index\.html imports Stripe\.js statically/);
    expect(problems.join('\n')).toMatch(/Dashboard\.tsx loads Stripe\.js: only the payments adapters/);
  });
});

describe("the screens' modules, for the server's per-route preloads (tools/screen-modules.ts, server/app-pages.ts)", () => {
  it('reads each registry entry to the module its loader imports, through named loaders and helpers', () => {
    const modules = screenModules(repoRoot);
    expect(modules.login).toEqual(['src/ui/screens/auth/LoginScreen.tsx']);
    // `dashboard`, a named loader of the same file, and `shopScreen('ServicesScreen')`, a helper that imports.
    expect(modules['customer.dashboard']).toEqual(['src/ui/screens/notifications/DashboardScreen.tsx']);
    expect(modules['customer.services']).toEqual(['src/ui/screens/shop/ShopScreens.ts']);
    // `screen(() => import('./RegisterCustomerScreen'), …)` in the sign-up area's own registry.
    expect(modules.register).toEqual(['src/ui/screens/auth/RegisterCustomerScreen.tsx']);
    // The shell's own screens render in place: nothing to preload.
    expect(modules.notFound).toBeUndefined();
  });

  const manifest = { 'src/ui/screens/auth/LoginScreen.tsx': { file: 'assets/LoginScreen-l1.js', isDynamicEntry: true } };
  it('passes when every module screens.json names is a chunk of the manifest', () => {
    expect(checkScreens({ html, scripts: {}, manifest, screens: { screens: { login: ['src/ui/screens/auth/LoginScreen.tsx'] }, signedIn: [] } })).toEqual([]);
  });

  it('fails on a module the manifest does not have, and on a build without screens.json', () => {
    expect(checkScreens({ html, scripts: {}, manifest, screens: { screens: {}, signedIn: ['src/adapters/http/gone.ts'] } })).toEqual([
      '.vite/screens.json names src/adapters/http/gone.ts for (signed in), which is no chunk of the manifest: its page would preload nothing',
    ]);
    expect(checkScreens({ html, scripts: {}, manifest })).toEqual([
      "no .vite/screens.json: vite.config.ts's screenModulesFile() writes it, and the server's per-route preloads read it",
    ]);
  });
});
