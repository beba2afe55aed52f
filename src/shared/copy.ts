import type { OAuthErrorCode } from '../../contract/auth';

/**
 * Every user-visible string of the client, in Korean. Components never inline copy; they read it from here,
 * so wording stays consistent and a later translation touches one file.
 */

export const PRODUCT_NAME = 'Momentum';

export type ItemKind = 'goal' | 'issue' | 'ext';
export type ItemScope = 'default' | 'team';
export type ItemMode = 'list' | 'create' | 'view' | 'edit';

const ITEM_LABELS: Record<ItemKind, string> = { goal: '목표', issue: '이슈', ext: '외부 이슈' };
const MODE_SUFFIX: Record<ItemMode, string> = { list: '목록', create: '생성', view: '상세', edit: '수정' };

export const copy = {
  productName: PRODUCT_NAME,
  logoLabel: `${PRODUCT_NAME} 로고`,
  documentTitle: PRODUCT_NAME,

  login: {
    tagline: '나의 작업실을 생성해봐요',
    google: '구글로 계속하기',
    kakao: '카카오톡으로 계속하기',
    terms: '이용약관 & 데이터 처리 동의',
    googleRedirectFailed: '구글 로그인 중 문제가 발생했습니다.',
    kakaoRedirectFailed: '카카오 로그인 중 문제가 발생했습니다.',
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
    } satisfies Record<OAuthErrorCode, string> as Record<string, string | undefined>,
    /** Any other `?error=` value. */
    oauthFailed: '로그인에 실패했습니다. 잠시 후 다시 시도해 주세요.',
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
  },

  notFound: {
    heading: '404',
    title: '찾을 수 없는 페이지입니다.',
    description: '요청하신 페이지가 사라졌거나, 잘못된 경로로 이용하셨어요!',
    back: '돌아가기',
  },

  /** Titles of screens that later issues implement; each shows a placeholder until then. */
  placeholders: {
    notice: '이 화면은 곧 제공될 예정입니다.',
    onboardingWorkspace: '새 워크스페이스 생성하기',
    onboardingInvite: '팀원 초대',
    onboardingFin: '속도의 관성을 유지하여 목표를 달성하는 협업툴',
    onboardingInputPw: '워크스페이스 초대 암호 입력',
    noti: '알림',
    wsProfile: '워크스페이스 프로필',
    teamList: '팀 목록',
    teamMembers: '워크스페이스 멤버',
    myProfile: '나의 프로필',
    githubComplete: 'Github 연동에 성공했습니다',
    slackComplete: 'Slack 연동에 성공했습니다',
    item: (kind: ItemKind, mode: ItemMode, scope: ItemScope) =>
      `${scope === 'default' ? '공동 ' : ''}${ITEM_LABELS[kind]} ${MODE_SUFFIX[mode]}`,
  },

  session: {
    /** Console diagnostics (spec §8), kept here so the wording matches the spec. */
    tokenMissing: 'accessToken 발급 실패',
    reissueFailed: 'accessToken 재발급 실패',
    profileFailed: '워크스페이스 정보 조회 실패',
  },
} as const;

/** The generic error screen's message for an HTTP status (spec §8). */
export function errorMessageFor(status?: number): string {
  return (status !== undefined && copy.errors.byStatus[status]) || copy.errors.unknown;
}
