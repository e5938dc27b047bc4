/**
 * The size budgets of the web app, in one place (docs/performance.md explains them). `tools/bundle-check.ts`
 * (run by `npm run test:e2e`) fails the build over them, naming the chunk and its biggest modules.
 */
const KB = 1000;

/**
 * Issue 20's target: JavaScript (gzip) the browser loads before React takes /login over (hydrateRoot), React
 * included. The form itself paints before any of it, from the HTML rendered at build time (src/prerender.tsx).
 */
export const LOGIN_INTERACTIVE_TARGET_GZIP = 150 * KB;

/**
 * What the check enforces for /login: just above today's figure, and never above the target (tools/bundle-check.ts
 * enforces the lower of the two). It fails as soon as /login grows by more than a screen's worth of English texts:
 * look at what grew before raising it. History (docs/performance.md, "JavaScript before /login is interactive"):
 * 162.6 KB with React before the signed-in shell left the boot; 97.8 KB with Preact (2026-11-26); 155.8 KB when
 * React came back (2026-11-28), 147.3 KB once the boot's modules travel in two chunks (tools/boot-chunks.ts) and
 * the live connection's adapter loads with the first connect.
 */
export const LOGIN_INTERACTIVE_CEILING_GZIP = 149 * KB;

/** The renderer that must render the shipped build: React's production client, and no other (issue 20). */
export const RENDERER = {
  /** A source every build's boot carries: react-dom's production client. */
  required: /(^|\/)node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/,
  /** Sources no chunk may carry: another renderer, or React's development build. */
  forbidden: [
    { module: /(^|\/)node_modules\/preact\//, why: 'Preact is not the renderer: React renders the app (docs/decisions.md, "Renderer")' },
    { module: /(^|\/)node_modules\/react-dom\/cjs\/react-dom[^/]*\.development\.js$/, why: "React's development build must not ship" },
  ],
} as const;

/**
 * Modules that must never load before /login paints (tools/bundle-check.ts reads the eager chunks' source maps).
 * effect/Schema is about 15 KB gzip: the boot path decodes what it reads with hand-written decoders
 * (src/core/model/storage.ts, src/core/model/live.ts) and creates Data errors (src/core/ports/errors.ts); the HTTP
 * adapters, which decode every answer with the contract's schemas, load with the first API call.
 */
export const NOT_BEFORE_INTERACTIVE: readonly { readonly module: RegExp; readonly why: string }[] = [
  { module: /(^|\/)effect\/dist\/Schema(AST)?\.js$/, why: 'effect/Schema (about 15 KB gzip) is not on the boot path: decode stored values and live payloads by hand (docs/performance.md)' },
];

/** Each route's own chunk (a lazily loaded screen), gzip. */
export const ROUTE_CHUNK_GZIP = 40 * KB;

/** The source file of the /login screen: its chunk (and what it imports) is part of what /login loads before it is interactive. */
export const LOGIN_SCREEN_SOURCE = /\/LoginScreen\.tsx$/;

/**
 * The targets `npm run bench` (tools/bench.ts) measures on this machine; docs/performance.md explains each.
 * They are measured, never asserted in timed tests.
 */
export const BENCH_TARGETS = {
  /** Lighthouse mobile performance score (median of the runs) of /login, /dashboard and /services. */
  lighthouseScore: 95,
  /** /login's largest contentful paint in that run (Lighthouse's simulated phone), milliseconds: the form paints from the HTML. */
  loginLcpMs: 1200,
  /** /services' total blocking time in that run, milliseconds. */
  servicesTbtMs: 150,
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
