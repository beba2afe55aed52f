/*
 * Public entry of the integrations feature (GitHub and Slack per team): what other features and the router may
 * use. The complete pages are loaded by the router (IntegrationCompletePage.tsx).
 */
export type { IntegrationService } from './integrationModel';
export type { GithubTarget } from './githubTarget';
export { useGithubTargetLoader } from './useGithubTargetLoader';

/** The "외부 연동" modal, in its own chunk (`integrations-connect`): fetched on first hover, focus or click. */
export const loadConnectModal = () => import(/* webpackChunkName: "integrations-connect" */ './ConnectModal');
export {
  useIntegrationAvailability,
  SetupGuideLink,
  serviceLabels,
  type IntegrationAvailabilityView,
} from './availability';
