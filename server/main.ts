import { conveniencesLine, loadConfig } from './config';
import { openDatabase } from './db/client';

/** How often stored live events are pruned. */
const LIVE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const demoLogins = [
  ['super@tendwell.test', 'super admin → /admin'],
  ['customer@tendwell.test', 'customer, onboarded → /dashboard'],
  ['newcustomer@tendwell.test', 'customer, not onboarded → /customer/onboarding'],
  ['vendor@tendwell.test', 'vendor → /vendor/appointments'],
  ['organization@tendwell.test', 'organization, approved → /organization/appointments'],
  ['pending-organization@tendwell.test', 'organization awaiting approval → /organization/pending-approval'],
  ['affiliate@tendwell.test', 'affiliate → /affiliate/dashboard'],
  ['multi@tendwell.test', 'one user with a customer and an affiliate account'],
  ['sms@tendwell.test', 'login needs SMS confirmation (code in the dev outbox)'],
  ['temporary@tendwell.test', 'must reset a temporary password'],
  ['claim@tendwell.test', 'invited, waiting to claim the account (no password yet)'],
  ['inactive@tendwell.test', 'a deactivated user (login is refused)'],
] as const;

const main = async () => {
  const config = loadConfig();
  // The database opens while the rest of the server loads: PGlite spends most of its opening off this thread
  // (reading its files, compiling its WebAssembly) and loading the modules is work on it (docs/performance.md).
  const [database, { buildApp }, { createLiveHub }, { isEmpty }, { offsetClock, systemClock }] = await Promise.all([
    openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }),
    import('./app'),
    import('./adapters/live'),
    import('./db/state'),
    import('./clock'),
  ]);
  await database.migrate();
  let seeded = false;
  if (config.seedDemo && !config.databaseUrl && (await isEmpty(database.db))) {
    // The demo marketplace's code is loaded only on the start that seeds it.
    const { seedDemo } = await import('./db/seed');
    await seedDemo(database.db, systemClock);
    seeded = true;
  }
  // With the clock convenience the clock can be moved forward (POST /api/dev/clock) to demo billing cycles.
  const clock = config.conveniences.clock ? offsetClock(systemClock) : systemClock;
  // Live events are numbered and stored, so a client that reconnects (even to another process) catches up.
  const live = createLiveHub({ db: database.db, clock, onError: (error) => app.log.warn({ err: error }, 'live event not stored') });
  const { app, services } = await buildApp({ config, db: database.db, clock, live, logger: true });
  await app.listen({ port: config.port, host: config.host });
  const sockets = await live.attach(app.server, { verifySession: (token) => services.tokens.verifySession(token), redisUrl: config.redisUrl });

  // The billing engine: every cycle that came due is charged once, even with several processes on one database.
  let billing: Promise<unknown> = Promise.resolve();
  const tick = () => {
    billing = billing.then(() => services.billingEngine.run()).catch((error: unknown) => app.log.error({ err: error }, 'billing run failed'));
    // Transfers and payouts of the periods that closed (issue 11), once per period whatever the number of processes.
    billing = billing.then(() => services.payouts.run()).catch((error: unknown) => app.log.error({ err: error }, 'payouts run failed'));
  };
  const timer = config.billingIntervalMs > 0 ? setInterval(tick, config.billingIntervalMs) : undefined;
  timer?.unref();
  if (timer) tick();

  // Stored live events older than a day are deleted: a client away that long reloads everything instead.
  const prune = () => void live.prune().catch((error: unknown) => app.log.warn({ err: error }, 'pruning live events failed'));
  prune();
  const pruning = setInterval(prune, LIVE_PRUNE_INTERVAL_MS);
  pruning.unref();

  const url = config.publicUrl;
  const lines = [
    '',
    `Tendwell is running at ${url}`,
    `  API      ${url}/api (health: HEAD ${url}/api/ping)`,
    `  Database ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}${seeded ? ' — demo marketplace seeded' : ''}`,
    conveniencesLine(config),
  ];
  if (config.conveniences.outbox) lines.push(`  Outbox   ${url}/dev/outbox (emails and text messages sent in development)`);
  if (config.conveniences.demoData && !config.databaseUrl) {
    lines.push('', 'Demo logins (password: tendwell-demo):');
    for (const [email, what] of demoLogins) lines.push(`  ${email.padEnd(36)} ${what}`);
  }
  console.log(lines.join('\n') + '\n');

  const stop = async () => {
    if (timer) clearInterval(timer);
    clearInterval(pruning);
    await billing;
    // Open live connections would keep the HTTP server from closing: drop them at the transport (not with a
    // server 'disconnect', after which socket.io clients would not reconnect), so clients retry and catch up.
    sockets.engine.close();
    await app.close();
    await live.flush();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
