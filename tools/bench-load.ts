/**
 * Issue 12's load and fault run: simulated people against two server processes on one PostgreSQL, sharing live
 * updates through the socket.io Redis adapter. Customers register, add an address and a card, browse, book a
 * subscription, reschedule a visit and open tickets; vendors complete their visits. Afterwards every acknowledged
 * write is looked up in the database: none may be missing and none may be there twice.
 *
 *   npm run bench -- load [--users 200] [--minutes 10] [--restart-postgres]
 *
 * With --restart-postgres, PostgreSQL is restarted (`pg_ctl restart -m fast`) half-way through: the servers must
 * recover on their own (same processes), answers after the restart must be clean again, and no acknowledged write
 * may be lost. PostgreSQL and Redis come from Debian's packages, installed when missing (as root).
 *
 * Nothing here is a test: `npm test` never times anything.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_PASSWORD, demoId } from '../server/db/seed';
import { BENCH_TARGETS } from './budgets';
import { sleep, startPostgres, startRedis, startServer, type RunningServer } from './bench-infra';

export interface LoadRow {
  readonly figure: string;
  readonly target: string;
  readonly measured: string;
  readonly pass: boolean | undefined;
}

export interface LoadOptions {
  readonly users: number;
  readonly minutes: number;
  readonly restartPostgres: boolean;
}

const MOWING = demoId('service:mowing');
const VENDORS = ['vendor@tendwell.test', 'vendor2@tendwell.test'] as const;
const ZIP = '78704';
const DAY_MS = 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;

interface Sample {
  readonly op: string;
  readonly at: number;
  readonly ms: number;
  readonly status: number; // 0: no answer (connection refused, reset, timeout)
}

/** What the simulated people saw, and what they were told was written. */
class Ledger {
  readonly samples: Sample[] = [];
  /** Acknowledged writes, by kind: the id the server answered with (and, for a reschedule, the start it accepted). */
  readonly tickets = new Map<string, string>(); // ticket id → account id
  readonly subscriptions = new Map<string, string>(); // subscription id → account id
  readonly reschedules = new Map<string, string>(); // appointment id → the last accepted start
  readonly completions = new Set<string>();
  readonly confirmations = new Set<string>();
  /** Writes whose outcome nobody knows (no answer, or a 5xx): they may or may not be in the database. */
  readonly unknown = { tickets: new Map<string, number>(), reschedules: new Set<string>(), completions: new Set<string>() };
  readonly refusals = new Map<string, number>();
  liveSeen = new Set<string>();
  stopAt = 0;
}

const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** One person's HTTP client: its own address (X-Forwarded-For, trusted from loopback), its own token. */
class Client {
  token = '';
  constructor(
    readonly base: string,
    readonly ip: string,
    readonly ledger: Ledger,
  ) {}

  async call(op: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
    const started = performance.now();
    let status = 0;
    let json: Json = {};
    try {
      const res = await fetch(`${this.base}/api${path}`, {
        method,
        headers: {
          'x-forwarded-for': this.ip,
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      status = res.status;
      const text = await res.text();
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      status = 0;
    }
    this.ledger.samples.push({ op, at: Date.now(), ms: performance.now() - started, status });
    if (process.env.LOAD_DEBUG && (status === 0 || status >= 300)) console.log(`    ${op} ${method} ${path} → ${status} ${JSON.stringify(json).slice(0, 160)}`);
    return { status, body: json };
  }
}

const think = (ledger: Ledger, min = 1500, max = 5000) => sleep(Math.min(min + Math.random() * (max - min), Math.max(0, ledger.stopAt - Date.now())));
const running = (ledger: Ledger) => Date.now() < ledger.stopAt;
const refused = (ledger: Ledger, op: string) => ledger.refusals.set(op, (ledger.refusals.get(op) ?? 0) + 1);
const isUnknown = (status: number) => status === 0 || status >= 500;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A customer: registers, adds an address and a card, books, then browses, reschedules and opens tickets. */
const customer = async (i: number, base: string, ledger: Ledger, tag: string) => {
  const c = new Client(base, ipOf(i + 1), ledger);
  await sleep(Math.random() * 20_000); // people arrive over the first 20 seconds
  const email = `load-${tag}-${i}@example.com`;
  const reg = await c.call('register', 'POST', '/auth/register', {
    first_name: 'Load',
    last_name: `Customer ${i}`,
    email,
    password: 'load-test-pass-1',
    type: 'customer',
    account_confirmation_method: 'email',
    platform: 'web',
  });
  if (reg.status !== 200 && reg.status !== 201) return;
  c.token = String(reg.body.token ?? '');
  const me = await c.call('user', 'GET', '/user');
  const accounts = ((me.body.user as Json | undefined)?.accounts ?? me.body.accounts ?? []) as Json[];
  const accountId = String(accounts.find((a) => a.type === 'customer')?.id ?? '');
  if (!accountId) return;
  await think(ledger);
  const address = await c.call('address', 'PUT', `/account/update-address/${accountId}`, {
    account_type: 'customer',
    address: { street_number: String(100 + i), street: 'Load Lane', city: 'Austin', state: 'TX', postal_code: ZIP, address_meta: { home_size: 'medium' } },
    is_default: true,
  });
  const addressId = String((((address.body.address ?? []) as Json[]).at(-1) ?? {})._id ?? '');
  await c.call('card', 'POST', `/customer/${accountId}/billing/update`, { stripe_src: 'pm_card_visa', customer_id: accountId, make_default: true });
  await think(ledger);

  let booked: string | undefined;
  const visits: string[] = [];
  // Book on a day 10-30 days out (far enough to reschedule: a change needs more than 7 days).
  for (let attempt = 0; attempt < 6 && !booked && running(ledger) && addressId; attempt++) {
    const day = dayText(Date.now() + (10 + ((i * 3 + attempt) % 20)) * DAY_MS);
    const free = await c.call('availability', 'GET', `/appointments/availablity/day?requested_day=${day}&zip_code=${ZIP}&service_id=${MOWING}`);
    const slots = (free.body.slots ?? []) as Json[];
    const slot = slots[Math.floor(Math.random() * slots.length)];
    if (!slot) continue;
    const key = randomUUID();
    const order = { service_id: MOWING, plan_id: 'mowing-medium-biweek', frequency: 'biweek', home_size: 'medium', address_id: addressId, start_time: slot.start_time, ...(slot.vendor_id ? { vendor_id: slot.vendor_id } : {}) };
    // A payment retried with its key moves money once: retry while the answer is unknown.
    for (let retry = 0; retry < 5; retry++) {
      const res = await c.call('book', 'POST', '/subscriptions/new', order, { 'idempotency-key': key });
      if (res.status === 201) {
        booked = String((res.body.subscription as Json)._id);
        ledger.subscriptions.set(booked, accountId);
        for (const a of (res.body.appointments ?? []) as Json[]) visits.push(String(a._id));
        break;
      }
      if (!isUnknown(res.status)) {
        refused(ledger, `book ${res.status}`);
        break;
      }
      await sleep(1000);
    }
    await think(ledger);
  }
  if (booked && !visits.length) {
    const list = await c.call('appointments', 'GET', `/appointments?from=${encodeURIComponent(new Date().toISOString())}`);
    for (const a of (list.body.items ?? list.body.appointments ?? []) as Json[]) visits.push(String(a._id));
  }

  let tickets = 0;
  while (running(ledger)) {
    const move = Math.random();
    if (move < 0.45) {
      await c.call('user', 'GET', '/user');
      await c.call('services', 'GET', '/services');
    } else if (move < 0.7) {
      await c.call('appointments', 'GET', '/appointments');
      const visit = visits[Math.floor(Math.random() * visits.length)];
      if (visit) await c.call('appointment', 'GET', `/appointments/${visit}`);
    } else if (move < 0.85 && booked) {
      // Move a confirmed visit more than 7 days out to the next day (a change needs more than 7 days, bookings §4).
      const mine = await c.call('appointments', 'GET', `/appointments?status=active&from=${encodeURIComponent(new Date(Date.now() + 8 * DAY_MS).toISOString())}&pageSize=5`);
      const visit = ((mine.body.items ?? []) as Json[])[0];
      const start = Date.parse(String(visit?.start_time ?? ''));
      if (visit && Number.isFinite(start)) {
        const id = String(visit._id);
        const free = await c.call('availability', 'GET', `/appointments/availablity/day?requested_day=${dayText(start + DAY_MS)}&service_id=${MOWING}&exclude_id=${id}`);
        const slots = (free.body.slots ?? []) as Json[];
        const slot = slots[Math.floor(Math.random() * slots.length)];
        if (slot) {
          const res = await c.call('reschedule', 'PUT', `/appointments/update/${id}`, { start_time: slot.start_time });
          if (res.status === 200) ledger.reschedules.set(id, String(slot.start_time));
          else if (isUnknown(res.status)) ledger.unknown.reschedules.add(id);
          else refused(ledger, `reschedule ${res.status}`);
        }
      }
    } else if (tickets < 5) {
      tickets++;
      const res = await c.call('ticket', 'POST', '/tickets', { subject: `Load test question ${tickets}`, comment: 'Is the crew coming before noon?', type: 'general', priority: 'low' });
      const id = String(res.body._id ?? (res.body.ticket as Json | undefined)?._id ?? '');
      if ((res.status === 200 || res.status === 201) && id) ledger.tickets.set(id, accountId);
      else if (isUnknown(res.status)) ledger.unknown.tickets.set(accountId, (ledger.unknown.tickets.get(accountId) ?? 0) + 1);
      else refused(ledger, `ticket ${res.status}`);
    }
    await think(ledger);
  }
};

const signIn = async (c: Client, email: string) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await c.call('login', 'POST', '/auth/login', { username: email, password: DEMO_PASSWORD, platform: 'web' });
    if (res.status === 200 && res.body.token) {
      c.token = String(res.body.token);
      return true;
    }
    await sleep(1000);
  }
  return false;
};

/** A vendor crew member: completes its share of the day's visits, one after another, looking at the day between. */
const vendor = async (i: number, base: string, ledger: Ledger, visits: readonly string[]) => {
  const c = new Client(base, ipOf(60_000 + i), ledger);
  await sleep(Math.random() * 10_000);
  if (!(await signIn(c, VENDORS[i % VENDORS.length]!))) return;
  let next = 0;
  while (running(ledger)) {
    if (Math.random() < 0.5) await c.call('today', 'GET', '/appointments/today');

    const visit = visits[next];
    if (visit) {
      const res = await c.call('complete', 'POST', '/appointments/complete', { appointment_id: visit, note: 'Mowed and edged.' });
      if (res.status === 200) {
        ledger.completions.add(visit);
        next++;
      } else if (isUnknown(res.status)) {
        ledger.unknown.completions.add(visit);
        next++;
      } else {
        refused(ledger, `complete ${res.status}`);
        next++;
      }
    }
    await think(ledger, 3000, 8000);
  }
};

/** The organization's dispatcher: confirms new customers' visits (pending becomes active), and looks at the day. */
const dispatcher = async (i: number, base: string, ledger: Ledger) => {
  const c = new Client(base, ipOf(61_000 + i), ledger);
  if (!(await signIn(c, 'organization@tendwell.test'))) return;
  while (running(ledger)) {
    const pending = await c.call('pending', 'GET', '/appointments?status=pending&pageSize=10');
    const waiting = (pending.body.items ?? []) as Json[];
    if (waiting.length) {
      // Confirms the waiting visits one after another, as a dispatcher works down the list.
      for (const visit of waiting) {
        const id = String(visit._id);
        const res = await c.call('confirm', 'PUT', `/appointments/enable/${id}`, {});
        if (res.status === 200) ledger.confirmations.add(id);
        else if (!isUnknown(res.status)) refused(ledger, `confirm ${res.status}`);
        await think(ledger, 200, 800);
      }
    } else await c.call('day', 'GET', `/sort/appointments?date=${dayText(Date.now())}`);
    await think(ledger, 2000, 6000);
  }
};

/** Copies of vendor@'s seeded visits (customer@'s) for the crews to complete: in the coming days, open. */
const fillVisits = async (client: pg.Client, crews: number, perCrew: number): Promise<string[][]> => {
  const vendorIds = await Promise.all(VENDORS.map(async (email) => (await client.query<{ id: string }>('select id from accounts where primary_email = $1 and type = $2', [email, 'vendor'])).rows[0]?.id));
  const template = (await client.query<Json>('select * from appointments where vendor_account_id = $1 order by start_time limit 1', [vendorIds[0]])).rows[0];
  if (!template || vendorIds.some((id) => !id)) throw new Error('the demo vendors or their visits are missing: was the demo seeded?');
  const columns = Object.keys(template);
  const crewsVisits: string[][] = [];
  const soon = Date.now() + 2 * 60 * 60 * 1000;
  // A visit may be completed when it starts within 7 days (src/core/rules/appointments.ts, startWithinWindow): every
  // copy starts within the next 6 days, so a refused completion means a real refusal, not a visit out of reach.
  const stepMs = Math.min(7 * 60 * 1000, Math.floor((6 * DAY_MS) / Math.max(1, crews * perCrew)));
  for (let crew = 0; crew < crews; crew++) {
    const ids: string[] = [];
    for (let k = 0; k < perCrew; k++) {
      const id = randomBytes(12).toString('hex');
      const row: Json = {
        ...template,
        id,
        vendor_account_id: vendorIds[crew % vendorIds.length],
        status: 'active',
        start_time: new Date(soon + (crew * perCrew + k) * stepMs),
        occurrence: null,
        completed_at: null,
        note: null,
        created_at: new Date(),
        updated_at: new Date(),
      };
      await client.query(`insert into appointments (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((_, n) => `$${n + 1}`).join(', ')})`, columns.map((c) => row[c]));
      ids.push(id);
    }
    crewsVisits.push(ids);
  }
  return crewsVisits;
};

/** Watches customer@'s live updates on one process while the crews work on the other: they cross through Redis. */
const watchLive = (base: string, token: string, ledger: Ledger): Promise<Socket> =>
  new Promise((ready, fail) => {
    const socket = connect(base, { path: '/socket', auth: { token }, transports: ['websocket'], reconnection: true });
    socket.on('resource:update', (payload: Json) => {
      if (payload?.resourceId) ledger.liveSeen.add(String(payload.resourceId));
    });
    socket.once('session:ready', () => ready(socket));
    socket.once('connect_error', (error) => fail(error));
  });

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** Every acknowledged write, looked up: missing ones are lost, extra ones duplicated. */
const verify = async (client: pg.Client, ledger: Ledger) => {
  const found = { lost: 0, duplicated: 0, problems: [] as string[] };
  const lost = (problem: string) => {
    found.lost++;
    found.problems.push(problem);
  };
  const duplicated = (extra: number, problem: string) => {
    found.duplicated += extra;
    found.problems.push(problem);
  };
  const rowsOf = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => (await client.query<R>(text, values)).rows;

  const ticketIds = [...ledger.tickets.keys()];
  const tickets = new Set((await rowsOf<{ id: string }>('select id from tickets where id = any($1)', [ticketIds])).map((r) => r.id));
  for (const id of ticketIds) if (!tickets.has(id)) lost(`ticket ${id} missing`);
  const asked = new Map<string, number>();
  for (const account of ledger.tickets.values()) asked.set(account, (asked.get(account) ?? 0) + 1);
  for (const row of await rowsOf<{ account_id: string; n: string }>("select account_id, count(*) n from tickets where subject like 'Load test question %' group by account_id", [])) {
    const allowed = (asked.get(row.account_id) ?? 0) + (ledger.unknown.tickets.get(row.account_id) ?? 0);
    if (Number(row.n) > allowed) duplicated(Number(row.n) - allowed, `account ${row.account_id}: ${row.n} tickets, ${allowed} asked`);
  }

  const subscriptions = new Set((await rowsOf<{ id: string }>('select id from subscriptions where id = any($1)', [[...ledger.subscriptions.keys()]])).map((r) => r.id));
  for (const id of ledger.subscriptions.keys()) if (!subscriptions.has(id)) lost(`subscription ${id} missing`);
  const bookers = [...new Set(ledger.subscriptions.values())];
  for (const row of await rowsOf<{ customer_account_id: string; n: string }>('select customer_account_id, count(*) n from subscriptions where customer_account_id = any($1) group by customer_account_id', [bookers])) {
    if (Number(row.n) > 1) duplicated(Number(row.n) - 1, `account ${row.customer_account_id}: ${row.n} subscriptions for one booking`);
  }

  const starts = new Map((await rowsOf<{ id: string; start_time: Date }>('select id, start_time from appointments where id = any($1)', [[...ledger.reschedules.keys()]])).map((r) => [r.id, r.start_time.getTime()]));
  for (const [id, start] of ledger.reschedules) {
    if (ledger.unknown.reschedules.has(id)) continue; // a later write of unknown outcome may have moved it again
    if (starts.get(id) !== Date.parse(start)) lost(`reschedule of ${id} to ${start} not kept`);
  }

  const done = new Map(
    (
      await rowsOf<{ id: string; status: string; earnings: string }>(
        "select a.id, a.status, (select count(*) from visit_ledger l where l.appointment_id = a.id and l.kind = 'vendor_earning') earnings from appointments a where a.id = any($1)",
        [[...ledger.completions]],
      )
    ).map((r) => [r.id, r]),
  );
  for (const id of ledger.completions) {
    const row = done.get(id);
    if (!row || row.status !== 'complete') lost(`completion of ${id} not kept (${row?.status ?? 'missing'})`);
    else if (Number(row.earnings) > 1) duplicated(Number(row.earnings) - 1, `visit ${id}: ${row.earnings} earnings`);
    else if (Number(row.earnings) < 1) lost(`visit ${id}: no earning`);
  }

  const confirmed = new Map((await rowsOf<{ id: string; status: string }>('select id, status from appointments where id = any($1)', [[...ledger.confirmations]])).map((r) => [r.id, r.status]));
  for (const id of ledger.confirmations) if ((confirmed.get(id) ?? 'pending') === 'pending') lost(`confirmation of ${id} not kept`);
  return found;
};

export const runLoad = async (options: LoadOptions): Promise<LoadRow[]> => {
  const rows: LoadRow[] = [];
  const label = options.restartPostgres ? 'load with a PostgreSQL restart' : 'load';
  const postgres = await startPostgres({ install: true });
  const redis = await startRedis({ install: true });
  if (!postgres || !redis) {
    rows.push({ figure: label, target: 'run', measured: `not run: ${!postgres ? 'PostgreSQL' : 'Redis'} could not be started`, pass: false });
    postgres?.stop();
    redis?.stop();
    return rows;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tendwell-bench-load-'));
  const servers: RunningServer[] = [];
  const sockets: Socket[] = [];
  /** A connection for one step: a restart of PostgreSQL must not find one open here. */
  const withDb = async <T>(step: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: postgres.url });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await step(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const stopAll = () => {
    for (const server of servers) {
      try {
        if (server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    postgres.stop();
    redis.stop();
  };
  process.once('SIGINT', () => (stopAll(), process.exit(130)));
  try {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts'], { env: { ...process.env, DATABASE_URL: postgres.url }, stdio: 'ignore' });
    if (seeded.status !== 0) throw new Error('seeding PostgreSQL failed');
    const crews = Math.max(2, Math.round(options.users / 10));
    const dispatchers = Math.max(1, Math.round(options.users / 50));
    const people = options.users - crews - dispatchers;
    const crewVisits = await withDb((db) => fillVisits(db, crews, Math.ceil((options.minutes * 60) / 3) + 5));
    const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, TOKEN_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dir };
    servers.push(await startServer(env), await startServer(env, { build: false }));
    const pids = servers.map((s) => s.child.pid);
    const ledger = new Ledger();
    const tag = Date.now().toString(36);
    const watcher = new Client(servers[0]!.base, '127.0.0.1', ledger);
    if (!(await signIn(watcher, 'customer@tendwell.test'))) throw new Error('customer@ could not sign in');
    sockets.push(await watchLive(servers[0]!.base, watcher.token, ledger));
    ledger.samples.length = 0;

    const started = Date.now();
    ledger.stopAt = started + options.minutes * 60_000;
    console.log(`  ${label}: ${people} customers, ${crews} crew members and ${dispatchers} dispatchers for ${options.minutes} min against 2 processes (${servers.map((s) => s.base).join(', ')})`);
    let restartWindow: [number, number] | undefined;
    const restart = options.restartPostgres
      ? (async () => {
          await sleep((options.minutes * 60_000) / 2);
          const from = Date.now();
          postgres.restart();
          restartWindow = [from, Date.now() + 10_000]; // answers within 10 s of the database's return count as the fault's
          console.log(`  PostgreSQL restarted (${Date.now() - from} ms)`);
        })()
      : Promise.resolve();
    const progress = setInterval(() => console.log(`  … ${Math.round((Date.now() - started) / 1000)} s, ${ledger.samples.length} answers`), 60_000);
    await Promise.all([
      ...Array.from({ length: people }, (_, i) => customer(i, servers[i % 2]!.base, ledger, tag)),
      // Crews work on the second process: customer@'s updates must reach the watcher on the first through Redis.
      ...Array.from({ length: crews }, (_, i) => vendor(i, servers[1]!.base, ledger, crewVisits[i]!)),
      ...Array.from({ length: dispatchers }, (_, i) => dispatcher(i, servers[i % 2]!.base, ledger)),
      restart,
    ]);
    clearInterval(progress);
    await sleep(2000); // the last live events

    const inWindow = (s: Sample) => restartWindow !== undefined && s.at >= restartWindow[0] && s.at <= restartWindow[1];
    const judged = ledger.samples.filter((s) => !inWindow(s));
    // A write may be refused with a message (a slot taken meanwhile: 409); a read never should be.
    const reads = new Set(['user', 'services', 'appointments', 'appointment', 'availability', 'today', 'pending', 'day']);
    const errors = judged.filter((s) => s.status === 0 || s.status >= 500 || s.status === 401 || s.status === 403 || s.status === 404 || (reads.has(s.op) && s.status >= 400));
    const p99 = percentile(judged.map((s) => s.ms), 99);
    const p50 = percentile(judged.map((s) => s.ms), 50);
    const { lost, duplicated, problems } = await withDb((db) => verify(db, ledger));
    const seconds = (Date.now() - started) / 1000;
    const writes = ledger.tickets.size + ledger.subscriptions.size + ledger.reschedules.size + ledger.completions.size + ledger.confirmations.size;
    const byOp = new Map<string, number>();
    for (const s of errors) byOp.set(`${s.op} ${s.status}`, (byOp.get(`${s.op} ${s.status}`) ?? 0) + 1);
    rows.push({
      figure: `${label}: errors (no answer, 5xx, 401/403/404, a refused read)${restartWindow ? ' outside the restart' : ''}`,
      target: '0',
      measured: `${errors.length} of ${judged.length} answers (${Math.round(ledger.samples.length / seconds)}/s)${byOp.size ? `: ${[...byOp].map(([k, n]) => `${k} ×${n}`).join(', ')}` : ''}`,
      pass: errors.length === 0,
    });
    rows.push({ figure: `${label}: latency${restartWindow ? ' outside the restart' : ''}`, target: `p99 < ${BENCH_TARGETS.loadP99Ms} ms`, measured: `p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms`, pass: p99 < BENCH_TARGETS.loadP99Ms });
    rows.push({
      figure: `${label}: acknowledged writes lost or duplicated`,
      target: '0',
      measured: `${lost} lost, ${duplicated} duplicated of ${writes} (${ledger.subscriptions.size} bookings, ${ledger.reschedules.size} reschedules, ${ledger.tickets.size} tickets, ${ledger.confirmations.size} confirmations, ${ledger.completions.size} completions)${problems.length ? `: ${problems.slice(0, 3).join('; ')}` : ''}`,
      pass: lost === 0 && duplicated === 0 && writes > 0,
    });
    const crossed = [...ledger.completions].filter((id) => ledger.liveSeen.has(id)).length;
    rows.push({
      figure: `${label}: live updates across processes (Redis adapter)`,
      target: 'every completion',
      measured: `${crossed} of ${ledger.completions.size} completions reached customer@ on the other process`,
      pass: ledger.completions.size > 0 && crossed === ledger.completions.size,
    });
    if (ledger.refusals.size) console.log(`  refusals (4xx with a message, not errors): ${[...ledger.refusals].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
    if (restartWindow) {
      const faults = ledger.samples.filter(inWindow).filter((s) => s.status === 0 || s.status >= 500).length;
      const alive = servers.every((s, n) => s.child.exitCode === null && s.child.pid === pids[n]);
      const answering = await Promise.all(servers.map(async (s) => (await fetch(`${s.base}/api/user`, { headers: { authorization: `Bearer ${watcher.token}` } })).status === 200));
      rows.push({
        figure: 'PostgreSQL restart: the servers recover without a restart',
        target: 'same processes, answering',
        measured: `${alive ? 'same processes' : 'a process exited'}, ${answering.filter(Boolean).length} of 2 answering; ${faults} answers failed during the restart`,
        pass: alive && answering.every(Boolean),
      });
    }
    return rows;
  } catch (error) {
    rows.push({ figure: label, target: 'run', measured: `failed: ${error instanceof Error ? error.message : String(error)}`, pass: false });
    return rows;
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    postgres.stop();
    redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Run on its own (what `npm run bench -- load` runs, one mode at a time): `tsx tools/bench-load.ts [--users N] [--minutes N] [--restart-postgres]`. */
if (process.argv[1]?.endsWith('bench-load.ts')) {
  const argv = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  runLoad({ users: option('users', 200), minutes: option('minutes', 10), restartPostgres: argv.includes('--restart-postgres') })
    .then((rows) => {
      for (const row of rows) console.log(`  ${row.figure}: ${row.measured} — target ${row.target} (${row.pass === undefined ? 'reported' : row.pass ? 'pass' : 'FAIL'})`);
      process.exit(rows.every((r) => r.pass !== false) ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
