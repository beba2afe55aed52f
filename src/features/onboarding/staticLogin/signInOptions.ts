import type { SignInOptions } from '../../../../contract/auth';

/*
 * What the login screen learns from the server at runtime (docs/setup.md "Single sign-on (OpenID Connect)"): the
 * company sign-in button and the allowed e-mail domains depend on the server's configuration, while both the SPA's
 * login route and the static login page are built once. Shared by both; no zod (the login route's budget).
 */

/** `GET /api/auth/providers` (server/modules/auth/routes.ts). */
export const SIGN_IN_OPTIONS_URL = '/api/auth/providers';

/** The server's sign-in options, or null when it cannot tell (offline, older server): Google and Kakao only. */
export async function fetchSignInOptions(
  fetchFn: typeof fetch = (...args) => fetch(...args),
): Promise<SignInOptions | null> {
  try {
    const response = await fetchFn(SIGN_IN_OPTIONS_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) return null;
    const body = (await response.json()) as { result?: Partial<SignInOptions> } | null;
    const result = body?.result;
    if (!result || typeof result !== 'object') return null;
    const displayName = result.oidc?.displayName;
    return {
      oidc: typeof displayName === 'string' && displayName ? { displayName } : null,
      allowedDomains: Array.isArray(result.allowedDomains)
        ? result.allowedDomains.filter((d): d is string => typeof d === 'string')
        : [],
    };
  } catch {
    return null;
  }
}
