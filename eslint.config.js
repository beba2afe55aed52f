import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/*
 * Layers (docs/architecture.md "Layers"): src/app → src/features/* → src/shared → src/api → contract, where an arrow
 * reads "may import". A feature uses another only through its public entry `src/features/<name>/index.ts`, and of
 * src/app only the leaf modules paths.ts, hooks.ts, theme.ts and navigation.ts. On the server, a domain module uses another
 * only through its public entry `server/modules/<name>/index.ts`, as does server/app.ts. The server and the client never import each other;
 * contract/ imports neither.
 */
const FEATURES = fs
  .readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const SERVER_MODULES = fs
  .readdirSync('server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const LAYER_ZONES = [
  {
    target: './src/api',
    from: ['./src/app', './src/features', './src/shared'],
    message: 'src/api sits below features and shared: inject what it needs through the store instead.',
  },
  {
    target: './src/shared',
    from: ['./src/app', './src/features'],
    message: 'src/shared is generic: it must not depend on the app or a feature.',
  },
  {
    target: './src/features',
    from: './src/app',
    except: ['./paths.ts', './hooks.ts', './theme.ts', './navigation.ts'],
    message: 'Features may use only src/app/{paths,hooks,theme,navigation}.ts of the app layer.',
  },
  ...FEATURES.map((name) => ({
    target: `./src/features/${name}`,
    from: [`./src/features/!(${name})/*/**`, `./src/features/!(${name})/!(index).{ts,tsx}`],
    message: 'Use another feature only through its public entry (src/features/<name>/index.ts).',
  })),
  {
    target: './contract',
    from: ['./src', './server'],
    message: 'contract/ is shared by both sides: no imports.',
  },
  {
    target: ['./server/http', './server/db', './server/plugins'],
    from: './server/modules',
    message:
      'Shared server code sits below the domain modules (move what several modules need to server/http/).',
  },
  ...SERVER_MODULES.map((name) => ({
    target: `./server/modules/${name}`,
    from: [`./server/modules/!(${name})/*/**`, `./server/modules/!(${name})/!(index).ts`],
    message: 'Use another server module only through its public entry (server/modules/<name>/index.ts).',
  })),
  {
    target: ['./server/*.ts'],
    from: ['./server/modules/*/*/**', './server/modules/*/!(index).ts'],
    message:
      'server/app.ts and friends use a module only through its public entry (server/modules/<name>/index.ts).',
  },
  { target: './src', from: './server', message: 'The client never imports server code.' },
  { target: './server', from: './src', message: 'The server never imports client code.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // contract/ schema modules carry zod; the client may import only their types (values come from the
      // zod-free modules: constants, workspaceName, teamName), so zod stays out of the bundle.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                'contract/(envelope|codes|auth|workspace|system|teams|members|items|integrations|ids|alarms|events|index)$|contract$',
              allowTypeImports: true,
              message: 'Import only types from zod-carrying contract modules in the client.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'e2e/**/*.ts',
      '*.{js,ts,cjs,mjs}',
      '__tests__/**/*.{ts,tsx,cjs}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
