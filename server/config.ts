import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MAX_VENDORS } from '../src/core/rules/team';

export const API_VERSION = '1.2.34';

/** How many day answers are remembered by default (server/services/appointments.ts). */
export const DEFAULT_DAY_VIEW_CACHE_SIZE = 1_000;

/**
 * DEMO: which development conveniences exist (docs/decisions.md "Auth and access"). 'auto' (the default): on when
 * the server listens on a loopback address (the default HOST) and off otherwise; 'on': named explicitly, on
 * whatever HOST (a shared demo); 'off': none. Never on with NODE_ENV=production.
 */
export type DemoSetting = 'auto' | 'on' | 'off';

/**
 * The development conveniences, all on or all off (fail closed: docs/design.md, "The server"). Even when on, the outbox and the clock
 * answer only this machine (a loopback client) or a signed-in super admin, and sandbox sign-in only ever reaches
 * its own sandbox identities (never a user with a password or a staff role).
 */
export interface Conveniences {
  /** The demo marketplace seeded on the first start (embedded database only; SEED_DEMO=false skips it). */
  readonly demoData: boolean;
  /** GET /api/dev/outbox and the /dev/outbox page: the e-mails and texts "sent" (reset links, codes). */
  readonly outbox: boolean;
  /** POST /api/dev/clock: the server's clock moved forward, the billing engine run at once. */
  readonly clock: boolean;
  /** The sandbox identity provider of social sign-in (`dev:<email>:<name>` credentials). */
  readonly sandboxSignIn: boolean;
}

export const NO_CONVENIENCES: Conveniences = { demoData: false, outbox: false, clock: false, sandboxSignIn: false };
const EVERY_CONVENIENCE: Conveniences = { demoData: true, outbox: true, clock: true, sandboxSignIn: true };

/** The loopback interface: 127.0.0.0/8, ::1 (also as an IPv4-mapped address) and the name localhost. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  if (!address) return false;
  const plain = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (plain === 'localhost' || plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  const v4 = plain.startsWith('::ffff:') ? plain.slice(7) : plain;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
};

/** The default HOST: loopback, so a plain `npm start` is reachable from this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

export const demoSettingFrom = (value: string | undefined): DemoSetting => {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'on' || value === 'off') return value;
  throw new Error(`DEMO must be auto, on or off, got ${value}`);
};

/** Which conveniences a configuration has: see DemoSetting. */
export const conveniencesFor = (demo: DemoSetting, host: string, production: boolean): Conveniences => {
  if (production) {
    if (demo === 'on') throw new Error('DEMO=on cannot be combined with NODE_ENV=production: production has no development conveniences.');
    return NO_CONVENIENCES;
  }
  if (demo === 'on') return EVERY_CONVENIENCE;
  if (demo === 'off') return NO_CONVENIENCES;
  return isLoopbackAddress(host) ? EVERY_CONVENIENCE : NO_CONVENIENCES;
};

/** The start-up line that says which conveniences are on, and why (server/main.ts prints it). */
export const conveniencesLine = (config: Pick<ServerConfig, 'demo' | 'host' | 'production' | 'conveniences'>): string => {
  const on = config.conveniences;
  const names = [on.demoData && 'demo data', on.outbox && 'outbox', on.clock && 'clock', on.sandboxSignIn && 'sandbox sign-in'].filter(Boolean);
  if (!names.length) {
    const why = config.production
      ? 'NODE_ENV=production'
      : config.demo === 'off'
        ? 'DEMO=off'
        : `DEMO=auto and HOST ${config.host} is not loopback; DEMO=on turns them on`;
    return `Conveniences: none (${why})`;
  }
  const why = config.demo === 'on' ? 'DEMO=on' : `DEMO=auto, listening on loopback ${config.host}`;
  return `Conveniences: ${names.join(', ')} (${why}); the outbox and the clock answer this machine or a signed-in super admin only`;
};

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly production: boolean;
  /** DEMO, as set (default 'auto'). */
  readonly demo: DemoSetting;
  /** The development conveniences this server has (conveniencesFor). */
  readonly conveniences: Conveniences;
  /** Where the embedded database (PGlite) and other local state live. */
  readonly dataDir: string;
  /** PostgreSQL connection string; the embedded PGlite is used when absent. */
  readonly databaseUrl: string | undefined;
  /** HMAC secret for signed tokens. */
  readonly tokenSecret: Uint8Array;
  /** The address people open; used in emailed links. */
  readonly publicUrl: string;
  readonly apiVersion: string;
  readonly stripeSecretKey: string | undefined;
  readonly stripePublishableKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (whsec_…); webhooks are refused without it. */
  readonly stripeWebhookSecret: string | undefined;
  readonly redisUrl: string | undefined;
  /** Directory of the built SPA (served at /). */
  readonly clientDir: string;
  /** Seed the demo marketplace on first start: the demo-data convenience, unless SEED_DEMO=false. */
  readonly seedDemo: boolean;
  /**
   * Which peers may name the client address in X-Forwarded-For (Fastify's `trustProxy`): the per-address
   * limits key on that address, so trusting every peer would let anyone pick a fresh one per request.
   * TRUST_PROXY: unset → 'loopback' (a reverse proxy on this machine); 'true' → every peer; otherwise a
   * comma-separated list of addresses or CIDR ranges.
   */
  readonly trustProxy: boolean | string;
  /** Where uploaded files are stored (MEDIA_DIR; default `<DATA_DIR>/media`). */
  readonly mediaDir: string;
  /** How often the billing engine runs, in milliseconds (BILLING_INTERVAL_SECONDS, default 60; 0: never on a timer). */
  readonly billingIntervalMs: number;
  /** An organization's maximum vendor count when it has none of its own (MAX_VENDORS_PER_ORGANIZATION, default 25). */
  readonly maxVendorsPerOrganization: number;
  /**
   * How many day answers (the vendor's day, the organization's day) a server process remembers while the change
   * feed is live (DAY_VIEW_CACHE_SIZE, default 1,000; 0: none, every day view reads the database).
   */
  readonly dayViewCacheSize: number;
  /**
   * S3-compatible storage for uploaded files instead of MEDIA_DIR, when S3_BUCKET is set: S3_ENDPOINT (default
   * AWS's for the region), S3_REGION (default us-east-1), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the
   * AWS_… names).
   */
  readonly s3?: { readonly bucket: string; readonly endpoint: string; readonly region: string; readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
}

const s3From = (env: Env): ServerConfig['s3'] => {
  const bucket = env.S3_BUCKET;
  if (!bucket) return undefined;
  const region = env.S3_REGION || env.AWS_REGION || 'us-east-1';
  const accessKeyId = env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too');
  return { bucket, region, endpoint: env.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`, accessKeyId, secretAccessKey };
};

const trustProxyFrom = (value: string | undefined): boolean | string => {
  if (!value) return 'loopback';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
};

type Env = Readonly<Record<string, string | undefined>>;

const secretFrom = (env: Env, dataDir: string, production: boolean): Uint8Array => {
  if (env.TOKEN_SECRET) return new TextEncoder().encode(env.TOKEN_SECRET);
  if (production) throw new Error('TOKEN_SECRET must be set when NODE_ENV=production.');
  // Development: a random secret kept beside the data, so tokens survive a restart.
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'token-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
};

export const loadConfig = (env: Env = process.env): ServerConfig => {
  const production = env.NODE_ENV === 'production';
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const host = env.HOST || DEFAULT_HOST;
  const demo = demoSettingFrom(env.DEMO);
  const conveniences = conveniencesFor(demo, host, production);
  return {
    port,
    host,
    production,
    demo,
    conveniences,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    tokenSecret: secretFrom(env, dataDir, production),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    apiVersion: API_VERSION,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    redisUrl: env.REDIS_URL || undefined,
    clientDir: resolve(env.CLIENT_DIR ?? 'dist/client'),
    seedDemo: conveniences.demoData && env.SEED_DEMO !== 'false',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    mediaDir: resolve(env.MEDIA_DIR ?? join(dataDir, 'media')),
    billingIntervalMs: secondsFrom(env.BILLING_INTERVAL_SECONDS, 60) * 1000,
    maxVendorsPerOrganization: countFrom(env.MAX_VENDORS_PER_ORGANIZATION, DEFAULT_MAX_VENDORS, 'MAX_VENDORS_PER_ORGANIZATION'),
    dayViewCacheSize: countFrom(env.DAY_VIEW_CACHE_SIZE, DEFAULT_DAY_VIEW_CACHE_SIZE, 'DAY_VIEW_CACHE_SIZE'),
    s3: s3From(env),
  };
};

const secondsFrom = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`BILLING_INTERVAL_SECONDS must be a number of seconds, got ${value}`);
  return n;
};

const countFrom = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
};

/** A configuration for tests: fixed secret, no seeding side effects outside the harness. */
export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  production: false,
  demo: 'auto',
  dataDir: resolve('.data-test'),
  databaseUrl: undefined,
  tokenSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
  publicUrl: 'http://localhost:8080',
  apiVersion: API_VERSION,
  stripeSecretKey: undefined,
  stripePublishableKey: undefined,
  stripeWebhookSecret: undefined,
  redisUrl: undefined,
  clientDir: resolve('dist/client'),
  seedDemo: false,
  trustProxy: 'loopback',
  mediaDir: resolve('.data-test/media'),
  billingIntervalMs: 0,
  maxVendorsPerOrganization: DEFAULT_MAX_VENDORS,
  dayViewCacheSize: DEFAULT_DAY_VIEW_CACHE_SIZE,
  ...overrides,
  // A production test server has none of the conveniences, whatever else it overrides.
  conveniences: overrides.conveniences ?? (overrides.production ? NO_CONVENIENCES : EVERY_CONVENIENCE),
});
