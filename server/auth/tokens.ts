import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { alias } from 'drizzle-orm/pg-core';
import type { AccountType, Role } from '../../src/core/model/roles';
import { organizationApprovalStatusOf } from '../../src/core/rules/organization-approval';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { createRemembered } from '../db/remembered';
import { accounts, appPasswords, revokedTokens, users } from '../db/schema';
import type { AuthContext, SessionStart, SessionVia } from './context';

export type { SessionStart, SessionVia } from './context';

/**
 * Signed tokens (JWT, HS256, `config.tokenSecret`). Kinds and lifetimes:
 * - session   7 days   — the bearer token: sub = user id, acc = active account id, typ = its type
 * - reset     1 hour   — sets a new password (lost password, quick signup, claimed account); single-use
 * - temporary 15 min   — replaces a temporary password at sign-in
 * - confirm   24 hours — the emailed confirmation link; single-use
 * - claim     7 days   — the emailed claim link of an account created for someone; single-use
 * Every token carries `kind`, `jti` and `ver` (the user's token version: raising it voids the e-mailed tokens).
 *
 * A session token also names its session (issue 21): `sid` (one per sign-in, kept by refresh and account switches),
 * `ath` (when the person signed in, in milliseconds), `amr` (how: 'pwd', 'app' for an app password, 'social') and
 * `apw` (the app password's id). A session lasts at most SESSION_MAX_LIFETIME_MS from `ath` whatever the refreshes
 * (each token expires by then), ends at a password change or reset (the user's token version raised since its token
 * was signed, but for the session that changed it: users.kept_session_id), and a session of an app password ends
 * when the app password is revoked.
 */
export type TokenKind = 'session' | 'reset' | 'temporary' | 'confirm' | 'claim';

const MINUTE = 60_000;
export const TOKEN_LIFETIME_MS: Readonly<Record<TokenKind, number>> = {
  session: 7 * 24 * 60 * MINUTE,
  reset: 60 * MINUTE,
  temporary: 15 * MINUTE,
  confirm: 24 * 60 * MINUTE,
  claim: 7 * 24 * 60 * MINUTE,
};

/** The absolute lifetime of a session: 30 days after signing in, the person signs in again (docs/decisions.md). */
export const SESSION_MAX_LIFETIME_MS = 30 * 24 * 60 * MINUTE;


const ISSUER = 'tendwell';

export interface IssuedToken {
  readonly token: string;
  readonly jti: string;
  readonly expiresAt: Date;
}

export interface TokenClaims {
  readonly kind: TokenKind;
  readonly userId: string;
  readonly jti: string;
  readonly version: number;
  readonly expiresAt: Date;
  readonly accountId: string | null;
  readonly accountType: AccountType | null;
  /** Session tokens: the session (undefined for a token issued before sessions were named: refused). */
  readonly session?: SessionStart | undefined;
}

/** Why a token was refused: bad signature/shape/kind, past its expiry, or revoked/used/superseded. */
export type TokenFailure = 'invalid' | 'expired' | 'revoked';
export type TokenCheck = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly reason: TokenFailure };

export interface SessionSubject {
  readonly userId: string;
  readonly accountId: string | null;
  readonly accountType: AccountType | null;
}

/** A user row and its accounts (oldest first), as read with a session check. */
export interface SessionRecord {
  readonly user: typeof users.$inferSelect;
  readonly accounts: readonly (typeof accounts.$inferSelect)[];
}

export interface TokenService {
  /** A session token: a new session (`session` absent: signed in now, by `via`) or the next token of one. */
  issueSession(subject: SessionSubject, session?: SessionStart | { readonly via: SessionVia; readonly appPasswordId?: string }): Promise<IssuedToken>;
  issue(kind: Exclude<TokenKind, 'session'>, userId: string): Promise<IssuedToken>;
  /** Verifies signature, kind, expiry (by the injected clock), revocation and the user's token version. */
  check(kind: TokenKind, token: string): Promise<TokenCheck>;
  /** `check`, then revokes the token so it cannot be used again; a second use is 'revoked'. */
  consume(kind: Exclude<TokenKind, 'session'>, token: string): Promise<TokenCheck>;
  /**
   * The caller of a bearer token: null for forged, expired, wrong-kind or revoked tokens, ended sessions and inactive
   * users. With `{ sessionOnly: true }` a token revoked by a refresh still answers while its session lives (the live
   * connection opened with it, server/adapters/live.ts).
   */
  verifySession(token: string, options?: { readonly sessionOnly?: boolean }): Promise<AuthContext | null>;
  /** Ends a session, whichever of its tokens is used (logout). */
  endSession(session: SessionStart): Promise<void>;
  /**
   * The user and its accounts as `verifySession` read them for this caller, in the same round trip (GET /api/user
   * answers from them without a second query). Only for a context `verifySession` returned; kept out of the
   * context itself so the record (with its password hash) can never be serialised with it.
   */
  sessionRecord(auth: AuthContext): SessionRecord | undefined;
  /**
   * Forgets every remembered session record: something a session check reads (a user, an account, a revoked
   * token) changed. Called by the change feed (server/db/changes.ts) on every such change, whoever made it.
   */
  forgetSessions(): void;
  revoke(jti: string, expiresAt?: Date): Promise<void>;
  /** Deletes revocation rows whose tokens have expired anyway. */
  pruneRevoked(): Promise<number>;
}

const ACCOUNT_TYPES: readonly string[] = ['customer', 'vendor', 'organization', 'affiliate'];
const KINDS: readonly string[] = ['session', 'reset', 'temporary', 'confirm', 'claim'];

export const roleOf = (userRole: string, accountType: AccountType | null): Role =>
  userRole === 'super' ? 'super' : (accountType ?? 'none');

/**
 * How many verified tokens the signature cache keeps (the oldest go first). A token whose signature and claims
 * were checked once is not checked again (the HMAC is the largest part of a request's CPU, docs/performance.md);
 * its expiry is still checked against the clock on every use, and revocation, the user's token version and status
 * are checked on every request, on a reading remembered only while the change feed is live (`readSession`).
 */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

/** How many session records (a token's user, its accounts and whether the token was revoked) are remembered. */
export const SESSION_RECORD_CACHE_SIZE = 10_000;

export interface TokenServiceOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  /**
   * Whether every change of users, accounts and revoked tokens is known to reach `forgetSessions` right now (the
   * change feed is live). Only then is a session record remembered and answered from; default: never.
   */
  readonly sessionsKnown?: () => boolean;
}

/** A session check's reading: the user, its accounts (oldest first), whether this token was revoked and its session ended. */
interface SessionReading {
  readonly user: SessionRecord['user'];
  readonly accounts: SessionRecord['accounts'];
  readonly revoked: boolean;
  /** Logged out, or signed in with an app password since revoked. */
  readonly sessionEnded: boolean;
}

/** A logout ends the session: a row of revoked_tokens under this key (no token id looks like it). */
const sessionKeyOf = (sessionId: string) => `session:${sessionId}`;
const endedSessions = alias(revokedTokens, 'ended_sessions');

export const createTokenService = ({ db, clock, config, sessionsKnown = () => false }: TokenServiceOptions): TokenService => {
  // A KeyObject made once: jose would otherwise import the raw secret again for every token it checks.
  const secret = createSecretKey(config.tokenSecret);

  const tokenVersionOf = async (userId: string): Promise<number> => {
    const [row] = await db.select({ v: users.tokenVersion }).from(users).where(eq(users.id, userId));
    return row?.v ?? 0;
  };

  const sign = async (kind: TokenKind, userId: string, extra: Record<string, unknown> = {}, endsBy = Number.POSITIVE_INFINITY): Promise<IssuedToken> => {
    const now = clock.now().getTime();
    // Whole seconds, as the JWT says it: never past the session's absolute end.
    const expiresAt = new Date(Math.floor(Math.min(now + TOKEN_LIFETIME_MS[kind], endsBy) / 1000) * 1000);
    const jti = newId();
    const token = await new SignJWT({ kind, ver: await tokenVersionOf(userId), ...extra })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setJti(jti)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(secret);
    return { token, jti, expiresAt };
  };

  // Token text → its verified claims (a Map keeps insertion order: the first key is the oldest).
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };

  const decode = async (token: string): Promise<TokenCheck> => {
    const known = verified.get(token);
    if (known) {
      // Expired since it was verified: refused as jose would refuse it (exp is in whole seconds, checked at <=).
      if (known.expiresAt.getTime() <= clock.now().getTime()) {
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, claims: known };
    }
    const checked = await verify(token);
    if (checked.ok) remember(token, checked.claims);
    return checked;
  };

  const verify = async (token: string): Promise<TokenCheck> => {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, currentDate: clock.now() });
      const { kind, sub, jti, exp, ver, acc, typ, sid, ath, amr, apw } = payload as Record<string, unknown>;
      if (typeof kind !== 'string' || !KINDS.includes(kind)) return { ok: false, reason: 'invalid' };
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number' || typeof ver !== 'number') {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        claims: {
          kind: kind as TokenKind,
          userId: sub,
          jti,
          version: ver,
          expiresAt: new Date(exp * 1000),
          accountId: typeof acc === 'string' ? acc : null,
          accountType: typeof typ === 'string' && ACCOUNT_TYPES.includes(typ) ? (typ as AccountType) : null,
          session:
            typeof sid === 'string' && typeof ath === 'number' && (amr === 'pwd' || amr === 'app' || amr === 'social')
              ? { id: sid, startedAt: new Date(ath), via: amr, ...(typeof apw === 'string' ? { appPasswordId: apw } : {}) }
              : undefined,
        },
      };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { ok: false, reason: code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid' };
    }
  };

  // The per-request check as one prepared statement (built and planned once, not per request): the user with its
  // accounts (one row each, oldest first), and whether this token was revoked.
  const sessionRows = db
    .select({
      user: users,
      account: accounts,
      revoked: revokedTokens.jti,
      sessionEnded: endedSessions.jti,
      appPassword: { id: appPasswords.id, revokedAt: appPasswords.revokedAt },
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .leftJoin(revokedTokens, eq(revokedTokens.jti, sql.placeholder('jti')))
    .leftJoin(endedSessions, eq(endedSessions.jti, sql.placeholder('sessionKey')))
    .leftJoin(appPasswords, and(eq(appPasswords.id, sql.placeholder('apw')), eq(appPasswords.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .prepare('tendwell_session_check');
  const records = new WeakMap<AuthContext, SessionRecord>();

  // Session readings by token id (jti), remembered while the change feed is live and dropped on every change of
  // users, accounts or revoked tokens (forgetSessions); a reading that started before a drop is answered but not
  // remembered, since it may predate the change (server/db/remembered.ts).
  const readings = createRemembered<SessionReading>({ size: SESSION_RECORD_CACHE_SIZE, known: sessionsKnown });
  const readSession = (jti: string, userId: string, session: SessionStart): Promise<SessionReading | undefined> =>
    readings.read(
      jti,
      async () => {
        const rows = await sessionRows.execute({ jti, userId, apw: session.appPasswordId ?? '', sessionKey: sessionKeyOf(session.id) });
        const first = rows[0];
        if (!first) return undefined;
        const appPasswordLive = session.appPasswordId === undefined || (first.appPassword?.id === session.appPasswordId && first.appPassword.revokedAt === null);
        return {
          user: first.user,
          accounts: rows.flatMap((r) => (r.account ? [r.account] : [])),
          revoked: first.revoked !== null,
          sessionEnded: first.sessionEnded !== null || !appPasswordLive,
        };
      },
      (known) => known.user.id === userId,
    );

  const isRevoked = async (jti: string) =>
    (await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti))).length > 0;

  const check = async (kind: TokenKind, token: string): Promise<TokenCheck> => {
    const decoded = await decode(token);
    if (!decoded.ok) return decoded;
    if (decoded.claims.kind !== kind) return { ok: false, reason: 'invalid' };
    if (await isRevoked(decoded.claims.jti)) return { ok: false, reason: 'revoked' };
    if ((await tokenVersionOf(decoded.claims.userId)) !== decoded.claims.version) return { ok: false, reason: 'revoked' };
    return decoded;
  };

  const revoke = async (jti: string, expiresAt = new Date(clock.now().getTime() + TOKEN_LIFETIME_MS.session)) => {
    await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
  };

  return {
    issueSession: ({ userId, accountId, accountType }, session = { via: 'pwd' }) => {
      const started: SessionStart = 'id' in session ? session : { id: newId(), startedAt: clock.now(), via: session.via, appPasswordId: session.appPasswordId };
      const claims = {
        acc: accountId,
        typ: accountType,
        sid: started.id,
        ath: started.startedAt.getTime(),
        amr: started.via,
        ...(started.appPasswordId ? { apw: started.appPasswordId } : {}),
      };
      return sign('session', userId, claims, started.startedAt.getTime() + SESSION_MAX_LIFETIME_MS);
    },
    issue: (kind, userId) => sign(kind, userId),
    check,
    async consume(kind, token) {
      const checked = await check(kind, token);
      if (!checked.ok) return checked;
      // The insert is the lock: of two concurrent uses only one gets the row.
      const inserted = await db
        .insert(revokedTokens)
        .values({ jti: checked.claims.jti, expiresAt: checked.claims.expiresAt })
        .onConflictDoNothing()
        .returning({ jti: revokedTokens.jti });
      return inserted.length ? checked : { ok: false, reason: 'revoked' };
    },
    async endSession(session) {
      await revoke(sessionKeyOf(session.id), new Date(session.startedAt.getTime() + SESSION_MAX_LIFETIME_MS));
    },
    async verifySession(token, { sessionOnly = false } = {}) {
      const checked = await decode(token);
      if (!checked.ok || checked.claims.kind !== 'session') return null;
      const { userId, accountId, jti, session, expiresAt } = checked.claims;
      // A token of no named session (issued before sessions were named), or a session past its absolute lifetime.
      if (!session || session.startedAt.getTime() + SESSION_MAX_LIFETIME_MS <= clock.now().getTime()) return null;
      // One round trip (sessionRows), or none while the reading is remembered; every check below runs either way.
      const reading = await readSession(jti, userId, session);
      if (!reading || reading.user.status === 'inactive' || reading.sessionEnded || (reading.revoked && !sessionOnly)) return null;
      // Ended by a password change or reset (the token version was raised since), unless it is the session that
      // changed the password.
      if (reading.user.tokenVersion !== checked.claims.version && session.id !== reading.user.keptSessionId) return null;
      const owned = reading.accounts;
      // The account the token names must still be the user's.
      const named = accountId ? owned.find((a) => a.id === accountId) : undefined;
      if (accountId && !named) return null;
      const accountType: AccountType | null = named ? (named.type as AccountType) : null;
      const role = roleOf(reading.user.role, accountType);
      const awaitingApproval = role === 'organization' && named !== undefined && organizationApprovalStatusOf(named.meta) !== 'approved';
      const auth: AuthContext = {
        userId,
        accountId: accountType ? accountId : null,
        accountType,
        role,
        tokenId: jti,
        session,
        expiresAt,
        ...(awaitingApproval ? { awaitingApproval } : {}),
      };
      records.set(auth, { user: reading.user, accounts: owned });
      return auth;
    },
    sessionRecord: (auth) => records.get(auth),
    forgetSessions: () => readings.forget(),
    revoke,
    async pruneRevoked() {
      const deleted = await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, clock.now())).returning({ jti: revokedTokens.jti });
      return deleted.length;
    },
  };
};
