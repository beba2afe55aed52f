import { styled } from '@mui/material/styles';
import { errorStatus } from '../../api/errors';
import { goBackAndReload } from '../../shared/lib/browser';
import { ErrorContent } from '../../shared/ui/ErrorScreen';
import { PHONE } from '../../shared/ui/layout';

const ErrorBox = styled('div')({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '11rem 3.2rem 0',
  boxSizing: 'border-box',
  textAlign: 'center',
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
  [PHONE]: { padding: '3.2rem 2rem 0' },
});

/**
 * A settings page whose data failed to load (docs/product.md "Errors and messages"): the error block with
 * "돌아가기" (back one page and reload), inside the shell's `<main>`.
 */
export function LoadError({ error }: { error: unknown }) {
  return (
    <ErrorBox role="alert">
      <ErrorContent status={errorStatus(error)} onAction={goBackAndReload} />
    </ErrorBox>
  );
}
