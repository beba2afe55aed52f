import type { Envelope } from '../../../../contract/envelope';
import type { GithubInstallation, GithubRepository } from '../../../../contract/integrations';
import type { FetchHandler } from '../../support/helpers';

/* Fixtures of the integration tests: GitHub reads, error envelopes with their Korean message, deferred answers. */

/** An error response in the server's envelope, with the code's real Korean message. */
export function errorEnvelope(status: number, code: string, message: string) {
  const body: Envelope<null> = { isSuccess: false, code, message, result: null };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const installation: GithubInstallation = { teamId: 7, installationId: 4242, account: 'acme' };

export const repository = (name: string, owner = 'acme'): GithubRepository => ({
  id: name.length,
  name,
  fullName: `${owner}/${name}`,
  owner,
  private: false,
  htmlUrl: `https://github.com/${owner}/${name}`,
  defaultBranch: 'main',
  description: null,
});

/** A handler whose answer waits until `release()` (to observe loading states). */
export function deferred(answer: () => Response): { handler: FetchHandler; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async () => {
      await gate;
      return answer();
    },
    release,
  };
}

/** Records the full URL (with query string) of each request to a route, then answers. */
export const recordUrl =
  (urls: string[], answer: () => Response): FetchHandler =>
  (request) => {
    urls.push(request.url);
    return answer();
  };
