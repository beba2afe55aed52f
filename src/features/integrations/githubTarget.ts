import type { GithubInstallation, GithubRepository } from '../../../contract/integrations';

/**
 * Where a GITHUB external's issue goes (docs/product.md "Integrations"): loaded when GitHub is picked on create —
 * the team's installation and its **first** repository. `missing` when either is absent or a read failed.
 */
export type GithubTarget =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'ready'; owner: string; repo: string; installationId: number };

/** The target from the two reads (null = the read failed). */
export function githubTargetFrom(
  installation: GithubInstallation | null | undefined,
  repositories: readonly GithubRepository[] | null | undefined,
): GithubTarget {
  const first = repositories?.[0];
  if (!installation || !Number.isInteger(installation.installationId) || !first?.owner || !first.name) {
    return { status: 'missing' };
  }
  return {
    status: 'ready',
    owner: first.owner,
    repo: first.name,
    installationId: installation.installationId,
  };
}
