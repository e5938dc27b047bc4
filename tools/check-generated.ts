/**
 * npm run check:generated — regenerates every committed generated file (API types, the machine
 * catalogue, database migrations) and fails when any of them differs from what is committed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

const generated = ['src/adapters/http/openapi.gen.ts', 'docs/machines', 'server/db/migrations'];
const steps: [string, string[]][] = [
  ['npm', ['run', '-s', 'gen:api']],
  ['npm', ['run', '-s', 'machines']],
  ['npx', ['drizzle-kit', 'generate']],
];

for (const [cmd, args] of steps) {
  const run = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`${cmd} ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
}

const changed = execFileSync('git', ['status', '--porcelain', '--', ...generated], { encoding: 'utf8' }).trim();
if (changed) {
  console.error('Generated files are stale — run the generators and commit the result:\n' + changed);
  console.error(execFileSync('git', ['diff', '--stat', '--', ...generated], { encoding: 'utf8' }));
  process.exit(1);
}
// drizzle-kit applies only the migrations its journal names, and `generate` never deletes a file: a .sql left
// behind when a branch's migration was renumbered at a merge would sit beside its copy unnoticed (one did).
const folder = 'server/db/migrations';
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
const named = new Set(journal.entries.map((entry) => `${entry.tag}.sql`));
const orphans = readdirSync(folder).filter((file) => file.endsWith('.sql') && !named.has(file));
if (orphans.length > 0) {
  console.error(`Migrations the journal does not name (drizzle never runs them) — delete them:\n${orphans.map((f) => `  ${folder}/${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`generated files are current (${generated.join(', ')})`);
