import { useEffect, useId, useState, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import { errorEnvelope, errorStatus, type ApiError } from '../../api/errors';
import { useWithdrawMutation } from '../../api/membersApi';
import { useLogoutMutation } from '../../api/sessionApi';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { Modal, ModalBody } from '../../shared/ui/Modal';
import { PHONE } from '../../shared/ui/layout';
import { LOGOUT_REQUEST_KEY, WITHDRAW_REQUEST_KEY, logoutRequested, withdrawRequested } from '../session';
import { Checkbox } from './Checkbox';

/*
 * The my-profile page's two leaving dialogs. Both hand the work to the sign-out saga (features/session/
 * signOutSaga.ts) and read its request's pending state through the mutation's fixed cache key; while it runs
 * the dialog cannot be closed and its button is disabled.
 */

const Agreement = styled('label')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  marginTop: '2rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.text.secondary,
  cursor: 'pointer',
  [PHONE]: { minHeight: '4.4rem', fontSize: '1.4rem' },
}));

/** issue #23 (admin): why the withdrawal was refused (the owner must transfer ownership first). */
const BlockedLine = styled('p')(({ theme }) => ({
  margin: '1.6rem 0 0',
  fontSize: '1.4rem',
  lineHeight: '150%',
  color: theme.palette.error.main,
}));

interface DialogProps {
  onClose: () => void;
}

interface LeavingDialogProps extends DialogProps {
  text: { title: string; body: string; submit: string };
  /** The sign-out saga's request is running: the dialog stays open and its button is disabled. */
  busy: boolean;
  onConfirm: () => void;
  width?: string;
  confirmDisabled?: boolean;
  /** Below the body sentence. */
  children?: ReactNode;
}

/** What both dialogs share: title, the body sentence and a red action. */
function LeavingDialog({
  text,
  busy,
  onConfirm,
  onClose,
  width,
  confirmDisabled = false,
  children,
}: LeavingDialogProps) {
  const bodyId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title={text.title}
      width={width}
      describedBy={bodyId}
      locked={busy}
      onAction={onConfirm}
      actionLabel={text.submit}
      actionTone="red"
      actionDisabled={confirmDisabled || busy}
    >
      <ModalBody id={bodyId}>{text.body}</ModalBody>
      {children}
    </Modal>
  );
}

/**
 * The withdraw modal: "정말로 탈퇴하시겠어요?", the no-recovery sentence, the agreement checkbox and
 * "탈퇴하기" — grey and disabled until the box is ticked (docs/product.md "Settings"), then red.
 */
export function WithdrawDialog({ onClose }: DialogProps) {
  const text = copy.settings.withdraw;
  const dispatch = useAppDispatch();
  const [agreed, setAgreed] = useState(false);
  const [, { isLoading, error, reset }] = useWithdrawMutation({ fixedCacheKey: WITHDRAW_REQUEST_KEY });
  // issue #23 (admin): the owner cannot withdraw while others remain (409 MEMBER409_0): the server's message here.
  const blocked = errorStatus(error) === 409 ? errorEnvelope(error as ApiError)?.message || null : null;
  useEffect(() => reset, [reset]);
  return (
    <LeavingDialog
      text={text}
      busy={isLoading}
      onConfirm={() => dispatch(withdrawRequested())}
      onClose={onClose}
      width="42.6rem"
      confirmDisabled={!agreed}
    >
      <Agreement>
        <Checkbox
          type="checkbox"
          tone="red"
          boxSize="1.2rem"
          checked={agreed}
          disabled={isLoading}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        {text.agree}
      </Agreement>
      {blocked && <BlockedLine role="alert">{blocked}</BlockedLine>}
    </LeavingDialog>
  );
}

/** "로그아웃" / "정말로 로그아웃하시겠습니까?" / red "로그아웃". */
export function LogoutDialog({ onClose }: DialogProps) {
  const text = copy.settings.logout;
  const dispatch = useAppDispatch();
  const [, { isLoading }] = useLogoutMutation({ fixedCacheKey: LOGOUT_REQUEST_KEY });
  return (
    <LeavingDialog
      text={text}
      busy={isLoading}
      onConfirm={() => dispatch(logoutRequested())}
      onClose={onClose}
    />
  );
}
