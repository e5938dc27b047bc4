import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessages } from './tools/compile-messages';
import { precompress } from './tools/precompress';

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 8080);

export default defineConfig({
  // compileMessages: the i18n catalogues become formatjs ASTs at build time, so no ICU parser ships.
  plugins: [compileMessages(), react(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.2.34'),
  },
  // The manifest tells tools/bundle-check.ts which chunks each page loads (tools/budgets.ts).
  build: { outDir: 'dist/client', sourcemap: true, emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev/outbox': `http://127.0.0.1:${apiPort}`,
      '/socket': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
