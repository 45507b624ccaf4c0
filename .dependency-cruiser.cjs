/**
 * The architecture, written as rules (`npm run lint` runs them: `depcruise` fails naming both files).
 *
 * The service (electron/server/) is in layers; an import may only point down:
 *
 *   app.ts, main.ts          composition: builds every feature, wires ports, registers routes
 *   setup/  demo/            the back office's set-up routes and the demo store: they compose features
 *   features                 tickets, payments, cash, customers, registers, webhooks, state-reporting,
 *                            printing, backup, catalog, auth, audit, display, live, …: each owns its
 *                            repositories; they may use one another, never in a cycle
 *   dispensaries/            the store model every feature reads: dispensary, store access, set-up
 *                            actor, store names, organization, store profile
 *   core/                    the context (with the node's role), config, live hub, principal, audit journal
 *   db/  http/               database engines and migrations; the HTTP edge (they never import each other)
 *   shared/ (repo root)      pure TypeScript contracts shared with the renderers
 *
 * A feature announces its changes through a port declared beside it (tickets/order-events.ts,
 * payments/store/payment-changes.ts); its consumers implement the port and app.ts wires them in.
 */
const server = '^electron/server/';
const layers = {
  shared: '^shared/',
  base: `${server}(db|http)/`,
  core: `${server}core/`,
  dispensaries: `${server}dispensaries/`,
  features: `${server}(?!(db|http|core|dispensaries|setup|demo)/)[^/]+/`,
  composers: `${server}(setup|demo)/`,
  top: `${server}[^/]+\\.ts$`,
};
const order = ['shared', 'base', 'core', 'dispensaries', 'features', 'composers', 'top'];

/** From each layer, no import of any layer above it. */
const layerRules = order.slice(0, -1).map((name, index) => ({
  name: `layer-${name}`,
  comment: `${name} imports only what lies below it (${order.slice(0, index).join(', ') || 'nothing of the repo'})`,
  severity: 'error',
  from: { path: layers[name] },
  to: { path: order.slice(index + 1).map((above) => layers[above]) },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'db-http-apart',
      comment: 'db/ and http/ are the one bottom layer of the service: neither imports the other',
      severity: 'error',
      from: { path: `${server}(db|http)/` },
      to: { path: `${server}(db|http)/`, pathNot: `${server}$1/` },
    },
    {
      name: 'no-folder-cycle',
      comment: 'two folders never import each other, however indirectly (a folder is read, tested and changed alone)',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(electron|renderer|shared)/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      comment: 'no file imports a file that imports it back (a Pinia store included)',
      severity: 'error',
      from: { path: '^(electron|renderer|shared)/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'shared-is-pure',
      comment: 'shared/ is pure TypeScript: no Node, no framework, no code of the service or the renderers',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: ['^(electron|renderer|scripts|bin|tests)/'], pathNot: '^node_modules/typebox/' },
    },
    {
      name: 'shared-no-node-or-packages',
      comment: 'shared/ imports only typebox among packages, and nothing of Node',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev'], pathNot: '^node_modules/typebox/' },
    },
    {
      name: 'only-electron-app-imports-electron',
      comment: 'the Electron shell stays thin: only electron/app/ imports electron',
      severity: 'error',
      from: { pathNot: '^electron/app/' },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'only-db-imports-drivers',
      comment: 'repositories are written once over the query builder: only electron/server/db/ imports the engines',
      severity: 'error',
      from: { path: '^(electron|shared|renderer)/', pathNot: `${server}db/` },
      to: { path: '^node_modules/(better-sqlite3|pg)/' },
    },
    {
      name: 'server-not-renderer',
      comment: 'the server and the CLI never import renderer code (they share shared/ only)',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'renderer-not-server',
      comment: 'the renderers never import the server, the CLI or the shell (they share shared/ only)',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^electron/' },
    },
    {
      name: 'components-through-stores',
      comment: "a screen's components reach the service only through its Pinia stores, never the transport",
      severity: 'error',
      from: { path: '^renderer/(pos|backoffice|display)/(components/|App\\.vue$)' },
      to: { path: '^renderer/common/(http|live-stream)\\.ts$' },
    },
    {
      name: 'server-not-cli-or-shell',
      comment: 'the service is built by the shell and the CLI, never the other way round',
      severity: 'error',
      from: { path: server },
      to: { path: '^electron/(app|cli)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|out|release)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.vue', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
