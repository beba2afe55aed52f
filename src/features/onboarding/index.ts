/** Public entry of the onboarding feature: what other features may use. */
export { onboardingPathWithoutWorkspace } from './paths';
