/** What every part of the authentication service shares: its dependencies and the checks of e-mailed tokens. */
import { MESSAGES } from '../../../src/core/rules/messages';
import type { TokenCheck, TokenKind, TokenService } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import type { HttpError} from '../../errors';
import { unauthorized } from '../../errors';
import type { OutboxService } from '../outbox';
import type { RateLimiter } from '../rate-limit';
import type { SocialIdentityProvider } from '../social';
import type { TransitionService } from '../transitions';
import type { UserService } from '../users';
import type { LiveHub } from '../../adapters/live';

export interface AuthDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly config: ServerConfig;
  readonly tokens: TokenService;
  readonly outbox: OutboxService;
  readonly rateLimit: RateLimiter;
  readonly users: UserService;
  readonly social: SocialIdentityProvider;
  readonly transitions: TransitionService;
  /** The live connections, dropped when their session ends (logout, a password change or reset). */
  readonly live?: Pick<LiveHub, 'endSessions' | 'endSession'>;
}

export const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Why a reset, confirm, claim or temporary token was refused, as the client sees it. */
export const tokenRefused = (failure: Exclude<TokenCheck, { ok: true }>): HttpError =>
  failure.reason === 'expired'
    ? unauthorized(MESSAGES.token_expired, 'token_expired')
    : unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');

/** Reset, confirm, claim and temporary tokens: checked (still usable) or consumed (used once), and the user they name. */
export const createTokenChecks = ({ tokens, users: userService }: Pick<AuthDeps, 'tokens' | 'users'>) => {
  const userOf = async (userId: string) => {
    const user = await userService.byId(userId);
    if (!user) throw unauthorized(MESSAGES.login_token_invalid, 'login_token_invalid');
    return user;
  };

  const checked = async (kind: TokenKind, token: string) => {
    const result = await tokens.check(kind, token);
    if (!result.ok) throw tokenRefused(result);
    return result.claims;
  };
  const consumed = async (kind: Exclude<TokenKind, 'session'>, token: string) => {
    const result = await tokens.consume(kind, token);
    if (!result.ok) throw tokenRefused(result);
    return result.claims;
  };

  return { userOf, checked, consumed };
};
