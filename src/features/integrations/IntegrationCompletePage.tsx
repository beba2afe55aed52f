import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { integrationsInvalidated } from '../../api/integrationsApi';
import { useGetWorkspaceProfileQuery } from '../../api/workspaceApi';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { usePageTitle } from '../../shared/lib/pageTitle';
import { PHONE, PrimaryButton } from '../../shared/ui/layout';
import { ExtServiceLogo } from '../../shared/ui/icons/serviceLogos';
import {
  completeBackPath,
  completeErrorMessage,
  teamIdParam,
  type IntegrationService,
} from './integrationModel';

/*
 * `/workspace/github/complete` and `/workspace/slack/complete` (docs/product.md "Integrations"): where the server's
 * callback returns after the provider. A 15rem (150px) logo, "GitHub 연동에 성공했습니다" / "이제 팀원들과 함께 이슈를
 * 관리해보세요!", and "돌아가기" to the team's ext list. With `?error=<CODE>` the same layout says it failed and
 * why. Either way the integration reads (links flags, installation, repositories) are invalidated on mount.
 */

const Page = styled('section')(({ theme }) => ({
  boxSizing: 'border-box',
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '3.2rem',
  textAlign: 'center',
  color: theme.palette.text.primary,
  wordBreak: 'keep-all',
  overflowWrap: 'anywhere',
  [PHONE]: { padding: '3.2rem 2rem' },
}));

const Heading = styled('h1')({
  margin: '3.2rem 0 0',
  fontSize: '3.2rem',
  lineHeight: '150%',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  [PHONE]: { marginTop: '2.4rem', fontSize: '2.4rem' },
});

const Detail = styled('p')(({ theme }) => ({
  margin: '1.6rem 0 0',
  fontSize: '2rem',
  lineHeight: '140%',
  letterSpacing: '-0.02em',
  color: theme.palette.text.secondary,
  whiteSpace: 'pre-line',
  [PHONE]: { fontSize: '1.6rem' },
}));

const BackButton = styled(PrimaryButton)({ marginTop: '8rem', [PHONE]: { marginTop: '4.8rem' } });

export default function IntegrationCompletePage({ service }: { service: IntegrationService }) {
  const text = copy.integrations.complete;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const teamId = teamIdParam(params.get('teamId'));
  const error = params.get('error');
  // The default team decides between the default-team and team routes; wait for it (the shell has it cached).
  const { data: profile, isLoading } = useGetWorkspaceProfileQuery();
  usePageTitle(text.label[service]);

  // The links flags (and the GitHub installation/repositories) changed, or at least may have.
  useEffect(() => {
    dispatch(integrationsInvalidated());
  }, [dispatch]);

  const back = () => void navigate(completeBackPath(teamId, profile?.defaultTeamId), { replace: true });

  return (
    <Page aria-label={text.label[service]} data-result={error ? 'failure' : 'success'}>
      <ExtServiceLogo type={service} size="15rem" />
      <Heading>{error ? text.failure[service] : text.success[service]}</Heading>
      <Detail role={error ? 'alert' : undefined}>
        {error ? completeErrorMessage(error) : text.successDetail}
      </Detail>
      <BackButton type="button" disabled={isLoading} onClick={back}>
        {text.back}
      </BackButton>
    </Page>
  );
}
