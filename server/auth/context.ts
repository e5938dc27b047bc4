import type { AccountType, Role } from '../../src/core/model/roles';

/** Who is calling, resolved from a valid bearer token. */
export interface AuthContext {
  readonly userId: string;
  /** The active account, or null for a user with no account (super, or before an account is chosen). */
  readonly accountId: string | null;
  readonly accountType: AccountType | null;
  /** 'super' when the user's role is super; otherwise the active account's type; 'none' without either. */
  readonly role: Role;
  /** The token's id (jti), used to revoke it at logout. */
  readonly tokenId: string;
  /** The session of the token (verifySession sets it): its id, sign-in time and how it was signed in. */
  readonly session?: SessionStart | undefined;
  /** When the token expires (the live connection drops then). */
  readonly expiresAt?: Date | undefined;
  /**
   * True when the active account is an organization that super has not approved (yet): until then it may only
   * finish onboarding and wait (accounts §1, §4; issue 21). The registry refuses its other organization calls.
   */
  readonly awaitingApproval?: boolean;
}

/** How a session was signed in. */
export type SessionVia = 'pwd' | 'app' | 'social';

/** The session a token belongs to: its id, when it was signed in, and how (server/auth/tokens.ts). */
export interface SessionStart {
  readonly id: string;
  readonly startedAt: Date;
  readonly via: SessionVia;
  /** The app password it was signed in with (`via` 'app'). */
  readonly appPasswordId?: string | undefined;
}
