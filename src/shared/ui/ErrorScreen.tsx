import { errorMessageFor, shellCopy as copy } from '../shellCopy';
import { goBackAndReload } from '../lib/browser';
import { usePageTitle } from '../lib/pageTitle';
import { PrimaryButton, StatusHeading, StatusMessage, StatusPage } from './layout';

export interface ErrorContentProps {
  /** HTTP status; the heading reads "{status} Error", or just "Error" without one. */
  status?: number;
  /** The button's text (default "돌아가기"). */
  actionLabel?: string;
  onAction: () => void;
}

/**
 * The error block (docs/product.md "Errors and messages"): heading, the status's Korean message, "잠시 후 다시
 * 시도해 주세요!", and one button. The full-page error screen and the pages' load failures place it in their own box.
 */
export function ErrorContent({ status, actionLabel = copy.errors.back, onAction }: ErrorContentProps) {
  return (
    <>
      <StatusHeading>{copy.errors.heading(status)}</StatusHeading>
      <StatusMessage>
        {errorMessageFor(status)}
        {'\n'}
        {copy.errors.retryLater}
      </StatusMessage>
      <PrimaryButton type="button" onClick={onAction}>
        {actionLabel}
      </PrimaryButton>
    </>
  );
}

export interface ErrorScreenProps {
  /** HTTP status; the heading reads "{status} Error", or just "Error" without one. */
  status?: number;
  /** Clears the failed state (error boundary reset) before going back. */
  onReset?: () => void;
}

/** Generic full-page error screen: the error block whose "돌아가기" resets, goes one page back and reloads. */
export function ErrorScreen({ status, onReset }: ErrorScreenProps) {
  usePageTitle(copy.errors.pageTitle);
  const handleBack = () => {
    onReset?.();
    goBackAndReload();
  };
  return (
    <StatusPage>
      <ErrorContent status={status} onAction={handleBack} />
    </StatusPage>
  );
}
