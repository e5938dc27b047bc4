import type { ServerConfig } from './config';

/** Security headers for every response, including a Content-Security-Policy for the SPA. */
export const securityHeaders = (config: ServerConfig): Record<string, string> => {
  const stripe = config.stripePublishableKey ? ' https://js.stripe.com' : '';
  const stripeFrames = config.stripePublishableKey ? ' https://js.stripe.com https://hooks.stripe.com' : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${stripe}`,
    // React sets style attributes; CSS Modules are files, so no inline <style> from us beyond attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws: wss:${config.stripePublishableKey ? ' https://api.stripe.com' : ''}`,
    `frame-src 'self'${stripeFrames}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
    ...(config.production ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  };
};
