/** Sign-in and sign-up with a social identity provider, and connecting or disconnecting one. */
import { and, count, eq } from 'drizzle-orm';
import type { components } from '../../../src/adapters/http/openapi.gen';
import { MESSAGES } from '../../../src/core/rules/messages';
import { newId } from '../../db/ids';
import { appPasswords, socialIdentities } from '../../db/schema';
import type { HttpError} from '../../errors';
import { badRequest, conflict, notFound, unauthorized } from '../../errors';
import type { SocialIdentity } from '../social';
import { normalizeEmail } from '../users';
import { assertMaySignIn } from './account-status';
import type { AuthService } from './api';
import type { Registration } from './registration';
import type { Sessions } from './sessions';
import { type AuthDeps, createTokenChecks, isUniqueViolation } from './support';
import { AUTH_TEXTS } from './texts';

type Schemas = components['schemas'];
type SocialRegisterRequest = Schemas['SocialRegisterRequest'];

/** Staff: the sandbox provider never signs them in. */
const isStaff = (role: string) => role === 'super' || role === 'admin';

export const createSocialSignIn = (
  deps: AuthDeps,
  { startSession, signInOutcome }: Pick<Sessions, 'startSession' | 'signInOutcome'>,
  { createUser, assertEmailFree }: Pick<Registration, 'createUser' | 'assertEmailFree'>,
): Pick<AuthService, 'altLogin' | 'altRegister' | 'altRegisterQuick' | 'connectSocial' | 'disconnectSocial'> => {
  const { db, clock, users: userService, social } = deps;
  const now = () => clock.now();
  const { userOf } = createTokenChecks(deps);

  const verifySocial = async (provider: string, credential: string, refused: HttpError): Promise<SocialIdentity> => {
    const identity = await social.verify(credential, provider);
    if (!identity) throw refused;
    return identity;
  };

  const socialRegistration = async (body: SocialRegisterRequest) => {
    const identity = await verifySocial(body.provider, body.credential, unauthorized(MESSAGES.signup_error, 'social_token_invalid'));
    if (!identity.emailVerified) throw badRequest(AUTH_TEXTS.socialEmailUnverified, 'social_email_unverified');
    const [linked] = await db
      .select({ id: socialIdentities.id })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, body.provider), eq(socialIdentities.subject, identity.subject)));
    if (linked) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
    const email = normalizeEmail(identity.email);
    await assertEmailFree(email);
    const user = await createUser({
      email,
      firstName: body.first_name?.trim() || identity.firstName || email.split('@')[0]!,
      lastName: body.last_name?.trim() || identity.lastName,
      phone: null,
      passwordHash: null,
      confirmationMethod: 'email',
      registerVersion: body.version ?? null,
      type: body.type ?? 'customer',
      referredBy: body.referred_by ?? null,
      address: null,
      identity: { provider: body.provider, identity },
    });
    return startSession(user);
  };

  const connections = async (userId: string): Promise<Schemas['SocialConnectionsResponse']['connections']> =>
    (await db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId))).map((row) => ({
      provider: row.provider as Schemas['SocialProvider'],
      email: row.email,
      connectedAt: row.createdAt.toISOString(),
    }));

  return {
    async altLogin({ provider, credential }) {
      const identity = await verifySocial(provider, credential, unauthorized(MESSAGES.login_error, 'login_error'));
      const [linked] = await db
        .select({ userId: socialIdentities.userId })
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, identity.subject)));
      let user = linked ? await userService.byId(linked.userId) : undefined;
      if (identity.sandbox) {
        // The sandbox provider is a test identity provider (issue 21): it signs in only users it signed up itself —
        // never one found by e-mail, never one with a password or a staff role (even one who linked it).
        if (user && (user.passwordHash !== null || isStaff(user.role))) user = undefined;
      } else if (!user && identity.emailVerified) {
        user = await userService.byEmail(identity.email);
        if (user) {
          // A user who may not sign in (deactivated, unclaimed) is refused before anything is linked.
          assertMaySignIn(user);
          await db
            .insert(socialIdentities)
            .values({ id: newId(), userId: user.id, provider, subject: identity.subject, email: normalizeEmail(identity.email), createdAt: now() })
            .onConflictDoNothing();
        }
      }
      if (!user) throw notFound(AUTH_TEXTS.socialNotFound, 'social_account_not_found');
      return signInOutcome(user, 'social');
    },

    async altRegister(body) {
      const session = await socialRegistration(body);
      return { id_token: session.token, message: AUTH_TEXTS.loggedIn, userData: session.user };
    },

    async altRegisterQuick(body) {
      const session = await socialRegistration(body);
      return { token: session.token, message: AUTH_TEXTS.loggedIn, role: session.role, user: session.user };
    },

    async connectSocial(auth, { provider, credential }) {
      const identity = await verifySocial(provider, credential, badRequest(AUTH_TEXTS.socialRejected, 'social_token_invalid'));
      const [existing] = await db
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, identity.subject)));
      if (existing && existing.userId !== auth.userId) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
      if (!existing) {
        try {
          await db.insert(socialIdentities).values({
            id: newId(),
            userId: auth.userId,
            provider,
            subject: identity.subject,
            email: normalizeEmail(identity.email),
            createdAt: now(),
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw conflict(AUTH_TEXTS.socialTaken, 'social_already_connected');
          throw error;
        }
      }
      return { message: AUTH_TEXTS.socialConnected, connections: await connections(auth.userId) };
    },

    async disconnectSocial(auth, { provider }) {
      const mine = await db.select().from(socialIdentities).where(eq(socialIdentities.userId, auth.userId));
      const target = mine.filter((row) => row.provider === provider);
      if (!target.length) throw notFound(`No ${provider} sign-in is connected.`, 'not_found');
      const user = await userOf(auth.userId);
      const [apps] = await db.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, auth.userId));
      const othersLeft = mine.length - target.length + (apps?.n ?? 0) + (user.passwordHash ? 1 : 0);
      if (othersLeft === 0) throw conflict(AUTH_TEXTS.lastSignInMethod, 'last_sign_in_method');
      await db.delete(socialIdentities).where(and(eq(socialIdentities.userId, auth.userId), eq(socialIdentities.provider, provider)));
      return { message: AUTH_TEXTS.socialDisconnected, connections: await connections(auth.userId) };
    },
  };
};
