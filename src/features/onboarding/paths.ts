import { ROUTES } from '../../app/paths';

/** The onboarding screens and where onboarding ends (the route table, app/paths.ts). */
export const ONBOARDING_PATHS = {
  login: ROUTES.login.path,
  workspace: ROUTES.onboardingWorkspace.path,
  invite: ROUTES.onboardingInvite.path,
  fin: ROUTES.onboardingFin.path,
  inputPw: ROUTES.onboardingInputPw.path,
  complete: ROUTES.workspaceComplete.path,
} as const;

/** Where a signed-in member without a workspace goes: the invitee to the password step, others to step 1. */
export const onboardingPathWithoutWorkspace = (isInvite: boolean) =>
  isInvite ? ONBOARDING_PATHS.inputPw : ONBOARDING_PATHS.workspace;
