import type { SignInIdentity } from './members';

/**
 * `SIGN_IN_ALLOWED_DOMAINS` (docs/setup.md "Single sign-on (OpenID Connect)"): when the list is set, a sign-in with
 * any provider (Google, Kakao, OIDC, the development form) is accepted only with a verified e-mail whose domain is
 * listed (exact match, case-insensitive: `example.com` does not admit `mail.example.com`). A provider that gives no
 * e-mail, or an e-mail it says is unverified, is refused. Checked at every sign-in, also for existing members; a
 * session already open (its refresh token) keeps working until it ends, as with GitLab's sign-in restrictions.
 * Returns null when allowed, else the reason (for the log; the browser gets `domain_not_allowed`).
 */
export function domainRefusal(allowed: readonly string[], identity: SignInIdentity): string | null {
  if (allowed.length === 0) return null;
  const email = identity.profile.email;
  if (!email) return 'the provider gave no e-mail';
  if (!identity.emailVerified) return 'the provider says the e-mail is not verified';
  const at = email.lastIndexOf('@');
  const domain = at > 0 ? email.slice(at + 1).toLowerCase() : '';
  return allowed.includes(domain) ? null : `e-mail domain ${domain || '(none)'} is not allowed`;
}
