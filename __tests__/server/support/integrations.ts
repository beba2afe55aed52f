import { generateKeyPairSync } from 'node:crypto';
import { type FakeIntegrations, startFakeIntegrations } from '../../../scripts/fake-integrations';
import { TEST_PUBLIC_URL } from './test-app';

/** The GitHub App of the integration tests: its id and an RSA key pair (PKCS#1, as GitHub hands keys out). */
export const TEST_GITHUB_APP_ID = '31337';
/** The App's OAuth client (the installation callback exchanges the installer's code with it). */
export const TEST_GITHUB_CLIENT_ID = 'Iv1.testclient31337';
export const TEST_GITHUB_CLIENT_SECRET = 'test-github-client-secret';
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});

/** The server's GitHub App variables pointing at the fake; the key as a one-line env file carries it (`\n`). */
export const githubAppEnv = (fakeUrl: string) => ({
  GITHUB_APP_ID: TEST_GITHUB_APP_ID,
  GITHUB_APP_PRIVATE_KEY: keys.privateKey.trim().replace(/\n/g, '\\n'),
  GITHUB_APP_CLIENT_ID: TEST_GITHUB_CLIENT_ID,
  GITHUB_APP_CLIENT_SECRET: TEST_GITHUB_CLIENT_SECRET,
  GITHUB_API_URL: fakeUrl,
  GITHUB_WEB_URL: fakeUrl,
});

/**
 * The fake GitHub and Slack on a free port, verifying the test App's JWTs with its public key and its OAuth client
 * id and secret.
 */
export const startTestIntegrationsFake = (): Promise<FakeIntegrations> =>
  startFakeIntegrations({
    appPublicUrl: TEST_PUBLIC_URL,
    githubPublicKeyPem: keys.publicKey,
    githubAppId: TEST_GITHUB_APP_ID,
    githubClientId: TEST_GITHUB_CLIENT_ID,
    githubClientSecret: TEST_GITHUB_CLIENT_SECRET,
  });
