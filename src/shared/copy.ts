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

  /** Onboarding steps 1–3 and the invitee's password screen (veco-frontend.md §3.3–3.6). */
  onboarding: {
    steps: {
      /** Accessible name of the step indicator's `<nav>`. */
      label: '온보딩 단계',
      /** Accessible name of each step (visually hidden text of its dot). */
      step: (index: number, name: string) => `${index}단계: ${name}`,
      names: ['워크스페이스 생성', '팀원 초대', '시작하기'],
    },
    workspace: {
      title: '새 워크스페이스 생성하기',
      subtitle: '팀이 함께 일하며 이슈들을 공유하는 환경이에요',
      namePlaceholder: '워크스페이스 이름',
      confirmName: '이름 확인',
      urlPlaceholder: '워크스페이스 URL',
      create: '워크스페이스 생성하기',
      /** Under the name field when the URL request fails for a reason other than the name rules. */
      urlFailed: '워크스페이스 URL을 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      /** Console diagnostics (spec §8: workspace creation failures are only logged). */
      urlRequestFailed: '워크스페이스 URL 조회 실패',
      createFailed: '워크스페이스 생성 실패',
    },
    invite: {
      title: '팀원 초대',
      subtitle: (name: string) => `팀원을 ${name}님의 팀에 초대해봐요`,
      /** The read-only box: URL, a blank line, then the password. */
      details: (inviteUrl: string, invitePassword: string) =>
        `팀원 URL : ${inviteUrl}\n\n암호 : ${invitePassword}`,
      detailsLabel: '초대 정보',
      unavailable: '초대 정보를 불러오지 못했어요.',
      copy: '초대 정보 복사',
      copied: '복사가 완료되었습니다!',
      copyFailed: '복사에 실패했습니다. 직접 복사해주세요.',
      done: '팀원 초대 완료',
    },
    fin: {
      tagline: '속도의 관성을 유지하여 목표를 달성하는 협업툴',
      start: '지금 시작하기',
    },
    inputPw: {
      title: (workspaceName: string | null) =>
        workspaceName ? `${workspaceName} 워크스페이스에 초대합니다.` : '워크스페이스에 초대합니다.',
      placeholder: '암호를 입력하시오',
      label: '초대 암호',
      /** Wrong password (400), and any other failed join (spec §8 "Join failure shows the wrong-input state"). */
      wrong: '입력 정보를 다시 확인하세요',
      /** 429 without a server message. */
      tooMany: '시도 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.',
      submit: '입장하기',
      /** Console diagnostic. */
      joinFailed: '워크스페이스 참여 실패',
    },
  },

  /** Titles of screens that later issues implement; each shows a placeholder until then. */
  placeholders: {
    notice: '이 화면은 곧 제공될 예정입니다.',
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
