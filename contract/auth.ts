import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** Social providers we sign in with (api-contract.md "Sign-in and session"). */
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
