import { INTEGRATIONS_SETUP_PATH } from '../../../contract/integrationsSetup';
import { EXT_SERVICE_LABELS } from '../../../contract/itemEnums';
import { useGetIntegrationAvailabilityQuery } from '../../api/integrationsApi';
import { copy } from '../../shared/copy';
import { INTEGRATION_SERVICES, type IntegrationService } from './integrationModel';

/*
 * Which tools this server can offer (docs/product.md "Integrations"; `GET /api/teams/{teamId}/integrations`): a
 * tool without server credentials is shown as "서버 관리자 설정 필요" with a link to the administrator's setup guide
 * (public/integrations-setup.html) instead of being offered and then answering 503.
 */

export interface IntegrationAvailabilityView {
  /** False only when the server said so; while loading, or when the read failed, every tool counts as configured. */
  isConfigured: (service: IntegrationService) => boolean;
  /** The tools the server has not configured, in the modal's order (GitHub, Slack). */
  unconfigured: IntegrationService[];
  /** The setup guide's URL (same origin). */
  setupUrl: string;
}

/** The server's integration configuration as seen by team `teamId` (kept for the session). */
export function useIntegrationAvailability(teamId: number): IntegrationAvailabilityView {
  const { data } = useGetIntegrationAvailabilityQuery(teamId);
  const isConfigured = (service: IntegrationService) =>
    !data || (service === 'GITHUB' ? data.githubConfigured : data.slackConfigured);
  return {
    isConfigured,
    unconfigured: INTEGRATION_SERVICES.filter((service) => !isConfigured(service)),
    setupUrl: data?.setupUrl ?? INTEGRATIONS_SETUP_PATH,
  };
}

/** 'GitHub · Slack': the tools' labels as one line. */
export const serviceLabels = (services: readonly IntegrationService[]) =>
  services.map((service) => EXT_SERVICE_LABELS[service]).join(' · ');

export interface SetupGuideLinkProps {
  href: string;
  /** The unconfigured tools the guide is for (its accessible name names them). */
  services: readonly IntegrationService[];
  className?: string;
}

/** "설정 안내": the administrator's setup guide, in a new tab. */
export function SetupGuideLink({ href, services, className }: SetupGuideLinkProps) {
  const text = copy.integrations.unconfigured;
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={text.guideLabel(serviceLabels(services))}
    >
      {text.guide}
    </a>
  );
}
