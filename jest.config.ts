/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/**
 * Two projects: `client` (React, jsdom with the fetch/TextEncoder shims of __tests__/support/jsdom-env.cjs)
 * and `server` (Fastify via `app.inject` on in-memory PGlite, or PostgreSQL when DATABASE_URL is set).
 * ESM-only packages in node_modules are transformed by babel-jest so they load under Jest's CommonJS runtime.
 */
const esmOnly = ['jose', 'arctic', '@oslojs'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: '<rootDir>/__tests__/support/jsdom-env.cjs',
      testEnvironmentOptions: { url: 'http://localhost/' },
      testMatch: ['<rootDir>/__tests__/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/support/client-setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|woff2?)$': '<rootDir>/__tests__/support/file-stub.cjs' },
      transformIgnorePatterns,
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      transformIgnorePatterns,
    },
  ],
};

export default config;
