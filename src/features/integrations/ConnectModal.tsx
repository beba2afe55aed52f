import { useId, useState } from 'react';
import { styled } from '@mui/material/styles';
import { EXT_SERVICE_LABELS } from '../../../contract/itemEnums';
import { errorEnvelope } from '../../api/errors';
import { useLazyGetGithubConnectUrlQuery, useLazyGetSlackConnectUrlQuery } from '../../api/integrationsApi';
import { useAppDispatch } from '../../app/hooks';
import { tokens } from '../../shared/ui/tokens';
import { copy } from '../../shared/copy';
import { assignLocation } from '../../shared/lib/browser';
import { Modal, ModalButton } from '../../shared/ui/Modal';
import { toastShown } from '../toast';
import { ExtServiceLogo } from '../../shared/ui/icons/serviceLogos';
import { SetupGuideLink, useIntegrationAvailability } from './availability';
import { INTEGRATION_SERVICES, isRedirectTarget, type IntegrationService } from './integrationModel';

/*
 * The "외부 연동" modal (docs/product.md "Integrations"): a 54.8rem panel, two 24.4rem cards
 * (GitHub, Slack) — white with a grey border, the chosen one navy with white text — and a full-width "외부 연동하기"
 * that stays disabled until a card is chosen. Confirm asks the server for the connect URL and leaves the app for
 * it (full-page redirect); a failure toasts the response's Korean message and keeps the modal open.
 *
 * The cards are native radio buttons inside labels: one Tab stop, arrow keys move the choice, Space picks.
 * Already-linked tools stay selectable (reconnecting is allowed). A tool the server has not configured
 * (`GET /api/teams/{teamId}/integrations`) is a disabled card saying "서버 관리자 설정 필요" with a link to the setup
 * guide, so nobody picks it to get a 503.
 */

const Cards = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: '1.2rem',
  margin: '2.4rem 0 0',
  padding: 0,
  border: 0,
  // Phones: one card a row, so neither is squeezed past the panel's edge.
  [theme.breakpoints.down('sm')]: {
    gridTemplateColumns: 'minmax(0, 1fr)',
    '& > label': { minHeight: '9.6rem', padding: '1.2rem 2rem' },
  },
}));

const Card = styled('label')({
  position: 'relative',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '1.2rem',
  minHeight: '12.4rem',
  padding: '0 3.2rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.5rem',
  backgroundColor: tokens.grey[100],
  color: '#111827',
  cursor: 'pointer',
  transition: 'box-shadow 150ms ease',
  '&:hover': { boxShadow: '0 10px 15px -3px rgba(0,0,0,.1), 0 4px 6px -4px rgba(0,0,0,.1)' },
  '&[data-disabled="true"]': { cursor: 'default', color: tokens.grey[600], boxShadow: 'none' },
  '&[data-disabled="true"] input': { cursor: 'default' },
  '& .setup': {
    // Above the card's invisible radio, so the link takes its own clicks.
    position: 'relative',
    zIndex: 1,
    alignSelf: 'flex-start',
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '4.4rem',
    fontSize: '1.4rem',
    fontWeight: 700,
    color: tokens.navyVariant,
    textDecoration: 'underline',
  },
  '&[data-checked="true"]': {
    borderColor: tokens.navy,
    backgroundColor: tokens.navy,
    color: tokens.grey[100],
  },
  // The GitHub mark is drawn in #111; on navy it turns white (CSS beats the SVG fill attribute).
  '&[data-checked="true"] .mark path': { fill: tokens.grey[100] },
  '&:has(input:focus-visible)': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.2rem' },
  '& input': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
  },
  '& .name': {
    display: 'flex',
    alignItems: 'center',
    gap: '0.8rem',
    fontSize: '2rem',
    lineHeight: '140%',
    fontWeight: 700,
    letterSpacing: '-0.02em',
  },
  '& .description': { fontSize: '1.2rem', lineHeight: '140%', letterSpacing: '-0.02em' },
});

const Submit = styled(ModalButton)({ marginTop: '1.6rem' });

export interface ConnectModalProps {
  open: boolean;
  onClose: () => void;
  /** The team whose ext list opened the modal: GitHub links this team; both complete pages return to it. */
  teamId: number;
}

export default function ConnectModal({ open, onClose, teamId }: ConnectModalProps) {
  const text = copy.integrations.modal;
  const dispatch = useAppDispatch();
  const name = useId();
  const [choice, setChoice] = useState<IntegrationService | null>(null);
  const [pending, setPending] = useState(false);
  // One-shot reads: the URL carries a short-lived signed state, so no refetch on focus.
  const [githubConnectUrl] = useLazyGetGithubConnectUrlQuery({ refetchOnFocus: false });
  const [slackConnectUrl] = useLazyGetSlackConnectUrlQuery({ refetchOnFocus: false });
  const availability = useIntegrationAvailability(teamId);
  const unconfiguredText = copy.integrations.unconfigured;

  const connect = async () => {
    if (!choice || pending) return;
    setPending(true);
    try {
      const url =
        choice === 'GITHUB'
          ? await githubConnectUrl(teamId, false).unwrap()
          : await slackConnectUrl(teamId, false).unwrap();
      if (!isRedirectTarget(url)) throw new Error('connect URL missing');
      // Leaving the app: the modal stays locked until the page unloads.
      assignLocation(url);
    } catch (failure) {
      console.error(text.failed[choice], failure);
      const message =
        errorEnvelope(failure as Parameters<typeof errorEnvelope>[0])?.message || text.failed[choice];
      dispatch(toastShown({ key: 'integrations/connect', message }));
      setPending(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={text.title} width="54.8rem" locked={pending}>
      <Cards role="radiogroup" aria-label={text.choose}>
        {INTEGRATION_SERVICES.map((service) => {
          const configured = availability.isConfigured(service);
          const description = configured ? text.descriptions[service] : unconfiguredText.note;
          return (
            <Card
              key={service}
              data-checked={configured && choice === service}
              data-disabled={!configured || undefined}
            >
              <input
                type="radio"
                name={name}
                value={service}
                checked={configured && choice === service}
                disabled={pending || !configured}
                onChange={() => setChoice(service)}
                aria-label={`${EXT_SERVICE_LABELS[service]} — ${description}`}
              />
              <span className="name">
                <span className="mark" style={{ display: 'inline-flex' }}>
                  <ExtServiceLogo type={service} size="3.2rem" />
                </span>
                {EXT_SERVICE_LABELS[service]}
              </span>
              <span className="description">{description}</span>
              {!configured && (
                <SetupGuideLink className="setup" href={availability.setupUrl} services={[service]} />
              )}
            </Card>
          );
        })}
      </Cards>
      <Submit
        type="button"
        fullWidth
        disabled={!choice || pending || !availability.isConfigured(choice)}
        aria-busy={pending || undefined}
        onClick={() => void connect()}
      >
        {pending ? text.submitting : text.submit}
      </Submit>
    </Modal>
  );
}
