import { styled } from '@mui/material/styles';
import { useGetInviteInfoQuery } from '../../../api/workspaceApi';
import { useAppDispatch } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { CopyField } from '../../../shared/ui/CopyField';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { PrimaryButton } from '../../../shared/ui/layout';
import { inviteDone } from '../onboardingSaga';
import { StepIndicator } from '../StepIndicator';
import { StepColumn, StepSubtitle, StepTitle } from '../ui';

/*
 * Indicator, heading, subtitle, 3.4rem, a 35 × 16.7rem grey box and — 1rem to its
 * right, top-aligned — the 4 × 3.6rem navy copy button, 7.3rem, the "done" button.
 */
const Details = styled(CopyField)({ width: '40rem', maxWidth: '100%', marginTop: '3.4rem' });

const DoneButton = styled(PrimaryButton)({ marginTop: '7.3rem' });

/**
 * `/onboarding/invite` (step 2): the invite URL and password (`GET /api/workspace/setting/invite`, already cached
 * right after creating the workspace; never stored), a copy button, and "팀원 초대 완료" → step 3.
 */
export default function InvitePage() {
  const dispatch = useAppDispatch();
  const { data } = useGetInviteInfoQuery();
  const url = data?.inviteUrl;
  const password = data?.invitePassword;
  const creator = data?.name ?? '';

  const text = copy.onboarding.invite;
  usePageTitle(copy.onboarding.pageTitles.invite);
  const details = url && password ? text.details(url, password) : text.unavailable;

  return (
    <StepColumn>
      <StepIndicator current={2} />
      <StepTitle>{text.title}</StepTitle>
      <StepSubtitle>{text.subtitle(creator)}</StepSubtitle>
      <Details
        value={details}
        canCopy={Boolean(url && password)}
        label={text.detailsLabel}
        copyLabel={text.copy}
        copiedMessage={text.copied}
        failedMessage={text.copyFailed}
      />
      <DoneButton type="button" onClick={() => dispatch(inviteDone())}>
        {text.done}
      </DoneButton>
    </StepColumn>
  );
}
