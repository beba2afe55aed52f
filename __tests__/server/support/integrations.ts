import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  FAKE_GITHUB_ACCOUNT,
  FAKE_INSTALLATION_ID,
  type FakeIntegrations,
  startFakeIntegrations,
} from '../../../scripts/fake-integrations';
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

/** `X-Hub-Signature-256` of a webhook body under `secret`. */
export const webhookSignature = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export interface WebhookDeliveryOptions {
  delivery?: string;
  /** Overrides the correct signature; null leaves the header out. */
  signature?: string | null;
  headers?: Record<string, string>;
}

/** `POST /api/github/webhook` as GitHub sends it: the raw body signed with `secret`, event and delivery headers. */
export function deliverWebhook(
  app: FastifyInstance,
  secret: string,
  event: string,
  payload: unknown,
  options: WebhookDeliveryOptions = {},
) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': options.delivery ?? randomUUID(),
    ...options.headers,
  };
  const signature = options.signature === undefined ? webhookSignature(body, secret) : options.signature;
  if (signature !== null) headers['x-hub-signature-256'] = signature;
  return app.inject({ method: 'POST', url: '/api/github/webhook', headers, payload: body });
}

/** The html_url of issue `number` in the fake's account. */
export const fakeIssueUrl = (repo: string, number: number) =>
  `https://github.com/${FAKE_GITHUB_ACCOUNT}/${repo}/issues/${number}`;

/** An `issues` webhook payload of `repo` in the fake's installation (the fields GitHub always sends that we read). */
export function issuesPayload(
  repo: string,
  action: string,
  issue: { number: number; title: string; body?: string | null },
  extra: Record<string, unknown> = {},
) {
  return {
    action,
    issue: {
      id: 700_000 + issue.number,
      number: issue.number,
      title: issue.title,
      body: issue.body ?? null,
      state: action === 'closed' ? 'closed' : 'open',
      html_url: fakeIssueUrl(repo, issue.number),
      user: { login: 'octocat' },
      labels: [],
    },
    repository: {
      id: 1000,
      name: repo,
      full_name: `${FAKE_GITHUB_ACCOUNT}/${repo}`,
      owner: { login: FAKE_GITHUB_ACCOUNT, type: 'Organization' },
    },
    installation: { id: FAKE_INSTALLATION_ID, node_id: 'MDIz' },
    sender: { login: 'octocat' },
    ...extra,
  };
}
