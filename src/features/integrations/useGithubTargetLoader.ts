import { useCallback } from 'react';
import {
  useLazyGetGithubInstallationQuery,
  useLazyGetGithubRepositoriesQuery,
} from '../../api/integrationsApi';
import { githubTargetFrom, type GithubTarget } from './githubTarget';

/**
 * Loads where a GitHub external's issue goes (docs/product.md "Integrations"): the team's installation and its
 * repositories, in parallel; the first repository is used. Resolves `missing` when either read fails (404 not
 * linked, 502 GitHub unreachable) or comes back empty. Recent results (60 s) are reused from the cache.
 */
export function useGithubTargetLoader(): (teamId: number) => Promise<GithubTarget> {
  const [loadInstallation] = useLazyGetGithubInstallationQuery();
  const [loadRepositories] = useLazyGetGithubRepositoriesQuery();
  return useCallback(
    async (teamId: number) => {
      const [installation, repositories] = await Promise.allSettled([
        loadInstallation(teamId, true).unwrap(),
        loadRepositories(teamId, true).unwrap(),
      ]);
      return githubTargetFrom(
        installation.status === 'fulfilled' ? installation.value : null,
        repositories.status === 'fulfilled' ? repositories.value : null,
      );
    },
    [loadInstallation, loadRepositories],
  );
}
