import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { TEST_EPOCH, adminUrl, templateName } from './db-template';
import { manualClock } from '../../server/clock';

declare module 'vitest' {
  export interface ProvidedContext {
    templateFile: string;
    templateDatabase: string;
  }
}

/**
 * Builds the migrated, seeded template database once per run. Each test file then clones it:
 * PGlite loads the dumped data directory (about a second); PostgreSQL creates a database from the template.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = templateName();
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: url.toString() });
    await template.migrate();
    await seedDemo(template.db, manualClock(TEST_EPOCH));
    await template.close();
    project.provide('templateDatabase', name);
    project.provide('templateFile', '');
    return async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tendwell-template-'));
  const template = await openDatabase({});
  await template.migrate();
  await seedDemo(template.db, manualClock(TEST_EPOCH));
  const dump = await template.dump();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide('templateFile', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
