/** npm run api:coverage — which operations of openapi/ the reference server implements, per tag. */
import { pathToFileURL } from 'node:url';
import { listOperations, loadResolved, type ContractOperation } from '../server/openapi/load';
import { allOperations } from '../server/operations/all';

export interface CoverageRow {
  readonly tag: string;
  readonly implemented: ContractOperation[];
  readonly missing: ContractOperation[];
}

export const apiCoverage = (operations: readonly ContractOperation[], implemented: ReadonlySet<string>): CoverageRow[] => {
  const byTag = new Map<string, CoverageRow>();
  for (const op of operations) {
    const row = byTag.get(op.tag) ?? { tag: op.tag, implemented: [], missing: [] };
    (implemented.has(op.operationId) ? row.implemented : row.missing).push(op);
    byTag.set(op.tag, row);
  }
  return [...byTag.values()];
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const operations = listOperations(loadResolved());
  const rows = apiCoverage(operations, new Set(allOperations().keys()));
  const done = rows.reduce((n, r) => n + r.implemented.length, 0);
  const pct = (a: number, b: number) => (b ? Math.round((a / b) * 100) : 100);
  console.log(`API coverage: ${done}/${operations.length} operations implemented (${pct(done, operations.length)} %)\n`);
  for (const row of rows) {
    const total = row.implemented.length + row.missing.length;
    console.log(`${row.tag.padEnd(14)} ${String(row.implemented.length).padStart(3)}/${String(total).padEnd(3)} ${pct(row.implemented.length, total)} %`);
  }
  const missing = rows.flatMap((r) => r.missing);
  if (missing.length) {
    console.log(`\nNot implemented yet (answer 501 'Not implemented yet: <operationId>'):`);
    for (const op of missing) {
      const origin = op.origin === 'spec' ? '' : `  [${op.origin}]`;
      console.log(`  ${op.method.toUpperCase().padEnd(6)} /api${op.path.padEnd(52)} ${op.operationId}${origin}`);
    }
  }
}
