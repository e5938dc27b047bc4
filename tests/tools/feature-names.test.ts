/**
 * One name per feature (issue 22; docs/architecture.md, "The map: where a feature's parts live"). The map's table is
 * the list of features; this test fails when a part of the client carries a name that is no feature's, when a chart
 * is not provided by exactly one actors file, or when the map names a chart or an actors file that does not exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const list = (dir: string) => readdirSync(join(root, dir), { withFileTypes: true });

/** The map's rows: the feature's name (its first cell's code) and the code spans of each cell. */
const rows = (() => {
  const doc = read('docs/architecture.md');
  const table = doc.slice(doc.indexOf('| feature | rules'), doc.indexOf('**The records with a lifecycle**'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ').map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
      return { name: cells[0]![0]!, cells };
    });
})();
const features = new Set(rows.map((r) => r.name));
const kebab = (pascal: string) => pascal.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();
const isFeature = (name: string) => features.has(name) || [...features].some((f) => name.startsWith(`${f}-`));

const chartFiles = ['features', 'flows'].flatMap((dir) =>
  list(`src/machines/${dir}`)
    .filter((e) => e.name.endsWith('.machine.ts'))
    .map((e) => `${dir}/${e.name}`),
);
const actorFiles = ['features', 'flows'].flatMap((dir) =>
  list(`src/machines/${dir}`)
    .filter((e) => e.name.endsWith('-actors.ts'))
    .map((e) => `${dir}/${e.name}`),
);

describe('one name per feature (docs/architecture.md, the map)', () => {
  it('reads the features from the map', () => {
    expect(features.size).toBeGreaterThan(10);
    expect(features).toContain('availability');
  });

  it('names every screen folder after a feature', () => {
    const folders = list('src/ui/screens').filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((f) => !features.has(f))).toEqual([]);
  });

  it('names every message catalogue after a feature', () => {
    const names = list('src/ui/i18n')
      .map((e) => /^([a-z-]+)(?:\.en\.json|\.es\.json|-messages\.tsx)$/.exec(e.name)?.[1])
      .filter((n): n is string => n !== undefined && n !== 'area');
    expect(names.filter((n) => !features.has(n))).toEqual([]);
  });

  it('names every actors file after a feature (`<feature>-actors.ts`, `<feature>-session-actors.ts`, or the session children loader)', () => {
    const bad = actorFiles
      .map((f) => f.split('/')[1]!.replace(/-actors\.ts$/, ''))
      .filter((n) => n !== 'signed-in' && !features.has(n) && !features.has(n.replace(/-session$/, '')));
    expect(bad).toEqual([]);
  });

  it('names every feature provider of src/ui/shared after a feature', () => {
    const providers = list('src/ui/shared')
      .filter((e) => e.name.endsWith('.tsx') && e.name !== 'feature-source.tsx' && read(`src/ui/shared/${e.name}`).includes('featureSource<'))
      .map((e) => kebab(e.name.replace(/\.tsx$/, '')));
    expect(providers.length).toBeGreaterThan(5);
    expect(providers.filter((p) => !isFeature(p))).toEqual([]);
  });

  it('provides every chart from exactly one actors file, or runs it as another chart’s child', () => {
    const importers = (chart: string) => {
      const base = chart.split('/')[1]!.replace(/\.ts$/, '');
      const imports = (file: string) => new RegExp(`from '\\./${base.replace('.', '\\.')}'|from '\\.\\./(features|flows)/${base.replace('.', '\\.')}'`).test(read(`src/machines/${file}`));
      return { actors: actorFiles.filter((f) => !f.endsWith('signed-in-actors.ts')).filter(imports), charts: chartFiles.filter((c) => c !== chart && imports(c)) };
    };
    const problems = chartFiles.flatMap((chart) => {
      const { actors, charts } = importers(chart);
      if (actors.length === 1 || (actors.length === 0 && charts.length > 0)) return [];
      return [`${chart}: provided by ${actors.length === 0 ? 'no actors file' : actors.join(', ')}`];
    });
    expect(problems).toEqual([]);
  });

  it('lists every chart and actors file in the map, and every one it lists exists', () => {
    const named = new Set(rows.flatMap((r) => r.cells.flat()).filter((p) => /^(features|flows)\/[\w.-]+\.ts$/.test(p)));
    const files = [...chartFiles, ...actorFiles.filter((f) => !f.endsWith('signed-in-actors.ts'))];
    expect(files.filter((f) => !named.has(f))).toEqual([]);
    expect([...named].filter((p) => !existsSync(join(root, 'src/machines', p)))).toEqual([]);
  });
});
