/**
 * `npm run routes:status` — how many routes (src/core/routes.ts: the spec's, plus our developer tools) have their screen built, and which are left,
 * grouped by area.
 *
 * A route is built when a screen is registered for its name and that screen is not the 'coming soon'
 * placeholder; a route that only redirects (/, /affiliate, an admin record → its first tab) is handled by
 * the router and counts as built. The registries are read as source (tools never import the UI, see
 * .dependency-cruiser.cjs): the shell's SHELL_SCREENS (src/ui/app/routing.tsx), the app's SCREEN_LOADERS
 * (src/ui/app/screen-registry.ts) and every `src/ui/screens/<area>/registry.ts`.
 */
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROUTES, RouteAreas, type RouteArea, type RouteDef } from '../src/core/routes';
import { repoRoot } from './machine-graph';
import { registryEntries, registryFiles } from './screen-modules';

export interface RegisteredScreen {
  readonly name: string;
  /** Repository-relative file of the registry. */
  readonly file: string;
  /** The entry is the 'coming soon' placeholder. */
  readonly comingSoon: boolean;
}

/** The screens of a registry file, by name. */
export function registeredIn(file: string, root: string = repoRoot): RegisteredScreen[] {
  const rel = relative(root, file).split('\\').join('/');
  return registryEntries(file).map(({ name, node, source }) => ({ name, file: rel, comingSoon: /\bComingSoon\b/.test(node.getText(source)) }));
}

export interface RouteStatus {
  readonly route: RouteDef;
  readonly status: 'screen' | 'redirect' | 'missing' | 'comingSoon';
}

export interface RoutesReport {
  readonly routes: readonly RouteStatus[];
  readonly built: number;
  readonly total: number;
  /** Registry keys that name no route (a typo, or a route that was renamed). */
  readonly unknown: readonly RegisteredScreen[];
}

export function routesReport(root: string = repoRoot): RoutesReport {
  const registered = registryFiles(root).flatMap((f) => registeredIn(f, root));
  const byName = new Map<string, RegisteredScreen[]>();
  for (const r of registered) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  const routes = ROUTES.map((route): RouteStatus => {
    const entries = byName.get(route.name) ?? [];
    if (entries.some((e) => !e.comingSoon)) return { route, status: 'screen' };
    if (route.redirect) return { route, status: 'redirect' };
    return { route, status: entries.length > 0 ? 'comingSoon' : 'missing' };
  });
  const names = new Set(ROUTES.map((r) => r.name));
  const built = routes.filter((r) => r.status === 'screen' || r.status === 'redirect').length;
  return { routes, built, total: routes.length, unknown: registered.filter((r) => !names.has(r.name)) };
}

function main(): void {
  const report = routesReport();
  const percent = report.total === 0 ? '100.0' : ((100 * report.built) / report.total).toFixed(1);
  const redirects = report.routes.filter((r) => r.status === 'redirect').length;
  console.log(`routes built: ${report.built}/${report.total} (${percent} %), of which ${redirects} only redirect`);
  const left = report.routes.filter((r) => r.status === 'missing' || r.status === 'comingSoon');
  if (left.length > 0) {
    console.log(`\nnot built yet (${left.length}), by area:`);
    for (const area of RouteAreas as readonly RouteArea[]) {
      const inArea = left.filter((r) => r.route.area === area);
      if (inArea.length === 0) continue;
      console.log(`\n  ${area} (${inArea.length})`);
      for (const r of inArea) console.log(`    ${r.route.path.padEnd(52)} ${r.route.name}${r.status === 'comingSoon' ? '  (registered as coming soon)' : ''}`);
    }
  }
  if (report.unknown.length > 0) {
    console.log('\nregistered under a name no route has:');
    for (const u of report.unknown) console.log(`  ${u.name}  (${u.file})`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
