import { lazy, Suspense, useId, useState } from 'react';
import { styled } from '@mui/material/styles';
import { EXT_SERVICE_LABELS } from '../../../contract/itemEnums';
import { errorEnvelope } from '../../api/errors';
import {
  useDisconnectGithubMutation,
  useDisconnectSlackMutation,
  useGetGithubInstallationQuery,
} from '../../api/integrationsApi';
import { useGetExternalLinksQuery } from '../../api/itemsApi';
import { useAppDispatch } from '../../app/hooks';
import { copy } from '../../shared/copy';
import { SmallNavyButton, SmallOutlineButton } from '../../shared/ui/buttons';
import { ExtServiceLogo } from '../../shared/ui/icons/serviceLogos';
import { PHONE } from '../../shared/ui/layout';
import { Modal } from '../../shared/ui/Modal';
import { tokens } from '../../shared/ui/tokens';
import { toastShown } from '../toast';
import { useIntegrationAvailability } from './availability';
import { INTEGRATION_SERVICES, type IntegrationService } from './integrationModel';
import { loadConnectModal } from './loadConnectModal';

/*
 * Team settings' "외부 연동" section (issue #23; docs/security.md "Roles", docs/product.md "Integrations"): one row
 * per tool with its state — GitHub is linked per team (with the installation's account), Slack per workspace.
 * Workspace admins get "연동하기" (the same "외부 연동" modal as the external list, a lazy chunk) while a configured
 * tool is unlinked, and "연동 해제" on a linked one, behind a confirmation that says what stays (the externals) and
 * how far it reaches (Slack: every team). Members see the states and a note that admins manage them.
 */

const ConnectModal = lazy(loadConnectModal);

const TOAST_KEY = 'team-integrations';

const Title = styled('h2')({ margin: '0 0 1.2rem', fontSize: '1.8rem', lineHeight: '140%', fontWeight: 700 });
const Rows = styled('ul')({ listStyle: 'none', margin: 0, padding: 0 });
const Row = styled('li')({
  display: 'flex',
  alignItems: 'center',
  gap: '1.2rem',
  minHeight: '5.6rem',
  borderBottom: `1px solid ${tokens.grey[300]}`,
  '& .tool': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.8rem',
    fontSize: '1.6rem',
    fontWeight: 700,
  },
  '& .state': {
    flex: 1,
    minWidth: 0,
    fontSize: '1.4rem',
    color: tokens.grey[500],
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .state[data-linked="true"]': { color: tokens.navy },
  [PHONE]: { flexWrap: 'wrap', rowGap: 0, padding: '0.8rem 0' },
});
const Note = styled('p')({
  margin: '0.8rem 0 0',
  fontSize: '1.4rem',
  lineHeight: '150%',
  color: tokens.grey[500],
  wordBreak: 'keep-all',
});
const OutlineButton = SmallOutlineButton;
const Actions = styled('div')({ marginTop: '1.2rem' });

export interface TeamIntegrationsSectionProps {
  teamId: number;
  /** Workspace admins and the owner (`myRole` of `GET /api/workspace/setting`): connect and disconnect. */
  canManage: boolean;
}

/** The "외부 연동" section of `/workspace/setting/team/{teamId}`. Renders nothing until the links flags load. */
export function TeamIntegrationsSection({ teamId, canManage }: TeamIntegrationsSectionProps) {
  const text = copy.integrations.manage;
  const titleId = useId();
  const confirmId = useId();
  const dispatch = useAppDispatch();
  const { data: links } = useGetExternalLinksQuery(teamId);
  const { data: installation } = useGetGithubInstallationQuery(teamId, { skip: !links?.linkedWithGithub });
  const availability = useIntegrationAvailability(teamId);
  const [disconnectGithub, githubState] = useDisconnectGithubMutation();
  const [disconnectSlack, slackState] = useDisconnectSlackMutation();
  const [confirming, setConfirming] = useState<IntegrationService | null>(null);
  const [connecting, setConnecting] = useState(false);
  if (!links) return null;

  const linked = (service: IntegrationService) =>
    service === 'GITHUB' ? links.linkedWithGithub : links.linkedWithSlack;
  const detail = (service: IntegrationService) => {
    if (!linked(service))
      return availability.isConfigured(service) ? text.notLinked : copy.integrations.unconfigured.note;
    if (service === 'SLACK') return `${text.linked} · ${text.slackScope}`;
    return installation?.account
      ? `${text.linked} · ${text.githubAccount(installation.account)}`
      : text.linked;
  };
  const connectable = INTEGRATION_SERVICES.some((s) => !linked(s) && availability.isConfigured(s));
  const busy = githubState.isLoading || slackState.isLoading;

  const disconnect = async (service: IntegrationService) => {
    const result = service === 'GITHUB' ? await disconnectGithub(teamId) : await disconnectSlack();
    setConfirming(null);
    const tool = EXT_SERVICE_LABELS[service];
    const message =
      'error' in result && result.error
        ? (errorEnvelope(result.error)?.message ?? text.failed)
        : text.disconnected(tool);
    dispatch(toastShown({ key: TOAST_KEY, message }));
  };

  return (
    <section aria-labelledby={titleId} style={{ marginTop: '3.2rem' }}>
      <Title id={titleId}>{text.title}</Title>
      <Rows>
        {INTEGRATION_SERVICES.map((service) => (
          <Row key={service}>
            <span className="tool">
              <ExtServiceLogo type={service} size="2.4rem" />
              {EXT_SERVICE_LABELS[service]}
            </span>
            <span className="state" data-linked={linked(service)}>
              {detail(service)}
            </span>
            {canManage && linked(service) && (
              <OutlineButton
                type="button"
                aria-label={text.disconnectLabel(EXT_SERVICE_LABELS[service])}
                disabled={busy}
                onClick={() => setConfirming(service)}
              >
                {text.disconnect}
              </OutlineButton>
            )}
          </Row>
        ))}
      </Rows>
      {canManage && connectable && (
        <Actions>
          <SmallNavyButton type="button" aria-haspopup="dialog" onClick={() => setConnecting(true)}>
            {text.connect}
          </SmallNavyButton>
        </Actions>
      )}
      {!canManage && <Note role="note">{text.adminsOnly}</Note>}

      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? text.confirmTitle(EXT_SERVICE_LABELS[confirming]) : undefined}
        describedBy={confirmId}
        actionLabel={text.confirmAction}
        actionTone="red"
        actionDisabled={busy}
        locked={busy}
        onAction={() => confirming && void disconnect(confirming)}
      >
        <Note id={confirmId}>{confirming ? text.confirmBody[confirming] : null}</Note>
      </Modal>
      {connecting && (
        <Suspense fallback={null}>
          <ConnectModal open onClose={() => setConnecting(false)} teamId={teamId} />
        </Suspense>
      )}
    </section>
  );
}
