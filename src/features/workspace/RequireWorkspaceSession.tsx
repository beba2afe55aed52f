import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectAccessToken } from '../session/sessionSlice';
import { selectInviteUrl } from '../invite/inviteSlice';

/** The `/workspace` guard (spec §6): an access token AND an invite URL must be stored, else `/onboarding`. */
export default function RequireWorkspaceSession() {
  const accessToken = useAppSelector(selectAccessToken);
  const inviteUrl = useAppSelector(selectInviteUrl);
  if (!accessToken || !inviteUrl) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
