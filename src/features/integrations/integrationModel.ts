import type { ExtServiceType } from '../../../contract/itemEnums';
import { copy } from '../../shared/copy';
import { isAbsoluteHttpUrl } from '../../shared/lib/browser';
import { teamListPath } from '../../app/paths';

/* Pure rules of the integration screens (docs/product.md "Integrations"). */

/** The tools a team can link: the external tool kinds. */
export type IntegrationService = ExtServiceType;

/** The modal's cards, in the reference's order. */
export const INTEGRATION_SERVICES: readonly IntegrationService[] = ['GITHUB', 'SLACK'];

/** A positive integer `teamId` query parameter, else null. */
export function teamIdParam(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * "돌아가기" of a complete page: the ext list of the team the connect started from (`?teamId=`), as the default-team
 * route when it is the workspace's default team, else the team route; without a team, the default team's ext
 * list. Until the profile is known, a `teamId` goes to its team route (valid for any team) and no team to
 * `/workspace` (which redirects to the default team).
 */
export function completeBackPath(teamId: number | null, defaultTeamId: number | undefined): string {
  if (teamId === null)
    return defaultTeamId === undefined ? '/workspace' : teamListPath('default', defaultTeamId, 'external');
  return teamListPath(teamId === defaultTeamId ? 'default' : 'team', teamId, 'external');
}

/** The Korean explanation of a callback's `?error=<CODE>`. */
export function completeErrorMessage(code: string): string {
  const { errors, unknownError } = copy.integrations.complete;
  return (Object.prototype.hasOwnProperty.call(errors, code) && errors[code]) || unknownError;
}

/**
 * A connect result the browser may be sent to: an absolute http(s) URL or a same-origin path. Anything else (an
 * empty result, `javascript:`…) counts as a failed connect (connect rejects without a result).
 */
export function isRedirectTarget(url: unknown): url is string {
  return typeof url === 'string' && (isAbsoluteHttpUrl(url) || /^\/(?!\/)/.test(url));
}
