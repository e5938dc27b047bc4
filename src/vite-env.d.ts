/// <reference types="vite/client" />

/** The client version, defined by vite.config.ts (and vitest.config.ts) from package.json. */
declare const __APP_VERSION__: string;
