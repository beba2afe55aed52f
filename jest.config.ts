/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/**
 * Two projects: `client` (React, jsdom with the fetch/TextEncoder shims of __tests__/support/jsdom-env.cjs)
 * and `server` (Fastify via `app.inject` on in-memory PGlite, or PostgreSQL when DATABASE_URL is set).
 * ESM-only packages in node_modules, and those that load dependencies with dynamic `import()` (which Jest's
 * CommonJS runtime lacks), are transformed by babel-jest (cached after the first run).
 */
const esmOnly = [
  'jose',
  'arctic',
  '@oslojs',
  'cookie',
  'content-disposition',
  '@fastify/cookie',
  '@electric-sql/pglite',
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
  // @octokit/app and its dependencies (GitHub integration, server/modules/integrations/github.ts).
  '@octokit',
  'universal-user-agent',
  'universal-github-app-jwt',
  'before-after-hook',
  'toad-cache',
  'json-with-bigint',
  'fast-content-type-parse',
  'content-type',
  // openid-client and its core (company single sign-on, server/modules/auth/oidc.ts).
  'openid-client',
  'oauth4webapi',
];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
const transform = { '\\.[cm]?[jt]sx?$': 'babel-jest' };

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/__tests__/support/jsdom-env.cjs',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/__tests__/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/client-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|woff2?)$': '<rootDir>/__tests__/support/file-stub.cjs' },
      transform,
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      // Two @octokit packages export only an `import` condition (no `default`/`require`), which Jest's CommonJS
      // resolver cannot pick; point it at the same file (transformed like the rest of @octokit).
      moduleNameMapper: {
        '^@octokit/(auth-unauthenticated|webhooks-methods)$':
          '<rootDir>/node_modules/@octokit/$1/dist-node/index.js',
      },
      transform,
      transformIgnorePatterns,
    },
  ],
};

export default config;
