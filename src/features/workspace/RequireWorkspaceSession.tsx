import { Navigate, Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectHasWorkspace } from '../invite';
import { selectSignedIn } from '../session';

/**
 * The `/workspace` guard (docs/product.md "Sign-in and session"): signed in (a token in memory, or a session the
 * start-up renewal restores) AND known to have a workspace, else `/onboarding`.
 */
export default function RequireWorkspaceSession() {
  const signedIn = useAppSelector(selectSignedIn);
  const hasWorkspace = useAppSelector(selectHasWorkspace);
  if (!signedIn || !hasWorkspace) return <Navigate to="/onboarding" replace />;
  return <Outlet />;
}
