import { useId, useState } from 'react';
import { styled } from '@mui/material/styles';
import { INVITE_EXPIRIES, type InviteExpiry } from '../../../contract/roles';
import { errorEnvelope } from '../../api/errors';
import {
  useGetAdminInviteQuery,
  useGetInviteInfoQuery,
  useRotateInviteMutation,
  useSetInviteExpiryMutation,
} from '../../api/workspaceApi';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { CopyField } from '../../shared/ui/CopyField';
import { Modal, ModalButton } from '../../shared/ui/Modal';
import { PHONE } from '../../shared/ui/layout';
import { tokens } from '../../shared/ui/tokens';
import { toastShown } from '../toast';
import { formatSeoulDateTime } from './format';

/*
 * Layout: a 44.7rem panel; "팀원 초대" with an X; a grey 16px line; the bordered 35 × 7.9rem
 * box with `팀원 URL : …` / `암호 : …` and the navy copy button beside it; issue #23: the expiry choice (7일 / 30일 /
 * 만료 없음) with when it ends, and "새 초대 링크 만들기" (confirmed inline); a full-width navy "닫기".
 */

const Subtitle = styled('p')(({ theme }) => ({
  margin: '0.4rem 0 0',
  fontSize: '1.6rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.text.secondary,
}));

const Details = styled(CopyField)({ marginTop: '1.6rem' });

const CloseButton = styled(ModalButton)({ marginTop: '1.6rem' });

const Fieldset = styled('fieldset')({ margin: '2rem 0 0', padding: 0, border: 0, minWidth: 0 });

const Legend = styled('legend')({ padding: 0, fontSize: '1.4rem', fontWeight: 700, lineHeight: '140%' });

const Choices = styled('div')({ display: 'flex', gap: '0.8rem', marginTop: '0.8rem', flexWrap: 'wrap' });

/*
 * Each choice is a chip: the native radio (keyboard, forms) covers the whole chip, transparent, so the chip is the
 * touch target (44 px tall on phones); the chosen chip is drawn navy and bold.
 */
const Choice = styled('label')(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.6rem',
  minHeight: '3.6rem',
  padding: '0 1.2rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  fontSize: '1.4rem',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: tokens.navyVariant, color: tokens.navyVariant, fontWeight: 700 },
  '&:has(input:focus-visible)': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  '& input': {
    // Over the chip's border too, so the radio is the chip's full size.
    position: 'absolute',
    inset: '-1px',
    width: 'calc(100% + 2px)',
    height: 'calc(100% + 2px)',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
  [PHONE]: { minHeight: '4.4rem', flex: '1 1 0', justifyContent: 'center' },
}));

const Hint = styled('p')(({ theme }) => ({
  margin: '0.8rem 0 0',
  fontSize: '1.3rem',
  lineHeight: '140%',
  color: theme.palette.text.secondary,
}));

const RotateRow = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.8rem',
  marginTop: '2rem',
});

const RotateButton = styled('button')(({ theme }) => ({
  alignSelf: 'flex-start',
  minHeight: '3.6rem',
  padding: '0 1.4rem',
  border: `1px solid ${theme.palette.error.main}`,
  borderRadius: '0.4rem',
  background: 'transparent',
  color: theme.palette.error.main,
  font: 'inherit',
  fontSize: '1.4rem',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.5, cursor: 'default' },
  '&:focus-visible': { outline: `0.2rem solid ${theme.palette.secondary.main}` },
  [PHONE]: { minHeight: '4.4rem', alignSelf: 'stretch' },
}));

const ConfirmLine = styled('p')({ margin: 0, fontSize: '1.4rem', lineHeight: '150%' });

const ConfirmButtons = styled('div')({ display: 'flex', gap: '0.8rem', flexWrap: 'wrap' });

interface InviteDialogProps {
  onClose: () => void;
}

/**
 * "팀원 초대" (docs/product.md "Workspace and invitations"; admins only since issue #23, docs/security.md "Invites"):
 * "팀원을 {name}님의 팀에 초대해봐요", the URL and password in a read-only box with the copy button (2 s
 * "복사가 완료되었습니다!" bubble), how long the invite lasts (`PATCH /api/workspace/setting/invite`), "새 초대 링크
 * 만들기" (`POST …/invite/rotate`: the old link expires at once), and "닫기". Without data: "초대 정보를 불러오지
 * 못했어요." and no box.
 */
export function InviteDialog({ onClose }: InviteDialogProps) {
  const text = copy.onboarding.invite;
  const adminText = copy.admin.invite;
  const dispatch = useAppDispatch();
  const { data: info, isLoading: infoLoading } = useGetInviteInfoQuery();
  const { data, isLoading } = useGetAdminInviteQuery();
  const [rotate, { isLoading: rotating }] = useRotateInviteMutation();
  const [setExpiry, { isLoading: settingExpiry }] = useSetInviteExpiryMutation();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const subtitleId = useId();
  const ready = Boolean(data?.inviteUrl && data.invitePassword);
  const loading = isLoading || infoLoading;

  let subtitle: string = text.unavailable;
  if (loading) subtitle = copy.settings.invite.loading;
  else if (data && ready) subtitle = text.subtitle(info?.name ?? '');

  const toast = (message: string) => dispatch(toastShown({ message, key: 'settings/invite' }));
  const failed = (error: unknown) =>
    toast(errorEnvelope(error as Parameters<typeof errorEnvelope>[0])?.message || adminText.failed);

  const chooseExpiry = async (inviteExpiry: InviteExpiry) => {
    const result = await setExpiry({ inviteExpiry });
    if ('error' in result && result.error) failed(result.error);
    else toast(adminText.expiryChanged);
  };
  const rotateNow = async () => {
    const result = await rotate();
    setConfirmRotate(false);
    if ('error' in result && result.error) failed(result.error);
    else toast(adminText.rotated);
  };

  return (
    <Modal open onClose={onClose} title={text.title} width="44.7rem" closeButton describedBy={subtitleId}>
      <Subtitle id={subtitleId} role={!loading && !ready ? 'alert' : undefined}>
        {subtitle}
      </Subtitle>
      {data && ready && (
        <>
          <Details
            variant="outlined"
            value={text.details(data.inviteUrl, data.invitePassword)}
            canCopy
            label={text.detailsLabel}
            copyLabel={text.copy}
            copiedMessage={text.copied}
            failedMessage={text.copyFailed}
          />
          <Fieldset disabled={settingExpiry || rotating}>
            <Legend>{adminText.expiryLabel}</Legend>
            <Choices>
              {INVITE_EXPIRIES.map((expiry) => (
                <Choice key={expiry}>
                  <input
                    type="radio"
                    name="invite-expiry"
                    value={expiry}
                    checked={data.inviteExpiry === expiry}
                    onChange={() => void chooseExpiry(expiry)}
                  />
                  {adminText.expiries[expiry]}
                </Choice>
              ))}
            </Choices>
            <Hint>
              {data.inviteExpiresAt
                ? adminText.expiresAt(formatSeoulDateTime(data.inviteExpiresAt))
                : adminText.neverExpires}
            </Hint>
          </Fieldset>
          <RotateRow>
            {confirmRotate ? (
              <>
                <ConfirmLine role="alert">{adminText.rotateConfirm}</ConfirmLine>
                <ConfirmButtons>
                  <RotateButton type="button" disabled={rotating} onClick={() => void rotateNow()}>
                    {adminText.rotate}
                  </RotateButton>
                  <RotateButton
                    type="button"
                    style={{ borderColor: tokens.grey[300], color: 'inherit' }}
                    onClick={() => setConfirmRotate(false)}
                  >
                    {copy.modal.cancel}
                  </RotateButton>
                </ConfirmButtons>
              </>
            ) : (
              <RotateButton type="button" onClick={() => setConfirmRotate(true)}>
                {adminText.rotate}
              </RotateButton>
            )}
          </RotateRow>
        </>
      )}
      <CloseButton type="button" fullWidth onClick={onClose}>
        {copy.settings.invite.close}
      </CloseButton>
    </Modal>
  );
}
