import { shellCopy as copy } from '../shellCopy';
import { usePageTitle } from '../lib/pageTitle';
import { PrimaryButton, StatusHeading, StatusMessage, StatusPage } from './layout';

/** Unknown path, or a render error under `/` and `/onboarding`: "404" and a back button (history back). */
export function NotFoundPage() {
  usePageTitle(copy.notFound.pageTitle);
  return (
    <StatusPage>
      <StatusHeading>{copy.notFound.heading}</StatusHeading>
      <StatusMessage>
        {copy.notFound.title}
        {'\n'}
        {copy.notFound.description}
      </StatusMessage>
      <PrimaryButton type="button" onClick={() => window.history.back()}>
        {copy.notFound.back}
      </PrimaryButton>
    </StatusPage>
  );
}
