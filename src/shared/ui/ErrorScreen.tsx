import { copy, errorMessageFor } from '../copy';
import { goBackAndReload } from '../lib/browser';
import { PrimaryButton, StatusHeading, StatusMessage, StatusPage } from './layout';

export interface ErrorScreenProps {
  /** HTTP status; the heading reads "{status} Error", or just "Error" without one. */
  status?: number;
  /** Clears the failed state (error boundary reset) before going back. */
  onReset?: () => void;
}

/**
 * Generic error screen (spec §8): heading, the status's Korean message, "잠시 후 다시 시도해 주세요!", and a
 * "돌아가기" button that resets, goes one page back and reloads.
 */
export function ErrorScreen({ status, onReset }: ErrorScreenProps) {
  const handleBack = () => {
    onReset?.();
    goBackAndReload();
  };
  return (
    <StatusPage>
      <StatusHeading>{copy.errors.heading(status)}</StatusHeading>
      <StatusMessage>
        {errorMessageFor(status)}
        {'\n'}
        {copy.errors.retryLater}
      </StatusMessage>
      <PrimaryButton type="button" onClick={handleBack}>
        {copy.errors.back}
      </PrimaryButton>
    </StatusPage>
  );
}
