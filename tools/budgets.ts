/**
 * The size budgets of the web app, in one place (docs/performance.md explains them). `tools/bundle-check.ts`
 * (run by `npm run test:e2e`) fails the build over them, naming the chunk and its biggest modules.
 */
const KB = 1000;

/** Issue 12's target: JavaScript (gzip) the browser loads before the first paint of /login. */
export const LOGIN_FIRST_PAINT_TARGET_GZIP = 120 * KB;

/**
 * What the check enforces for /login today: the target is not met yet (see docs/performance.md, "What
 * grows /login"), so the check holds the line where it is, and fails as soon as /login grows. Lower it as
 * the JavaScript shrinks, until it equals the target. Measured 163.1 KB when it was set (2026-11-26, down from
 * 175.6 with effect/Schema off the boot path; 163.9 with the boot's preloading, 164.4 after other screens' texts, 162.6 with the flow explorer's and the help desk's texts in their own catalogues, 157.8 with the signed-in
 * shell out of the boot, 155.4 with the onboarding, availability, dashboard, profile and sign-up texts in their own
 * catalogues); the margin leaves room for the English texts of screens being built now (en.json travels with the
 * app).
 */
export const LOGIN_FIRST_PAINT_CEILING_GZIP = 156 * KB;

/**
 * Modules that must never load before /login paints (tools/bundle-check.ts reads the eager chunks' source maps).
 * effect/Schema is about 15 KB gzip: the boot path decodes what it reads with hand-written decoders
 * (src/core/model/storage.ts, src/core/model/live.ts) and creates Data errors (src/core/ports/errors.ts); the HTTP
 * adapters, which decode every answer with the contract's schemas, load with the first API call.
 */
export const NOT_BEFORE_FIRST_PAINT: readonly { readonly module: RegExp; readonly why: string }[] = [
  { module: /(^|\/)effect\/dist\/Schema(AST)?\.js$/, why: 'effect/Schema (about 15 KB gzip) is not on the boot path: decode stored values and live payloads by hand (docs/performance.md)' },
];

/** Each route's own chunk (a lazily loaded screen), gzip. */
export const ROUTE_CHUNK_GZIP = 40 * KB;

/** The source file of the /login screen: its chunk (and what it imports) is part of /login's first paint. */
export const LOGIN_SCREEN_SOURCE = /\/LoginScreen\.tsx$/;

/**
 * The targets `npm run bench` (tools/bench.ts) measures on this machine; docs/performance.md explains each.
 * They are measured, never asserted in timed tests.
 */
export const BENCH_TARGETS = {
  /** Lighthouse mobile performance score (median of the runs) of /login, /dashboard and /services. */
  lighthouseScore: 95,
  /** Authenticated GET /api/user and a vendor's day view against a bare fastify route, on PostgreSQL, 50 connections. */
  throughputRatio: 0.15,
  /**
   * The vendor's day view in an organization of 10,000 appointments, p99 at 50 connections (`npm run bench --
   * dayview`): the p99 issue 12 asks of the whole product under load.
   */
  dayViewP99Ms: 300,
  /** `npm start` on a warm data directory: milliseconds until the first answer. */
  warmStartMs: 3000,
  /** 200 simulated people for 10 minutes on two processes and one PostgreSQL (`npm run bench -- load`): p99 of every answer. */
  loadP99Ms: 300,
} as const;
