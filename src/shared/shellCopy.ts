import type { OAuthErrorCode } from '../../contract/auth';
import { withRo } from './lib/particle';

/*
 * The strings of the app's shell, in Korean: the product name, the sign-in screen, the spinners, the error and
 * not-found screens. They are part of `copy` (shared/copy.ts spreads them), and live in this small module because
 * the entry chunk and the sign-in route import them: the rest of `copy` (about 8 KB gzip) then loads with the
 * workspace screens instead of with every start (docs/performance.md "Bundle sizes").
 */

export const PRODUCT_NAME = 'Momentum';

export type ItemScope = 'default' | 'team';
export type ItemMode = 'list' | 'create' | 'view' | 'edit';

const CONTINUE = '계속하기';

/** The shell's strings; read them as `copy.login.*` etc. anywhere but the entry chunk and the sign-in route. */
export const shellCopy = {
  productName: PRODUCT_NAME,
  logoLabel: `${PRODUCT_NAME} 로고`,
  documentTitle: PRODUCT_NAME,

  login: {
    tagline: '나의 작업실을 생성해봐요',
    google: '구글로 계속하기',
    kakao: '카카오톡으로 계속하기',
    /** The company (OpenID Connect) button: "사내 계정으로 계속하기" for `OIDC_DISPLAY_NAME=사내 계정`. */
    oidc: (displayName: string) => `${withRo(displayName)} ${CONTINUE}`,
    /** What follows "{name}(으)로" on the company button (the static login page composes it itself). */
    oidcContinue: CONTINUE,
    terms: '이용약관 & 데이터 처리 동의',
    googleRedirectFailed: '구글 로그인 중 문제가 발생했습니다.',
    kakaoRedirectFailed: '카카오 로그인 중 문제가 발생했습니다.',
    oidcRedirectFailed: '회사 계정 로그인 중 문제가 발생했습니다.',
    /** `?error=domain_not_allowed` when the server told the screen its `SIGN_IN_ALLOWED_DOMAINS`. */
    domainNotAllowed: (domains: readonly string[]) =>
      `회사 계정(${domains.join(', ')})으로만 로그인할 수 있어요.`,
    /**
     * `/onboarding?error=<code>` from the server's OAuth failure redirect. Mirrors `OAUTH_ERROR_MESSAGES` of
     * contract/auth.ts (that module carries zod, so the login chunk must not import its values); `satisfies`
     * makes a new server code a type error here until it has its Korean line.
     */
    oauthErrors: {
      oauth_denied: '로그인이 취소되었습니다. 다시 시도해 주세요.',
      oauth_state: '로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.',
      oauth_exchange: '로그인 제공자와 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      oauth_userinfo: '로그인 제공자에서 사용자 정보를 가져오지 못했습니다.',
      provider_not_configured: '이 로그인 방식은 아직 설정되지 않았습니다.',
      oauth_server: '로그인 중 서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
      oauth_id_token: '로그인 정보(ID 토큰)를 확인하지 못했습니다. 다시 시도해 주세요.',
      oidc_unavailable: '회사 로그인 서버에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      domain_not_allowed: '회사 계정으로만 로그인할 수 있어요.',
    } satisfies Record<OAuthErrorCode, string> as Record<string, string | undefined>,
    /** Any other `?error=` value. */
    oauthFailed: '로그인에 실패했습니다. 잠시 후 다시 시도해 주세요.',
    /** The sign-in screen's document title (`로그인 · Momentum`). */
    pageTitle: '로그인',
    /** Shown on the sign-in screen after an admin removed the member (their tabs sign out). */
    removedNotice:
      '워크스페이스 관리자가 회원님을 워크스페이스에서 내보냈어요. 다시 참여하려면 새 초대 링크가 필요해요.',
  },

  loading: {
    spinner: '불러오는 중입니다',
    login: '로그인 정보를 확인하는 중입니다',
    workspace: '워크스페이스를 불러오는 중입니다',
    invite: '초대 정보를 확인하는 중입니다',
  },

  errors: {
    heading: (status?: number) => (status ? `${status} Error` : 'Error'),
    byStatus: {
      400: '잘못된 요청입니다.',
      401: '인증되지 않은 사용자입니다.',
      403: '접근이 거부되었습니다.',
      404: '요청한 리소스를 찾을 수 없습니다.',
      500: '서버 오류가 발생했습니다.',
    } as Record<number, string>,
    unknown: '알 수 없는 오류가 발생했습니다.',
    retryLater: '잠시 후 다시 시도해 주세요!',
    back: '돌아가기',
    /** The error screen's document title (`오류 · Momentum`). */
    pageTitle: '오류',
  },

  notFound: {
    heading: '404',
    title: '찾을 수 없는 페이지입니다.',
    description: '요청하신 페이지가 사라졌거나, 잘못된 경로로 이용하셨어요!',
    back: '돌아가기',
    /** Document title (`페이지를 찾을 수 없음 · Momentum`). */
    pageTitle: '페이지를 찾을 수 없음',
  },
} as const;

/** The generic error screen's message for an HTTP status (docs/product.md "Errors and messages"). */
export function errorMessageFor(status?: number): string {
  return (status !== undefined && shellCopy.errors.byStatus[status]) || shellCopy.errors.unknown;
}
