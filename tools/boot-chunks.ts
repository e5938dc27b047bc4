/**
 * Vite plugin: the modules a page needs before React takes it over travel in two chunks instead of twenty-odd.
 * Rolldown splits the entry's static graph into a chunk per group of modules that lazy screens share with it
 * (the button, the spinner, the catalogue…); each is fetched and compressed on its own, and gzip packs one text
 * better than many (docs/performance.md, "JavaScript before /login is interactive": 156.0 KB in 26 files, 150.3 KB
 * as one text). So:
 * - `boot-react` and `boot`: every module the app (src/main.tsx) imports statically, transitively — what every page
 *   loads — React's in the first, the rest in the second;
 * - `sign-in`: what the login screen's own chunk adds to it, statically — its form fields and password forms' parts.
 * Which modules those are is read from the module graph at the end of the build's parse (`buildEnd`), before chunking.
 * The chunks hold exactly what those pages already loaded, so no page loads more than before.
 */
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

const ENTRY = /\/src\/main\.tsx$/;
const LOGIN_SCREEN = /\/src\/ui\/screens\/auth\/LoginScreen\.tsx$/;
/**
 * Effect's index re-exports every module of the library, effect/Schema among them, and the build keeps of it only
 * what is used: the walk does not go through it, or the boot chunk would capture (and load) modules only lazy
 * screens use. What the boot uses of effect stays in the chunks the build makes of it.
 */
/**
 * React's own modules travel in a chunk of their own (`boot-react`): the page's script evaluates them in one task and
 * the app's in the next (src/entry.ts), so neither is one long task on a phone (Lighthouse's total blocking time).
 */
const RENDERER = /\/node_modules\/(react|react-dom|scheduler)\//;
const BARREL = /\/node_modules\/effect\/dist\/index\.js$/;

export const bootChunks = (): Plugin => {
  const boot = new Set<string>();
  const signIn = new Set<string>();
  return {
    name: 'tendwell-boot-chunks',
    apply: 'build',
    config(config) {
      if (config.build?.ssr) return undefined;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'boot-react', test: (id: string) => boot.has(id) && RENDERER.test(id), priority: 30 },
                  { name: 'boot', test: (id: string) => boot.has(id), priority: 20 },
                  { name: 'sign-in', test: (id: string) => signIn.has(id), priority: 10 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const closure = (start: string, into: Set<string>, skip: ReadonlySet<string>) => {
        const stack = [start];
        while (stack.length) {
          const id = stack.pop()!;
          if (into.has(id) || skip.has(id) || BARREL.test(id)) continue;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => ENTRY.test(id));
      const login = ids.find((id) => LOGIN_SCREEN.test(id));
      if (entry) closure(entry, boot, new Set());
      if (login) {
        closure(login, signIn, boot);
        // The screen itself stays the chunk its route loads (the manifest's key for the route's preloads).
        signIn.delete(login);
      }
    },
  };
};

/** A boot chunk's stylesheet: index.html carries it inline (bootInIndexHtml), so no dynamic import loads it again. */
const BOOT_CSS = /(^|\/)boot(-react)?-[\w-]+\.css$/;

/** For `build.modulePreload.resolveDependencies`: what a dynamic import loads first, less the boot's stylesheet. */
export const withoutBootCss = (_file: string, deps: string[]): string[] => deps.filter((dep) => !BOOT_CSS.test(dep));

/**
 * Vite plugin: index.html preloads the app's boot (src/main.tsx's chunk and the chunks it imports statically) and
 * carries its stylesheets inline. The page's script (src/entry.ts) starts the app with a dynamic import once the page
 * has painted; without these the browser would learn of the boot only when that import runs, and the page's first
 * paint would have no styles. Runs before the entry stylesheet's inlining, which turns the links into `<style>`.
 */
export const bootInIndexHtml = (): Plugin => ({
  name: 'tendwell-boot-in-index-html',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      const bundle = (context.bundle ?? {}) as OutputBundle;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const main = chunks.find((chunk) => chunk.moduleIds.some((id) => ENTRY.test(id)));
      if (!main) return html;
      const js = new Set<string>();
      const css = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (!chunk || chunk.type !== 'chunk' || js.has(file)) return;
        js.add(file);
        for (const sheet of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(sheet);
        chunk.imports.forEach(visit);
      };
      visit(main.fileName);
      const present = (file: string) => html.includes(`/${file}"`);
      const tags = [
        ...[...css].filter((file) => !present(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...js].filter((file) => !present(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ];
      return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
    },
  },
});
