/**
 * Who may use the development conveniences that read or change what others see (the outbox with its reset links
 * and codes, the clock): this machine, or a signed-in super admin (docs/decisions.md "Auth and access", issue 21).
 *
 * "This machine" is a request whose TCP peer AND client address (`request.ip`, after TRUST_PROXY) are both
 * loopback: a reverse proxy on this machine that names the real client in X-Forwarded-For does not make that client
 * local, and a peer trusted to name any address (TRUST_PROXY=true) cannot claim to be 127.0.0.1 either.
 */
import type { FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../config';
import { forbidden, unauthorized } from '../errors';
import type { AuthContext } from './context';
import type { TokenService } from './tokens';

export const DEV_TOOLS_REFUSED = 'The outbox and the clock answer this machine or a signed-in super admin only.';

/** True when the request comes from this machine (see the file comment). */
export const fromThisMachine = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.socket?.remoteAddress) && isLoopbackAddress(request.ip);

const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();

/**
 * Throws 401 (no valid sign-in) or 403 (signed in, not super) unless the request comes from this machine or from a
 * super admin. `auth` is the caller when the registry already resolved it; otherwise the bearer token is checked here.
 */
export const assertMayUseDevTools = async (request: FastifyRequest, tokens: Pick<TokenService, 'verifySession'>, auth?: AuthContext | null): Promise<void> => {
  if (fromThisMachine(request)) return;
  const caller = auth !== undefined ? auth : await (async () => {
    const token = bearerOf(request);
    return token ? tokens.verifySession(token) : null;
  })();
  if (!caller) throw unauthorized(DEV_TOOLS_REFUSED, 'unauthorized');
  if (caller.role !== 'super') throw forbidden(DEV_TOOLS_REFUSED, 'forbidden');
};
