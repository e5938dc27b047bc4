/**
 * The sandbox provider's onboarding page (issue 11: "With the sandbox: a local onboarding page that behaves the same
 * way and returns"): what Stripe's hosted Connect onboarding is to a Stripe account. GET shows the account being
 * onboarded; 'Continue' (a form POST) marks its details submitted and sends the browser back to the return address
 * (the account's onboarding route with `code` and `state_key`); 'Cancel' goes back to the refresh address, without
 * them. Registered only when the sandbox is the provider; links are one-time and expire.
 */
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CONNECT_PATH, type SandboxOnboardingLink, type SandboxProvider } from '../adapters/payments/sandbox';
import { escapeHtml } from './dev-page';

const page = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox payouts</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 32rem; padding: 1.5rem 1rem; color: #1a1a1a; }
  .badge { display: inline-block; background: #fff3c4; color: #5c4400; border-radius: 4px; padding: 0 .5rem; font-size: .875rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; overflow-wrap: anywhere; }
  dt { font-weight: 600; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1.25rem; background: #1d5fd1; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
  a:focus, button:focus { outline: 3px solid #1d5fd1; outline-offset: 2px; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;

const onboardingPage = (linkId: string, link: SandboxOnboardingLink): string =>
  page(
    'Set up payouts',
    `<p class="badge">Sandbox: no real account is created</p>
<h1>Set up payouts for ${escapeHtml(link.name)}</h1>
<p>This page stands in for the payment provider's onboarding. Continue to confirm the account's details and return.</p>
<dl>
  <dt>Account</dt><dd>${escapeHtml(link.name)}</dd>
  <dt>Email</dt><dd>${escapeHtml(link.email)}</dd>
  <dt>Connected account</dt><dd>${escapeHtml(link.accountId)}</dd>
</dl>
<form method="post" action="${SANDBOX_CONNECT_PATH}/${escapeHtml(linkId)}">
  <div class="actions">
    <button type="submit">Continue</button>
    <a href="${escapeHtml(link.refreshUrl)}">Cancel</a>
  </div>
</form>`,
  );

const expiredPage = (): string =>
  page('Link expired', '<h1>This onboarding link has expired or was used</h1><p>Go back to Tendwell and start the payout account again.</p>');

export const registerSandboxConnect = (app: FastifyInstance, sandbox: SandboxProvider): void => {
  void app.register(async (scope) => {
    // the page's form posts urlencoded; it carries no fields
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    scope.get<{ Params: { linkId: string } }>(`${SANDBOX_CONNECT_PATH}/:linkId`, async (request, reply) => {
      const link = await sandbox.onboardingLinkOf(request.params.linkId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return link ? reply.send(onboardingPage(request.params.linkId, link)) : reply.code(404).send(expiredPage());
    });
    scope.post<{ Params: { linkId: string } }>(`${SANDBOX_CONNECT_PATH}/:linkId`, async (request, reply) => {
      const back = await sandbox.submitOnboarding(request.params.linkId);
      if (!back) return reply.code(404).type('text/html; charset=utf-8').send(expiredPage());
      return reply.redirect(back, 303);
    });
  });
};
