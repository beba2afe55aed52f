/** The onboarding screens and where onboarding ends. */
export const ONBOARDING_PATHS = {
  login: '/onboarding',
  workspace: '/onboarding/workspace',
  invite: '/onboarding/invite',
  fin: '/onboarding/fin',
  inputPw: '/onboarding/input-pw',
  complete: '/workspace/complete',
} as const;

/** Where a signed-in member without a workspace goes: the invitee to the password step, others to step 1. */
export const onboardingPathWithoutWorkspace = (isInvite: boolean) =>
  isInvite ? ONBOARDING_PATHS.inputPw : ONBOARDING_PATHS.workspace;
