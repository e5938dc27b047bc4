import type { ServerConfig } from './config';

/** The WebSocket origin of an http(s) address: ws://host:port or wss://host:port. */
export const webSocketOrigin = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
};

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
    // The app's own WebSocket origin only (issue 21): 'self' covers it in CSP Level 3 browsers, and the address people
    // open (PUBLIC_URL) is named for the others — never any ws: or wss: host.
    `connect-src 'self' ${webSocketOrigin(config.publicUrl)}${config.stripePublishableKey ? ' https://api.stripe.com' : ''}`,
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
