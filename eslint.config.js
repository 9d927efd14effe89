// ESLint: TypeScript rules, React hooks, and the import boundaries of DESIGN.md section 3.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './tools/eslint/web-boundaries.js';

/** `no-restricted-imports` for a layer: the packages it must not use, with the reason. */
const forbidPackages = (names, reason) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: names, message: reason }] }],
});

/** Server code never reads the time except through a clock (see the server's block below). */
const serverClockRules = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Use the server clock passed in (`now`) or, for the machine's own time, `systemClock()` (lib/clock.ts).",
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: "Use the server clock passed in (`now`) or, for the machine's own time, `systemClock()` (lib/clock.ts).",
  },
];

/**
 * The web names the domain's enumerations (packages/domain/src/enums.ts) instead of their numbers: no bet mode,
 * kind, type or status compared with, or switched on, a bare number. Their values are -1 to 8, so an HTTP status
 * (`error.status === 404`) is not caught.
 */
const ENUM_FIELD = '/^(bet_mode|bet_kind|bet_type|mode|kind|type|status)$/';
const enumField = (node) => `:matches([${node}.name=${ENUM_FIELD}], [${node}.property.name=${ENUM_FIELD}])`;
const enumNumber = (node) =>
  `:matches([${node}.raw=/^[0-9]$/], [${node}.operator='-'][${node}.argument.raw=/^[0-9]$/])`;
const ENUM_COMPARISON = 'BinaryExpression[operator=/^([!=]==?|[<>]=?)$/]';
const webEnumRules = [
  `${ENUM_COMPARISON}${enumField('left')}${enumNumber('right')}`,
  `${ENUM_COMPARISON}${enumField('right')}${enumNumber('left')}`,
  `SwitchStatement${enumField('discriminant')} > SwitchCase${enumNumber('test')}`,
].map((selector) => ({
  selector,
  message:
    "Use the domain's BetMode, BetKind, BetType or Status names (packages/domain/src/enums.ts), not their numbers.",
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'packages/db/migrations/**',
      'packages/db/.migrations-check/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },

  // The domain is pure: no I/O, no framework, no other layer.
  {
    files: ['packages/domain/**/*.ts'],
    rules: forbidPackages(
      [
        'node:*',
        'fs',
        'path',
        'pg',
        '@electric-sql/*',
        'drizzle-orm*',
        'fastify*',
        'react*',
        '@pass/db',
        '@pass/contracts',
        '@pass/server',
        '@pass/web',
      ],
      'packages/domain holds pure rules: no I/O, frameworks or other layers.',
    ),
  },
  {
    // Tests and data-generation scripts of the domain read reference files; the domain itself does not.
    files: [
      'packages/domain/scripts/**/*.ts',
      'packages/domain/src/**/*.test.ts',
      'packages/domain/src/testing/**/*.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: forbidPackages(
      ['@pass/db', '@pass/server', '@pass/web', 'fastify*', 'react*', 'node:*'],
      'Contracts are schemas only.',
    ),
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: forbidPackages(
      ['@pass/server', '@pass/web', 'fastify*', 'react*'],
      'The database layer knows nothing of HTTP or the web app.',
    ),
  },

  // The bet-sync client runs on a member's machine and reaches PA$$ over HTTP only.
  {
    files: ['apps/sync-client/**/*.ts'],
    rules: forbidPackages(
      ['@pass/db', '@pass/db/*', '@pass/server', '@pass/web', 'pg', '@electric-sql/*', 'drizzle-orm*', 'fastify*'],
      'The bet-sync client talks to the server over HTTP only.',
    ),
  },

  // The web app: browser globals, React hooks rules, boundaries between its parts, and the enumerations by name.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, pass: { rules: { 'web-boundaries': webBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidPackages(
        ['@pass/db', '@pass/db/*', '@pass/server', 'pg', '@electric-sql/*', 'drizzle-orm*', 'fastify*'],
        'The web app talks to the server over HTTP only (DESIGN.md section 3).',
      ),
      'pass/web-boundaries': 'error',
      'no-restricted-syntax': ['error', ...webEnumRules],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'pass/web-boundaries': 'off' },
  },

  // Server code reads the time from a clock it is given (docs/decisions/020, 056): the server clock passed down as
  // `now` for whatever decides by the date, or `systemClock()` for what the machine's clock dates (sessions, links,
  // bookkeeping). A bare `new Date()` or `Date.now()` would hide a date decision from the tests' fixed clocks.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/security/**', 'apps/server/src/lib/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...serverClockRules] },
  },
  // Services and repositories take the database as an argument; only start-up code creates one.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...serverClockRules,
        {
          selector: "CallExpression[callee.name='createDb']",
          message: 'Modules take `db` as an argument; they never open a database.',
        },
      ],
    },
  },
);
