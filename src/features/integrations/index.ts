/*
 * Public entry of the integrations feature (GitHub and Slack per team): what other features and the router may
 * use. The complete pages are loaded by the router (IntegrationCompletePage.tsx).
 */
export type { IntegrationService } from './integrationModel';
export type { GithubTarget } from './githubTarget';
export { useGithubTargetLoader } from './useGithubTargetLoader';

export { loadConnectModal } from './loadConnectModal';
export { TeamIntegrationsSection } from './TeamIntegrationsSection';
export {
  useIntegrationAvailability,
  SetupGuideLink,
  serviceLabels,
  type IntegrationAvailabilityView,
} from './availability';
