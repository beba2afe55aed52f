import { Navigate } from 'react-router-dom';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { errorStatus } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { ErrorScreen } from '../../../shared/ui/ErrorScreen';
import { FullScreenSpinner } from '../../../shared/ui/FullScreenSpinner';
import { selectIsInvite } from '../../invite';
import { onboardingPathWithoutWorkspace } from '../../onboarding';
import { defaultTeamIssuePath } from '../../../app/paths';

export { defaultTeamIssuePath };

/**
 * `/workspace/complete` and the `/workspace` index: wait for the workspace profile, then replace the URL with
 * the default team's issue list (the real `defaultTeamId`). Without a workspace (404) the member goes back to
 * onboarding like the loading screen does; other errors show the error screen. While it
 * waits, the tab reads `워크스페이스를 불러오는 중입니다 · Momentum`.
 */
export default function DefaultTeamRedirect() {
  const { data, error, isError } = useGetWorkspaceProfileQuery();
  const isInvite = useAppSelector(selectIsInvite);
  usePageTitle(!data && !isError && copy.loading.workspace);
  if (data) return <Navigate to={defaultTeamIssuePath(data.defaultTeamId)} replace />;
  if (isError) {
    const status = errorStatus(error);
    if (status === 404) return <Navigate to={onboardingPathWithoutWorkspace(isInvite)} replace />;
    return <ErrorScreen status={status} />;
  }
  return <FullScreenSpinner label={copy.loading.workspace} />;
}
