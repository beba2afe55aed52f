import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { usePageTitle } from '../../shared/lib/pageTitle';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { inviteLinkOpened } from './inviteSlice';

/** The invite landing waits 50 ms before moving on to sign-in (docs/product.md "Workspace and invitations"). */
export const INVITE_REDIRECT_DELAY_MS = 50;

/** `/{workspaceName}/invite?token=…`: stores the invite, then goes to `/onboarding`. */
export default function InviteLandingPage() {
  const { workspaceName = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  usePageTitle(copy.onboarding.pageTitles.inviteLanding);

  useEffect(() => {
    dispatch(inviteLinkOpened({ workspaceName, token }));
    const timer = window.setTimeout(
      () => navigate('/onboarding', { replace: true }),
      INVITE_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [dispatch, navigate, workspaceName, token]);

  return <FullScreenSpinner label={copy.loading.invite} heading={copy.onboarding.pageTitles.inviteLanding} />;
}
