import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** Social providers we sign in with (docs/product.md "Sign-in and session"). */
export const providerSchema = z.enum(['google', 'kakao']);
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
} as const;
export type OAuthErrorCode = keyof typeof OAUTH_ERROR_MESSAGES;
export const oauthErrorCodeSchema = z.enum(
  Object.keys(OAUTH_ERROR_MESSAGES) as [OAuthErrorCode, ...OAuthErrorCode[]],
);
