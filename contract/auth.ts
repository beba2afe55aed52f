import { z } from 'zod';
import { envelopeSchema } from './envelope';

/**
 * Providers we sign in with (docs/product.md "Sign-in and session"): Google, Kakao, and `oidc`, the company's own
 * OpenID Connect provider when `OIDC_ISSUER` is configured (docs/setup.md "Single sign-on (OpenID Connect)").
 */
export const providerSchema = z.enum(['google', 'kakao', 'oidc']);
export type Provider = z.infer<typeof providerSchema>;

/** `POST /api/token/reissue` → `result: { accessToken }` (JWT HS256, `typ: access`, 15 minutes). */
export const reissueResultSchema = z.object({ accessToken: z.string().min(1) });
export type ReissueResult = z.infer<typeof reissueResultSchema>;
export const reissueResponseSchema = envelopeSchema(reissueResultSchema);

/** `POST /api/token/logout` → `result: null`. */
export const logoutResponseSchema = envelopeSchema(z.null());

/** `POST /oauth2/dev/{provider}` form fields of the development sign-in (urlencoded). */
export const devSignInFormSchema = z.object({
  name: z.string().trim().min(1, '이름을 입력해 주세요.').max(30, '이름은 30자 이하로 입력해 주세요.'),
  email: z.email('올바른 이메일 주소를 입력해 주세요.').max(254),
});
export type DevSignInForm = z.infer<typeof devSignInFormSchema>;

/** Lifetimes, in seconds. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
export const REFRESH_COOKIE_NAME = 'refreshToken';
export const REFRESH_COOKIE_PATH = '/api/token';

/**
 * Short codes the server puts in `/onboarding?error=<code>` when a sign-in fails (docs/product.md
 * "Sign-in and session": failure → 302 to `/onboarding?error=…`), with the Korean text the client may show.
 */
export const OAUTH_ERROR_MESSAGES = {
  oauth_denied: '로그인이 취소되었습니다.',
  oauth_state: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.',
  oauth_exchange: '로그인 제공자와 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  oauth_userinfo: '로그인 제공자에서 사용자 정보를 가져오지 못했습니다.',
  provider_not_configured: '이 로그인 방식은 아직 설정되지 않았습니다.',
  oauth_server: '로그인 중 서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  oauth_id_token: '로그인 정보(ID 토큰)를 확인하지 못했습니다. 다시 시도해 주세요.',
  oidc_unavailable: '회사 로그인 서버에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
  domain_not_allowed: '회사 계정으로만 로그인할 수 있어요.',
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_MESSAGES;
export const oauthErrorCodeSchema = z.enum(
  Object.keys(OAUTH_ERROR_MESSAGES) as [OAuthErrorCode, ...OAuthErrorCode[]],
);

/**
 * `GET /api/auth/providers` → which sign-in buttons the login screen shows beyond Google and Kakao, and the e-mail
 * domains sign-in is limited to (docs/setup.md "Single sign-on (OpenID Connect)").
 */
export const signInOptionsSchema = z.object({
  /** The company's OpenID Connect provider, or null when `OIDC_ISSUER` is unset. */
  oidc: z
    .object({ displayName: z.string().min(1).describe('`OIDC_DISPLAY_NAME`, e.g. 사내 계정') })
    .nullable(),
  /** `SIGN_IN_ALLOWED_DOMAINS`, lower case; empty when any e-mail may sign in. */
  allowedDomains: z.array(z.string()),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;
export const signInOptionsResponseSchema = envelopeSchema(signInOptionsSchema);
