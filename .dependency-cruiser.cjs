/** Import zones of docs/design.md#boundaries. Each rule says why, so a failing check explains itself. */
const zone = (name, from, to, comment) => ({ name, severity: 'error', comment, from: { path: from }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', comment: 'Import cycles hide layering mistakes; break the cycle by moving the shared piece down a layer.', from: {}, to: { circular: true } },
    zone('core-is-pure', '^src/core/', '^(src/(machines|adapters|ui)|server)/|(^|/)node_modules/(react|react-dom|xstate|@xstate|socket\\.io-client|openapi-fetch|wouter|luxon)/',
      'src/core is pure TypeScript + effect: no React, xstate, adapters, UI, server, fetch or sockets.'),
    zone('machines-use-core-only', '^src/machines/', '^(src/(adapters|ui)|server)/|(^|/)node_modules/(react|react-dom|socket\\.io-client|openapi-fetch|wouter)/',
      'Charts import only xstate and src/core; real I/O is handed in as actors at the composition root (src/main.tsx).'),
    zone('lifecycles-are-pure', '^src/machines/lifecycles/', '^src/machines/flows/',
      'Lifecycle charts are shared with the server and must not depend on app flows.'),
    zone('adapters-use-core-only', '^src/adapters/', '^(src/(machines|ui)|server)/',
      'Adapters implement ports from src/core; they never reach into machines, UI state or the server.'),
    zone('ui-never-imports-adapters', '^src/ui/', '^(src/adapters|server)/',
      'Views get behaviour from machines and values from core; adapters are wired only in src/main.tsx.'),
    zone('screens-share-through-ui-shared', '^src/ui/(?!app/|screens/auth/)', '^src/ui/screens/auth/',
      'The sign-in area is a screen area like the others: what several areas use (flows context, form messages, the password and phone panels, form styles) lives in src/ui/shared. Only the app registry loads auth screens.'),
    zone('ui-shared-sits-below-screens', '^src/ui/(shared|components)/', '^src/ui/(screens|app)/',
      'src/ui/shared and src/ui/components are used by screens and the app; they never import a screen or the app (bulletproof-react: app → screens → shared).'),
    zone('server-shares-core-and-lifecycles-only', '^server/', '^src/(ui|machines/flows)/|^src/adapters/(?!http/openapi\\.gen\\.ts$)|^src/main\\.tsx',
      'The server shares src/core and src/machines/lifecycles with the SPA, nothing from the browser side.'),
    {
      name: 'server-takes-only-types-from-the-generated-contract', severity: 'error',
      comment: 'The server may use the generated API types, never runtime code from src/adapters (docs/decisions.md).',
      from: { path: '^server/' }, to: { path: '^src/adapters/http/openapi\\.gen\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    zone('src-never-imports-server', '^src/', '^server/', 'The SPA must not bundle server code.'),
    zone('tools-stay-out-of-ui', '^tools/', '^src/ui/', 'Build tools read contracts and charts, not views.'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.json'] },
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
