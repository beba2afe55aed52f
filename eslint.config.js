import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
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
                'contract/(envelope|codes|auth|workspace|system|teams|members|items|integrations|index)$|contract$',
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
