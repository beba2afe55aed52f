import { useEffect, useRef, useState } from 'react';
import { styled } from '@mui/material/styles';
import { useGetInviteInfoQuery } from '../../../api/workspaceApi';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { copyText } from '../../../shared/lib/clipboard';
import { PrimaryButton } from '../../../shared/ui/layout';
import { selectInvite } from '../../invite/inviteSlice';
import { inviteDone } from '../onboardingSaga';
import { StepIndicator } from '../StepIndicator';
import { CopyIcon, IconButton, StepColumn, StepSubtitle, StepTitle } from '../ui';

/** Spec §9: the "copied" bubble shows for 2 s. */
export const COPIED_BUBBLE_MS = 2000;

/*
 * veco-onboarding-invite*.png: indicator, heading, subtitle, 3.4rem, a 35 × 16.7rem grey box and — 1rem to its
 * right, top-aligned — the 4 × 3.6rem navy copy button, 7.3rem, the "done" button.
 */
const Row = styled('div')({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '1rem',
  width: '40rem',
  marginTop: '3.4rem',
});

const Details = styled('textarea')(({ theme }) => ({
  width: '35rem',
  height: '16.7rem',
  padding: '1.8rem 2rem',
  border: 0,
  borderRadius: '0.5rem',
  outline: 'none',
  resize: 'none',
  backgroundColor: theme.palette.grey[200],
  color: theme.palette.text.primary,
  font: 'inherit',
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  textAlign: 'left',
  overflowWrap: 'anywhere',
  '&:focus-visible': { boxShadow: `inset 0 0 0 1px ${theme.palette.grey[400]}` },
}));

const CopyAnchor = styled('div')({ position: 'relative' });

/** Black speech bubble centred above the copy button; its live region stays mounted and empties when hidden. */
const Bubble = styled('p')(({ theme }) => ({
  position: 'absolute',
  left: '50%',
  bottom: 'calc(100% + 1.3rem)',
  transform: 'translateX(-50%)',
  margin: 0,
  padding: '1.6rem',
  borderRadius: '0.5rem',
  backgroundColor: theme.palette.grey[600],
  color: theme.palette.common.white,
  fontSize: '1.2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
  '&:empty': { display: 'none' },
  '&::after': {
    content: '""',
    position: 'absolute',
    top: '100%',
    left: '50%',
    transform: 'translateX(-50%)',
    borderLeft: '0.6rem solid transparent',
    borderRight: '0.6rem solid transparent',
    borderTop: `1rem solid ${theme.palette.grey[600]}`,
  },
}));

const DoneButton = styled(PrimaryButton)({ marginTop: '7.3rem' });

/**
 * `/onboarding/invite` (step 2): the invite URL and password (stored at creation; read from
 * `GET /api/workspace/setting/invite` when missing), a copy button, and "팀원 초대 완료" → step 3.
 */
export default function InvitePage() {
  const dispatch = useAppDispatch();
  const { inviteUrl, invitePassword, name } = useAppSelector(selectInvite);
  const missing = !inviteUrl || !invitePassword || !name;
  // The invite slice fills itself from this response (see inviteSlice's matcher).
  const { data } = useGetInviteInfoQuery(undefined, { skip: !missing });
  const url = inviteUrl ?? data?.inviteUrl;
  const password = invitePassword ?? data?.invitePassword;
  const creator = name ?? data?.name ?? '';

  const text = copy.onboarding.invite;
  const details = url && password ? text.details(url, password) : text.unavailable;

  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleCopy = async () => {
    if (!url || !password) {
      window.alert(text.copyFailed);
      return;
    }
    if (!(await copyText(details, detailsRef.current))) {
      window.alert(text.copyFailed);
      return;
    }
    window.clearTimeout(timer.current);
    setCopied(true);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_BUBBLE_MS);
  };

  return (
    <StepColumn>
      <StepIndicator current={2} />
      <StepTitle>{text.title}</StepTitle>
      <StepSubtitle>{text.subtitle(creator)}</StepSubtitle>
      <Row>
        <Details ref={detailsRef} readOnly value={details} aria-label={text.detailsLabel} />
        <CopyAnchor>
          <Bubble role="status">{copied ? text.copied : ''}</Bubble>
          <IconButton type="button" aria-label={text.copy} onClick={() => void handleCopy()}>
            <CopyIcon />
          </IconButton>
        </CopyAnchor>
      </Row>
      <DoneButton type="button" onClick={() => dispatch(inviteDone())}>
        {text.done}
      </DoneButton>
    </StepColumn>
  );
}
