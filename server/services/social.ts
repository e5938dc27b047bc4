/**
 * The social-identity port: verifies an identity token issued by a sign-in provider (Google, Apple,
 * Facebook) and says who it names. Real providers plug in behind this interface; the embedded default
 * is a development provider.
 */
export interface SocialIdentity {
  /** The provider's stable id of the person. */
  readonly subject: string;
  readonly email: string;
  /** Whether the provider vouches for the email address (only then may it find or create a user). */
  readonly emailVerified: boolean;
  readonly firstName: string | null;
  readonly lastName: string | null;
  /**
   * A sandbox (test) identity, vouched for by nobody: it signs in or up only its own sandbox users, never an
   * existing user found by e-mail (server/services/auth/social-sign-in.ts).
   */
  readonly sandbox?: boolean;
}

export interface SocialIdentityProvider {
  /** The identity the token names, or null when it does not verify. */
  verify(idToken: string, provider: string): Promise<SocialIdentity | null>;
}

const EMAIL = /^[^\s@:]+@[^\s@:]+\.[^\s@:]+$/;

/**
 * The sandbox provider: accepts tokens of the form `dev:<email>:<name>` for any provider name, e.g.
 * `dev:pat@example.com:Pat Doe`, as a test identity provider would. Its identities are `sandbox`: they sign in only
 * users they signed up. Used only when the sandbox sign-in convenience is on (server/config.ts, `createServices`).
 */
export const devSocialProvider: SocialIdentityProvider = {
  async verify(idToken) {
    const match = /^dev:([^:]+):(.*)$/.exec(idToken.trim());
    if (!match) return null;
    const email = match[1]!.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) return null;
    const name = match[2]!.trim().slice(0, 200);
    const [first, ...rest] = name.split(/\s+/).filter(Boolean);
    return { subject: `dev|${email}`, email, emailVerified: true, firstName: first ?? null, lastName: rest.length ? rest.join(' ') : null, sandbox: true };
  },
};

/** Production default until a real provider is configured: nothing verifies. */
export const noSocialProvider: SocialIdentityProvider = {
  verify: async () => null,
};
