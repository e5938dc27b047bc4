/**
 * The page's script. The page the server sent (rendered at build time, or the frame of its route's layout:
 * server/app-pages.ts) paints first; then the app starts (src/main.tsx). The app's code is already on its way (the
 * page preloads it), so this costs a frame, and the browser never holds the first paint while it runs the app's
 * JavaScript (docs/performance.md, "Paint before the JavaScript"). React's own modules are evaluated in one task and
 * the app's in the next (tools/boot-chunks.ts), so a phone's main thread is never held by both at once.
 */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void painted()
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./main'));
