/** Where a signed-in member without a workspace goes: the invitee to the password step, others to step 1. */
export const onboardingPathWithoutWorkspace = (isInvite: boolean) =>
  isInvite ? '/onboarding/input-pw' : '/onboarding/workspace';
