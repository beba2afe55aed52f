import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { FullScreenSpinner } from '../../../shared/ui/FullScreenSpinner';
import { loginLoadingStarted } from '../loadingSaga';

/**
 * `/onboarding/loading` (the OAuth callback lands here): a spinner while the loading saga renews the session
 * and routes by the workspace profile. StrictMode's double mount dispatches twice; `takeLeading` in the saga
 * runs the flow once, so the refresh token is rotated once.
 */
export default function LoadingPage() {
  const dispatch = useAppDispatch();
  usePageTitle(copy.onboarding.pageTitles.loading);
  useEffect(() => {
    dispatch(loginLoadingStarted());
  }, [dispatch]);
  return <FullScreenSpinner label={copy.loading.login} heading={copy.onboarding.pageTitles.loading} />;
}
