import { TEAM_NAME_MESSAGE } from './teamName';

/**
 * Response codes and their HTTP status and Korean message (docs/product.md "Errors and messages").
 * Success codes follow `<DOMAIN><STATUS>_<n>`; the HTTP status sent is always the one listed here.
 * Later issues add their domains to this one table, so server and client share one catalogue.
 */
export const CODES = {
  // generic
  COMMON200: { status: 200, message: '성공입니다.' },
  COMMON201: { status: 201, message: '성공적으로 생성했습니다.' },
  COMMON400: { status: 400, message: '잘못된 요청입니다.' },
  COMMON400_1: { status: 400, message: '요청한 Body 타입이 잘못되었습니다.' },
  VALID400_1: { status: 400, message: '잘못된 파라미터입니다.' },
  COMMON401: { status: 401, message: '인증이 필요합니다.' },
  COMMON403: { status: 403, message: '접근이 거부되었습니다.' },
  COMMON404: { status: 404, message: '요청한 리소스를 찾을 수 없습니다.' },
  COMMON405: { status: 405, message: '허용되지 않은 메서드입니다.' },
  COMMON409: { status: 409, message: '요청이 현재 상태와 충돌합니다.' },
  COMMON413: { status: 413, message: '요청 크기가 너무 큽니다.' },
  COMMON415: { status: 415, message: '지원하지 않는 미디어 타입입니다.' },
  COMMON429: { status: 429, message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' },
  COMMON500: { status: 500, message: '서버 에러, 관리자에게 문의 바랍니다.' },
  /** issue #25: not ready (`GET /readyz`, `GET /api/health`: warming up, shutting down, database unavailable). */
  SYSTEM503_0: {
    status: 503,
    message: '서버가 요청을 받을 준비가 되지 않았습니다. 잠시 후 다시 시도해 주세요.',
  },

  // access and refresh tokens
  JWT401_0: { status: 401, message: 'JWT 토큰이 만료되었습니다.' },
  JWT401_1: { status: 401, message: 'JWT 토큰이 유효하지 않습니다.' },
  JWT401_2: { status: 401, message: 'JWT 토큰 형식이 잘못되었습니다.' },
  JWT401_3: { status: 401, message: '리프레시 토큰이 없습니다.' },
  JWT401_4: { status: 401, message: '리프레시 토큰이 만료되었습니다. 다시 로그인해 주세요.' },
  JWT401_5: { status: 401, message: '이미 사용된 리프레시 토큰입니다. 보안을 위해 다시 로그인해 주세요.' },
  JWT401_6: { status: 401, message: '리프레시 토큰이 유효하지 않습니다.' },
  /** Token reissue refused for now (too many in a minute for this session); `Retry-After` says when. Not a sign-out. */
  JWT429_0: { status: 429, message: '토큰 재발급 요청이 너무 많습니다. 잠시 후 다시 시도합니다.' },
  AUTH200_0: { status: 200, message: '토큰을 재발급했습니다.' },
  AUTH200_1: { status: 200, message: '로그아웃되었습니다.' },
  AUTH200_2: { status: 200, message: '로그인 방법을 조회했습니다.' },
  MEMBER404_0: { status: 404, message: '사용자 정보를 찾을 수 없습니다.' },

  // workspace roles (issue #23, docs/security.md "Roles"): admin-only and owner-only actions
  ROLE403_0: { status: 403, message: '워크스페이스 관리자만 할 수 있습니다.' },
  ROLE403_1: { status: 403, message: '워크스페이스 소유자만 할 수 있습니다.' },
  // team membership (issue #23, docs/security.md "Teams"): writing in a team needs its membership
  TEAM403_1: { status: 403, message: '이 팀의 멤버만 할 수 있습니다. 먼저 팀에 참여해 주세요.' },

  // issue #23 (admin): workspace administration (docs/security.md "Roles", "Invites", "Audit log")
  ADMIN200_0: { status: 200, message: '역할을 변경했습니다.' },
  ADMIN200_1: { status: 200, message: '소유권을 넘겼습니다.' },
  ADMIN200_2: { status: 200, message: '멤버를 내보냈습니다.' },
  ADMIN200_3: { status: 200, message: '워크스페이스 정보를 변경했습니다.' },
  ADMIN200_4: { status: 200, message: '초대 링크를 새로 만들었습니다. 이전 링크는 더 이상 쓸 수 없습니다.' },
  ADMIN200_5: { status: 200, message: '초대 링크 유효 기간을 변경했습니다.' },
  ADMIN200_6: { status: 200, message: '감사 로그를 조회했습니다.' },
  ADMIN200_7: { status: 200, message: '초대 정보를 조회했습니다.' },
  ADMIN400_0: { status: 400, message: '자기 자신에게는 할 수 없습니다.' },
  ADMIN404_0: { status: 404, message: '워크스페이스 멤버를 찾을 수 없습니다.' },
  ADMIN409_0: {
    status: 409,
    message: '소유자는 내보내거나 역할을 바꿀 수 없습니다. 먼저 다른 멤버에게 소유권을 넘겨 주세요.',
  },
  MEMBER409_0: {
    status: 409,
    message:
      '워크스페이스 소유자는 다른 멤버가 남아 있는 동안 탈퇴할 수 없습니다. 먼저 설정 → 멤버에서 다른 멤버에게 소유권을 넘겨 주세요.',
  },

  // workspace
  WORKSPACE200_0: { status: 200, message: '성공적으로 처리했습니다.' },
  WORKSPACE200_1: { status: 200, message: '사용할 수 있는 워크스페이스 URL입니다.' },
  WORKSPACE200_2: { status: 200, message: '워크스페이스에 참여했습니다.' },
  WORKSPACE201_0: { status: 201, message: '워크스페이스를 생성했습니다.' },
  /**
   * Invalid workspace name. The catalogue text is a fallback: responses carry the first failing rule's message
   * from `validateWorkspaceName` both as `message` and as `result.workspaceName`.
   */
  WORKSPACE400_1: { status: 400, message: '워크스페이스 이름을 다시 확인해 주세요.' },
  WORKSPACE400_3: { status: 400, message: '입력 정보를 다시 확인하세요' },
  WORKSPACE404_0: { status: 404, message: '소속된 워크스페이스가 없습니다.' },
  WORKSPACE404_1: {
    status: 404,
    message: '초대 링크가 만료되었습니다. 관리자에게 새 초대 링크를 요청해 주세요.',
  },
  WORKSPACE409_0: { status: 409, message: '워크스페이스는 한 사람당 하나만 존재합니다.' },
  WORKSPACE429_0: {
    status: 429,
    message: '입력 시도 횟수를 초과했습니다. 잠시 후 다시 시도해 주세요.',
  },

  // teams (workspace settings)
  TEAM200_0: { status: 200, message: '팀 목록을 조회했습니다.' },
  TEAM200_1: { status: 200, message: '팀 순서를 변경했습니다.' },
  TEAM201_0: { status: 201, message: '팀을 생성했습니다.' },
  /** Invalid team name: `message` and `result.teamName` are `TEAM_NAME_MESSAGE` (contract/teamName.ts). */
  TEAM400_0: { status: 400, message: TEAM_NAME_MESSAGE },
  /** A `memberId` is not a member of the caller's workspace: `message` and `result.memberId` name the ids. */
  TEAM400_1: { status: 400, message: '워크스페이스 멤버만 팀에 추가할 수 있습니다.' },
  /** A reorder `teamIdList` breaks a rule: `message` and `result.teamIdList` say which one. */
  TEAM400_2: { status: 400, message: '팀 순서 목록이 올바르지 않습니다.' },
  TEAM409_0: { status: 409, message: '이미 같은 이름의 팀이 있습니다.' },
  // issue #23 (teams and membership): docs/security.md "Teams"
  TEAM200_2: { status: 200, message: '나의 팀 목록을 조회했습니다.' },
  TEAM200_3: { status: 200, message: '참여할 수 있는 팀 목록을 조회했습니다.' },
  TEAM200_4: { status: 200, message: '팀에 참여했습니다.' },
  TEAM200_5: { status: 200, message: '팀에서 나갔습니다.' },
  TEAM200_6: { status: 200, message: '팀 설정을 조회했습니다.' },
  TEAM200_7: { status: 200, message: '팀 설정을 변경했습니다.' },
  TEAM200_8: { status: 200, message: '팀 멤버를 추가했습니다.' },
  TEAM200_9: { status: 200, message: '팀 멤버를 내보냈습니다.' },
  TEAM200_10: { status: 200, message: '팀을 삭제했습니다.' },
  TEAM200_11: { status: 200, message: '팀 이미지를 변경했습니다.' },
  TEAM400_3: {
    status: 400,
    message: '팀 이름이 일치하지 않습니다. 삭제하려면 팀 이름을 정확히 입력해 주세요.',
  },
  TEAM403_2: { status: 403, message: '이 팀의 멤버나 워크스페이스 관리자만 팀 설정을 바꿀 수 있습니다.' },
  TEAM404_1: { status: 404, message: '이 팀의 멤버가 아닙니다.' },
  TEAM409_1: {
    status: 409,
    message: '기본 팀에서는 나갈 수 없습니다. 워크스페이스의 모든 멤버가 속한 팀입니다.',
  },
  TEAM409_2: {
    status: 409,
    message: '비공개 팀의 마지막 멤버는 나갈 수 없습니다. 다른 멤버를 추가하거나 팀을 삭제해 주세요.',
  },
  TEAM409_3: { status: 409, message: '기본 팀은 삭제하거나 비공개로 바꿀 수 없습니다.' },
  TEAM409_4: { status: 409, message: '기본 팀에서는 멤버를 내보낼 수 없습니다.' },

  // members, my profile, withdrawal (workspace settings)
  MEMBER200_0: { status: 200, message: '워크스페이스 멤버 목록을 조회했습니다.' },
  MEMBER200_1: { status: 200, message: '회원 탈퇴가 완료되었습니다.' },
  PROFILE200_0: { status: 200, message: '내 프로필을 조회했습니다.' },
  PROFILE200_1: { status: 200, message: '프로필 사진을 변경했습니다.' },
  PROFILE200_2: { status: 200, message: '프로필 사진을 삭제했습니다.' },
  PROFILE400_0: { status: 400, message: '업로드할 이미지를 image 항목으로 보내 주세요.' },
  PROFILE400_1: { status: 400, message: '이미지를 읽을 수 없습니다. 다른 파일을 선택해 주세요.' },
  PROFILE400_2: { status: 400, message: '이미지 해상도가 너무 큽니다. 더 작은 이미지를 선택해 주세요.' },
  PROFILE413_0: { status: 413, message: '프로필 사진은 5MB 이하만 올릴 수 있습니다.' },
  PROFILE415_0: { status: 415, message: 'JPEG, PNG, WebP, GIF 이미지만 올릴 수 있습니다.' },
  PROFILE415_1: { status: 415, message: '이미지는 multipart/form-data 형식으로 보내 주세요.' },

  // team access of the team routes (`/api/teams/{teamId}/…`): a team of another workspace is "not found" too
  TEAM404_0: { status: 404, message: '팀을 찾을 수 없습니다.' },

  // goals, issues, externals (docs/product.md "Items", "Grouped lists"); `_1` update, detail GOAL200_5 /
  // ISSUE200_5 / EXTERNAL200_3.
  GOAL200_0: { status: 200, message: '목표 목록을 조회했습니다.' },
  GOAL200_1: { status: 200, message: '목표를 수정했습니다.' },
  GOAL200_5: { status: 200, message: '목표를 조회했습니다.' },
  GOAL404_0: { status: 404, message: '목표를 찾을 수 없습니다.' },
  GOAL200_2: { status: 200, message: '목표를 삭제했습니다.' },
  GOAL200_3: { status: 200, message: '목표 간단 목록을 조회했습니다.' },
  GOAL200_4: { status: 200, message: '다음 목표 이름을 조회했습니다.' },
  GOAL201_0: { status: 201, message: '목표를 생성했습니다.' },
  ISSUE200_0: { status: 200, message: '이슈 목록을 조회했습니다.' },
  ISSUE200_1: { status: 200, message: '이슈를 수정했습니다.' },
  ISSUE200_5: { status: 200, message: '이슈를 조회했습니다.' },
  ISSUE404_0: { status: 404, message: '이슈를 찾을 수 없습니다.' },
  ISSUE200_2: { status: 200, message: '이슈를 삭제했습니다.' },
  ISSUE200_3: { status: 200, message: '이슈 간단 목록을 조회했습니다.' },
  ISSUE200_4: { status: 200, message: '다음 이슈 이름을 조회했습니다.' },
  ISSUE201_0: { status: 201, message: '이슈를 생성했습니다.' },
  EXTERNAL200_0: { status: 200, message: '외부 이슈 목록을 조회했습니다.' },
  EXTERNAL200_1: { status: 200, message: '외부 이슈를 수정했습니다.' },
  EXTERNAL200_3: { status: 200, message: '외부 이슈를 조회했습니다.' },
  /** `extServiceType` in an external PATCH (fixed at creation). */
  EXTERNAL400_0: { status: 400, message: '외부 툴은 생성 시에만 설정할 수 있습니다.' },
  EXTERNAL404_0: { status: 404, message: '외부 이슈를 찾을 수 없습니다.' },
  EXTERNAL200_2: { status: 200, message: '외부 이슈를 삭제했습니다.' },
  EXTERNAL200_4: { status: 200, message: '다음 외부 이슈 이름을 조회했습니다.' },
  EXTERNAL200_5: { status: 200, message: '외부 서비스 연동 상태를 조회했습니다.' },
  EXTERNAL201_0: { status: 201, message: '외부 이슈를 생성했습니다.' },
  /** A `managersId` entry is not a member of the team: `message` and `result.managersId` name the ids. */
  ITEM400_0: { status: 400, message: '팀 멤버만 담당자로 지정할 수 있습니다.' },
  /** `goalId` is not a goal of the team: `message` and `result.goalId` name it. */
  ITEM400_1: { status: 400, message: '같은 팀의 목표만 연결할 수 있습니다.' },
  /** An `issuesId` entry is not an issue of the team: `message` and `result.issuesId` name the ids. */
  ITEM400_2: { status: 400, message: '같은 팀의 이슈만 연결할 수 있습니다.' },
  /** Delete: some ids belong to another team (nothing deleted); `message` and `result.<kind>Ids` name them. */
  ITEM403_0: { status: 403, message: '다른 팀의 항목은 삭제할 수 없습니다.' },
  /** Delete: some ids do not exist (as that kind); nothing deleted; `message` and `result.<kind>Ids` name them. */
  ITEM404_0: { status: 404, message: '존재하지 않는 항목입니다.' },

  // comments (docs/product.md "Comments"). A missing target, or one
  // in another workspace, answers the kind's 404 (`GOAL404_0` | `ISSUE404_0` | `EXTERNAL404_0`).
  COMMENT200_0: { status: 200, message: '댓글 목록을 조회했습니다.' },
  COMMENT201_0: { status: 201, message: '댓글을 작성했습니다.' },

  // integrations (contract/integrations.ts)
  GITHUB200_0: { status: 200, message: 'GitHub 앱 설치 주소를 발급했습니다.' },
  GITHUB200_1: { status: 200, message: 'GitHub 연동 정보를 조회했습니다.' },
  GITHUB200_2: { status: 200, message: 'GitHub 저장소 목록을 조회했습니다.' },
  /** GITHUB external create without owner, repo and installationId (or an installation not of this team). */
  GITHUB400_0: { status: 400, message: 'GitHub 연동 정보가 부족합니다. 설치/온보딩을 먼저 완료해 주세요.' },
  /** Callback with a bad, expired or foreign `state`. */
  GITHUB400_1: { status: 400, message: 'GitHub 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.' },
  GITHUB404_0: { status: 404, message: '이 팀에 연동된 GitHub 앱이 없습니다.' },
  /** Installation callback: the installation is already linked to a team of another workspace (nothing changed). */
  GITHUB409_0: {
    status: 409,
    message:
      '이 GitHub 설치는 이미 다른 워크스페이스에 연결되어 있습니다. 그 워크스페이스에서 연결을 해제한 뒤 다시 시도해 주세요.',
  },
  GITHUB502_0: { status: 502, message: 'GitHub에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.' },
  /** GitHub App credentials are not configured on this server. */
  GITHUB503_0: { status: 503, message: 'GitHub 연동이 설정되지 않은 서버입니다.' },
  SLACK200_0: { status: 200, message: 'Slack 연동 주소를 발급했습니다.' },
  SLACK400_0: { status: 400, message: 'Slack 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.' },
  SLACK502_0: { status: 502, message: 'Slack에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.' },
  SLACK503_0: { status: 503, message: 'Slack 연동이 설정되지 않은 서버입니다.' },
  // issue #23 (connections): a connect callback not from the browser and admin that started it, or a reused state
  GITHUB403_0: {
    status: 403,
    message:
      'GitHub 연동은 연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다. 다시 시작해 주세요.',
  },
  GITHUB200_5: { status: 200, message: 'GitHub 연동을 해제했습니다.' },
  SLACK200_1: { status: 200, message: 'Slack 연동을 해제했습니다.' },
  SLACK404_0: { status: 404, message: '이 워크스페이스에 연동된 Slack이 없습니다.' },
  SLACK403_0: {
    status: 403,
    message:
      'Slack 연동은 연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다. 다시 시작해 주세요.',
  },
  /** `POST /api/github/webhook`: the delivery was applied (item created, linked or updated, or already in step). */
  GITHUB200_3: { status: 200, message: 'GitHub 웹훅을 처리했습니다.' },
  /** Webhook delivery accepted but not applied: a duplicate delivery, an unknown installation or an unused event. */
  GITHUB200_4: { status: 200, message: 'GitHub 웹훅을 확인했지만 처리할 내용이 없습니다.' },
  /** Webhook without `X-GitHub-Event` / `X-GitHub-Delivery`, or a payload that is not the event's JSON shape. */
  WEBHOOK400_0: { status: 400, message: 'GitHub 웹훅 요청 형식이 올바르지 않습니다.' },
  /** Webhook whose `X-Hub-Signature-256` is missing or does not match the raw body. */
  WEBHOOK401_0: { status: 401, message: 'GitHub 웹훅 서명이 올바르지 않습니다.' },

  // notifications ("alarms", contract/alarms.ts) and the live event stream (contract/events.ts)
  ALARM200_0: { status: 200, message: '알림 목록을 조회했습니다.' },
  ALARM200_1: { status: 200, message: '알림을 읽음으로 표시했습니다.' },
  ALARM200_2: { status: 200, message: '알림을 삭제했습니다.' },
  ALARM200_3: { status: 200, message: '읽지 않은 알림 수를 조회했습니다.' },
  /** `query` is not a grouping this tab offers. */
  ALARM400_0: { status: 400, message: '알림 필터 값이 잘못되었습니다.' },
  /** The alarm does not exist or is another member's (never a change). */
  ALARM404_0: { status: 404, message: '해당 알림을 찾을 수 없습니다.' },
  /** Delete: some ids are not the caller's alarms; nothing deleted; `result.alarmIds` names them. */
  ALARM404_1: { status: 404, message: '일부 알림을 찾을 수 없습니다.' },
  EVENTS200_0: { status: 200, message: '실시간 연결 티켓을 발급했습니다.' },
  /** `GET /api/events` with a missing, expired, used or forged ticket. */
  EVENTS401_0: { status: 401, message: '실시간 연결 티켓이 유효하지 않습니다. 다시 연결합니다.' },
  /** Development clock switch refused: the server runs in production (`NODE_ENV=production`); nothing changes. */
  CLOCK403_0: { status: 403, message: '운영 환경에서는 시계를 바꿀 수 없습니다.' },
  CLOCK200_0: { status: 200, message: '개발용 시계를 변경했습니다.' },

  // workspace search (contract/search.ts); bad input is `VALID400_1`, a foreign `teamId` `TEAM404_0`
  SEARCH200_0: { status: 200, message: '검색 결과를 조회했습니다.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type Code = keyof typeof CODES;
