/**
 * Layering rules (docs/architecture.md, "Layers"), run by `npm run lint`.
 * Type-only imports count: a type cycle still ties modules together for the reader.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Imports flow one way; move what both sides need into a leaf module.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is what both apps import; it imports neither.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-components-not-views',
      comment: 'Within the web, components serve views, never the other way round.',
      severity: 'error',
      from: { path: '^apps/web/src/components/' },
      to: { path: '^apps/web/src/views/' },
    },
    {
      name: 'web-request-layer-not-router-stores-or-views',
      comment:
        'The request layer is handed its handlers at start (main.tsx); it knows no router, store or page.',
      severity: 'error',
      from: { path: '^apps/web/src/api/' },
      to: { path: '^apps/web/src/(router|stores|views)/' },
    },
    {
      name: 'server-feature-internals',
      comment:
        "A server feature uses another only through that feature's index.ts, so its files can move freely.",
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/',
        pathNot: ['^apps/server/src/features/$1/', '^apps/server/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-imports-core-only-through-sdk',
      comment:
        'A module (modules/<uid>, or installed into apps/*/src/modules/<uid>) reaches the core only through @portico/server-sdk and @portico/web-sdk, so the core can move its files behind them (docs/architecture.md, "Module contract").',
      severity: 'error',
      from: {
        path: '^(modules/[^/]+/apps/(server|web)/src/modules/[^/]+|apps/(server|web)/src/modules/[^/]+)/',
      },
      to: { path: '^apps/', pathNot: ['^$1/'] },
    },
    {
      name: 'module-package-imports-resolve',
      comment:
        "In a package not yet installed (modules/<uid>), an import that resolves nowhere is a core path it would reach once installed (e.g. '../../clock.js'); only its own wire types (@portico/shared/modules/<uid>) appear on install.",
      severity: 'error',
      from: { path: '^modules/[^/]+/(apps|packages)/' },
      to: { couldNotResolve: true, pathNot: '^@portico/shared/modules/' },
    },
    {
      name: 'area-imports-core-only-through-sdk',
      comment:
        'A built-in area (apps/*/src/areas/<name>) is shaped like a module: it reaches the core only through the SDK, and another area not at all.',
      severity: 'error',
      from: { path: '^(apps/(server|web)/src/areas/[^/]+)/' },
      to: { path: '^apps/', pathNot: ['^$1/'] },
    },
    {
      name: 'sdk-not-areas-or-modules',
      comment: 'The SDK is the core seen from outside: it never reaches into an area or a module.',
      severity: 'error',
      from: { path: '^packages/(server|web)-sdk/' },
      to: { path: '^(apps/(server|web)/src/(areas|modules)/|modules/)' },
    },
    {
      name: 'core-not-areas',
      comment:
        "The core does not depend on an area: only the app's list of areas (apps/server/src/areas/index.ts) names them; the web finds them by a glob (modules/registry.ts).",
      severity: 'error',
      from: { path: '^apps/(server|web)/src/', pathNot: '^apps/(server|web)/src/(areas|modules)/' },
      to: { path: '^apps/(server|web)/src/areas/[^/]+/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
