/// <reference types="vite/client" />

/** The client version, defined by vite.config.ts (and vitest.config.ts) from package.json. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** The support phone line shown in the mobile 'Call Us:' banner; no banner when unset. */
  readonly VITE_SUPPORT_PHONE?: string;
  /** Stripe's publishable key (pk_test_…): the card forms use Stripe Elements; without it, the sandbox card form. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
}
