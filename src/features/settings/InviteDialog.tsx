import { useId } from 'react';
import { styled } from '@mui/material/styles';
import { useGetInviteInfoQuery } from '../../api/workspaceApi';
import { copy } from '../../shared/copy';
import { CopyField } from '../../shared/ui/CopyField';
import { Modal, ModalButton } from '../../shared/ui/Modal';

/*
 * Layout: a 44.7rem panel; "팀원 초대" with an X; a grey 16px line; the bordered 35 × 7.9rem
 * box with `팀원 URL : …` / `암호 : …` and the navy copy button beside it; a full-width navy "닫기".
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

interface InviteDialogProps {
  onClose: () => void;
}

/**
 * "팀원 초대" (docs/product.md "Workspace and invitations"): `GET /api/workspace/setting/invite` → "팀원을 {name}님의 팀에 초대해봐요",
 * the URL and password in a read-only box with the copy button (2 s "복사가 완료되었습니다!" bubble), and "닫기".
 * Without data: "초대 정보를 불러오지 못했어요." and no box.
 */
export function InviteDialog({ onClose }: InviteDialogProps) {
  const text = copy.onboarding.invite;
  const { data, isLoading } = useGetInviteInfoQuery();
  const subtitleId = useId();
  const ready = Boolean(data?.inviteUrl && data.invitePassword);

  let subtitle: string = text.unavailable;
  if (isLoading) subtitle = copy.settings.invite.loading;
  else if (data && ready) subtitle = text.subtitle(data.name);

  return (
    <Modal open onClose={onClose} title={text.title} width="44.7rem" closeButton describedBy={subtitleId}>
      <Subtitle id={subtitleId} role={!isLoading && !ready ? 'alert' : undefined}>
        {subtitle}
      </Subtitle>
      {data && ready && (
        <Details
          variant="outlined"
          value={text.details(data.inviteUrl, data.invitePassword)}
          canCopy
          label={text.detailsLabel}
          copyLabel={text.copy}
          copiedMessage={text.copied}
          failedMessage={text.copyFailed}
        />
      )}
      <CloseButton type="button" fullWidth onClick={onClose}>
        {copy.settings.invite.close}
      </CloseButton>
    </Modal>
  );
}
