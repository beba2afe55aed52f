import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSignedIn } from '../session';
import { copy } from '../../shared/copy';
import { usePageTitle } from '../../shared/lib/pageTitle';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { inviteLinkOpened } from './inviteSlice';

/** The invite landing waits 50 ms before moving on to sign-in (docs/product.md "Workspace and invitations"). */
export const INVITE_REDIRECT_DELAY_MS = 50;

/**
 * `/{workspaceName}/invite?token=…`: stores the invite, then goes to `/onboarding` — or, for a browser that is
 * already signed in (issue #23), to `/onboarding/loading`, which renews the session and opens the member's
 * workspace (a member of the invite's workspace goes straight into it) or, without one, the password step.
 */
export default function InviteLandingPage() {
  const signedIn = useAppSelector(selectSignedIn);
  const { workspaceName = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  usePageTitle(copy.onboarding.pageTitles.inviteLanding);

  useEffect(() => {
    dispatch(inviteLinkOpened({ workspaceName, token }));
    const timer = window.setTimeout(
      () => navigate(signedIn ? '/onboarding/loading' : '/onboarding', { replace: true }),
      INVITE_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [dispatch, navigate, workspaceName, token, signedIn]);

  return <FullScreenSpinner label={copy.loading.invite} heading={copy.onboarding.pageTitles.inviteLanding} />;
}
