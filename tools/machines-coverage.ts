/**
 * `npm run machines:coverage` — for every chart under src/machines, the declared transitions exercised by
 * paths generated from its model (tests/machines/models/<chart>.model.ts) with xstate/graph, per chart
 * and in total. Exits 1 when any chart is below 100 % or has no model.
 */
import { coverageOf, discoverCharts, exercise, loadModel, modelFile, percent, repoRoot, type CoverageReport } from './machine-graph';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function machineCoverage(): Promise<CoverageReport[]> {
  const reports: CoverageReport[] = [];
  for (const chart of await discoverCharts()) {
    const model = await loadModel(chart.name);
    if (model && model.machine !== chart.machine) throw new Error(`${modelFile(chart.name)} models another machine than ${chart.file}`);
    reports.push(coverageOf(chart.name, chart.machine, model ? exercise(model) : null));
  }
  return reports;
}

async function main(): Promise<void> {
  const reports = await machineCoverage();
  const width = Math.max(5, ...reports.map((r) => r.chart.length));
  console.log(`${'chart'.padEnd(width)}  covered/declared       %`);
  let covered = 0;
  let declared = 0;
  let failing = 0;
  for (const r of reports) {
    covered += r.covered;
    declared += r.declared;
    const ok = r.hasModel && r.covered === r.declared;
    if (!ok) failing++;
    const note = !r.hasModel
      ? `  no model: add ${relative(repoRoot, modelFile(r.chart))}`
      : r.unreachable.length > 0
        ? `  (+${r.unreachable.length} unreachable by spec)`
        : '';
    console.log(`${r.chart.padEnd(width)}  ${`${r.covered}/${r.declared}`.padStart(16)}  ${percent(r.covered, r.declared).padStart(6)}${note}`);
    for (const t of r.missing) console.log(`${''.padEnd(width)}    missing: ${t.source} --${t.eventLabel}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(', ') || '(self)'}`);
    for (const t of r.unreachable) console.log(`${''.padEnd(width)}    unreachable: ${t.source} --${t.eventLabel}--> ${t.targets.join(', ')}: ${t.unreachable}`);
  }
  console.log(`${'total'.padEnd(width)}  ${`${covered}/${declared}`.padStart(16)}  ${percent(covered, declared).padStart(6)}`);
  if (failing > 0) {
    console.error(`\n${failing} chart(s) below 100 % transition coverage.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
