import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { bootChunks, bootInIndexHtml, withoutBootCss } from './tools/boot-chunks';
import { compileMessages } from './tools/compile-messages';
import { precompress } from './tools/precompress';
import { screenModulesFile } from './tools/screen-modules';

/**
 * The entry stylesheet (tokens, base styles and the shell's, about 4 KB compressed) is inlined into index.html: one
 * render-blocking request less before the first paint (docs/performance.md, "Lighthouse"). index.html is served
 * `no-cache`, so a new build's styles arrive with it. Lazily loaded screens keep their own stylesheets.
 */
const inlineEntryCss = (): Plugin => ({
  name: 'tendwell-inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
        const asset = context.bundle?.[file];
        return asset?.type === 'asset' && !String(asset.source).includes('</style') ? `<style>${String(asset.source)}</style>` : tag;
      });
    },
  },
});

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 8080);

export default defineConfig({
  // compileMessages: the i18n catalogues become formatjs ASTs at build time, so no ICU parser ships.
  // @vitejs/plugin-react: the JSX transform, and React Fast Refresh in `npm run dev` (an edited component keeps its state).
  // screenModulesFile: which modules each screen loads, for the server's per-route preloads (server/app-pages.ts).
  plugins: [compileMessages(), react(), bootChunks(), bootInIndexHtml(), inlineEntryCss(), screenModulesFile(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.2.34'),
  },
  // The manifest tells tools/bundle-check.ts which chunks each page loads (tools/budgets.ts).
  build: {
    outDir: 'dist/client',
    sourcemap: true,
    emptyOutDir: true,
    manifest: true,
    // The boot's stylesheet is in index.html (tools/boot-chunks.ts): a dynamic import does not load it again.
    modulePreload: { resolveDependencies: withoutBootCss },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/dev/outbox': `http://127.0.0.1:${apiPort}`,
      '/socket': { target: `ws://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});
