import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { isPageReload } from '../../shared/lib/browser';
import { selectInvite } from '../invite';
import { selectWorkspaceCreated } from './onboardingSlice';
import { ONBOARDING_PATHS } from './paths';

/** The key react-router gives the location a document was opened at (no history entry of ours yet). */
const INITIAL_LOCATION_KEY = 'default';

export interface OnboardingGuardInput {
  /** react-router's `location.key`. */
  locationKey: string;
  /** `performance.getEntriesByType('navigation')[0]?.type === 'reload'`. */
  isReload: boolean;
  /** The member has a workspace (persisted flag of the invite slice). */
  hasWorkspace: boolean;
  isInvite: boolean;
  workspaceCreated: boolean;
}

/**
 * The guard on invite, fin and input-pw (docs/product.md "Onboarding"): only a fresh load that is not a reload is
 * checked (in-app navigation is never blocked); it leaves for `/onboarding` unless the member is known to have a
 * workspace, and also when the invite flag is set or the onboarding status (workspace created) exists.
 */
export function shouldLeaveOnboarding(input: OnboardingGuardInput): boolean {
  const freshLoad = input.locationKey === INITIAL_LOCATION_KEY && !input.isReload;
  if (!freshLoad) return false;
  return !input.hasWorkspace || input.isInvite || input.workspaceCreated;
}

/**
 * Layout route of `/onboarding/invite`, `/fin` and `/input-pw`. Decides once, when first rendered (i.e. on the
 * document's first location or after an in-app navigation into the guarded screens); moving between them
 * afterwards is in-app navigation and never redirected.
 */
export default function OnboardingGuard() {
  const location = useLocation();
  const invite = useAppSelector(selectInvite);
  const workspaceCreated = useAppSelector(selectWorkspaceCreated);
  const [leave] = useState(() =>
    shouldLeaveOnboarding({
      locationKey: location.key,
      isReload: isPageReload(),
      hasWorkspace: invite.hasWorkspace,
      isInvite: invite.isInvite === 'true',
      workspaceCreated,
    }),
  );
  if (leave) return <Navigate to={ONBOARDING_PATHS.login} replace />;
  return <Outlet />;
}
