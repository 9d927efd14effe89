// ESLint: TypeScript rules, React hooks, and the import boundaries of DESIGN.md section 3.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** `no-restricted-imports` for a layer: the packages it must not use, with the reason. */
const forbidPackages = (names, reason) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: names, message: reason }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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

  // The web app: browser globals, React hooks rules, and boundaries between its parts.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidPackages(
        ['@pass/db', '@pass/db/*', '@pass/server', 'pg', '@electric-sql/*', 'drizzle-orm*', 'fastify*'],
        'The web app talks to the server over HTTP only (DESIGN.md section 3).',
      ),
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features do not import each other; app/ composes them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another feature: move shared code to components/ or lib/, or compose in app/.',
            })),
            // Shared code flows one way: app → features → components, lib, config.
            {
              target: [
                './apps/web/src/features',
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/config',
              ],
              from: './apps/web/src/app',
              message: 'Only app/ composes the application.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: './apps/web/src/features',
              message: 'Shared code does not depend on features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },

  // Services and repositories take the database as an argument; only start-up code creates one.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='createDb']",
          message: 'Modules take `db` as an argument; they never open a database.',
        },
      ],
    },
  },
);
