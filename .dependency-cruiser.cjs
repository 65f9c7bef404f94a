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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
