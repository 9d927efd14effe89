/**
 * The import rules lint cannot see (`npm run lint:deps`, part of `npm run lint`): no import cycle anywhere, and the
 * server's layers (docs/ARCHITECTURE.md): a route or job calls services, a service calls repositories, a repository
 * calls neither, and a module's repositories are its own: another module goes through its services. Type-only
 * imports (a row's shape) may cross modules. Each rule is shown to refuse a deliberate violation in
 * tools/eslint/dependency-rules.test.ts.
 */
const SERVER_MODULES = '^apps/server/src/modules/';
const NOT_TESTS = ['\\.test\\.ts$', '^apps/server/src/test/'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Two files that import each other, directly or round a loop: move what both need into a third.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'repository-calls-no-service',
      severity: 'error',
      comment: 'A repository is SQL: it calls no service or route (the service above it decides).',
      from: { path: `${SERVER_MODULES}.+\\.repository\\.ts$` },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'service-calls-no-route',
      severity: 'error',
      comment: 'Services know nothing of HTTP routes.',
      from: { path: '\\.service\\.ts$' },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'routes-and-jobs-through-services',
      severity: 'error',
      comment: "A route or job calls its module's services, never a repository (types may be shared).",
      from: { path: ['\\.routes\\.ts$', '^apps/server/src/jobs/'], pathNot: NOT_TESTS },
      to: { path: '\\.repository\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'repository-private-to-its-module',
      severity: 'error',
      comment: "Another module's repository is reached through that module's services (types may be shared).",
      from: { path: `${SERVER_MODULES}([^/]+)/`, pathNot: NOT_TESTS },
      to: {
        path: `${SERVER_MODULES}[^/]+/[^/]+\\.repository\\.ts$`,
        pathNot: `${SERVER_MODULES}$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '/\\.tsbuild/', '^packages/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
