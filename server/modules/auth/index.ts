/**
 * Public entry of server/modules/auth: what other modules and server/app.ts may use (eslint.config.js zones;
 * docs/architecture.md "Layers"). Sign-in with Google, Kakao and the company's OpenID Connect provider (with the
 * allowed e-mail domains; docs/setup.md "Single sign-on (OpenID Connect)"), token reissue and sign-out
 * (docs/security.md "Sessions").
 */
export { clearRefreshCookie, cookieBase } from './cookies';
export { createRequireMember } from './require-member';
export { authRoutes } from './routes';
// issue #25: the warm-up (server/modules/system/warmup.ts) signs in as a member to send the read routes through the app.
export { signAccessToken } from './tokens';
