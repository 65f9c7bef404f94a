/**
 * Layering rules (docs/architecture.md, "Layers"), run by `npm run lint`. Type-only and dynamic
 * imports count: a type cycle still ties modules together for the reader, and a lazy import is
 * still a dependency.
 *
 * Each side's folders are ordered, lowest first; a folder imports only from folders below it.
 *
 * Server: util/ (and clock.ts) < db/ < i18n/ < http/ < auth/ < crud/ < the services, features
 * and areas (features/, ledger/, terminal/, html/, areas/, module-contract/, modules/, setup/)
 * < the app that assembles them (context.ts, config.ts, app.ts, main.ts). The engine (crud/, http/) declares the narrow services it needs
 * (crud/resource-services.ts, http/route-services.ts), which the app's AppContext satisfies.
 *
 * Web: lang/ (and theme.ts) < api/ < stores/ < utils/ < components/ < module-contract/, areas/,
 * modules/, layouts/, views/, router/ and the boot (App.tsx, main.tsx). What a lower layer needs from a higher one is
 * handed down at start (router/request-wiring.ts, router/module-wiring.ts).
 */

const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
/** The server's app layer: the files that assemble everything. */
const SERVER_APP = `${SERVER}(app|main|context|config)\\.ts$`;
/** Above the engine: the core's services and features, the module runtime, the areas and modules. */
const SERVER_AREAS = `${SERVER}(features|ledger|terminal|html|module-contract|modules|areas|setup)/`;
/** The web's top: pages, shells, the router and the boot. */
const WEB_TOP = `${WEB}(module-contract|areas|modules|layouts|views|router)/|${WEB}(App|main)\\.tsx$`;

/** `from` may not import any of `to` (paths), the layers above it. */
function layer(name, comment, from, to) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: to } };
}
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
    layer(
      'server-util-is-a-leaf',
      'util/ holds helpers every layer may use; it imports nothing of the server.',
      `${SERVER}util/`,
      `${SERVER}(?!util/)`,
    ),
    layer(
      'server-db-below-the-rest',
      'The database layer (migrations included) imports only util/ and the clock.',
      `${SERVER}db/`,
      `${SERVER}(i18n|http|auth|crud)/|${SERVER_AREAS}|${SERVER_APP}`,
    ),
    layer(
      'server-i18n-below-http',
      'The server messages read the seeded rows (db/) and nothing above.',
      `${SERVER}i18n/`,
      `${SERVER}(http|auth|crud)/|${SERVER_AREAS}|${SERVER_APP}`,
    ),
    {
      ...layer(
        'server-http-below-auth',
        'The request pipeline declares what it needs of the app (http/route-services.ts).',
        `${SERVER}http/`,
        `${SERVER}(auth|crud)/|${SERVER_AREAS}|${SERVER_APP}`,
      ),
      // The one exception: the request context carries the signed-in identities, whose types
      // auth/types.ts declares (types only; it imports nothing of auth's services).
      to: {
        path: `${SERVER}(auth|crud)/|${SERVER_AREAS}|${SERVER_APP}`,
        pathNot: `${SERVER}auth/types\\.ts$`,
      },
    },
    layer(
      'server-auth-below-crud',
      'Identity and permissions sit below the list engine and the areas.',
      `${SERVER}auth/`,
      `${SERVER}crud/|${SERVER_AREAS}|${SERVER_APP}`,
    ),
    layer(
      'server-crud-below-the-areas',
      'The list engine declares what it needs of the app (crud/resource-services.ts).',
      `${SERVER}crud/`,
      `${SERVER_AREAS}|${SERVER_APP}`,
    ),
    layer(
      'web-lang-is-the-bottom',
      "The language layer is handed the modules' packs at start (router/module-wiring.ts).",
      `${WEB}lang/|${WEB}theme\\.ts$`,
      `${WEB}(api|stores|utils|components)/|${WEB_TOP}`,
    ),
    layer(
      'web-request-layer-below-stores',
      'The request layer is handed its handlers at start (router/request-wiring.ts); it knows no router, store or page.',
      `${WEB}api/`,
      `${WEB}(stores|utils|components)/|${WEB_TOP}`,
    ),
    layer(
      'web-stores-below-utils',
      'Stores hold state for the screens, with their models (the route models, the terminal queue and stream); they import no helper, component or page.',
      `${WEB}stores/`,
      `${WEB}(utils|components)/|${WEB_TOP}`,
    ),
    layer(
      'web-utils-below-components',
      'Helpers serve components and pages, never the other way round.',
      `${WEB}utils/`,
      `${WEB}components/|${WEB_TOP}`,
    ),
    layer(
      'web-components-below-pages',
      'Components serve pages and modules; what they need of modules is handed down (components/form/form-inputs.ts).',
      `${WEB}components/`,
      WEB_TOP,
    ),
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
