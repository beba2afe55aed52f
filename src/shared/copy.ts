import type { CODES, Code } from '../../contract/codes';
import { DATE_RANGE_MESSAGE } from '../../contract/dates';
import type { ItemKind } from '../../contract/itemEnums';
import { kindFactMap } from '../../contract/kinds';
import { shellCopy, type ItemMode, type ItemScope } from './shellCopy';
// issue #23 (admin)
import type { AuditAction, InviteExpiry, WorkspaceRole } from '../../contract/roles';

/**
 * Every user-visible string of the client, in Korean. Components never inline copy; they read it from here,
 * so wording stays consistent and a later translation touches one file.
 */

export { PRODUCT_NAME, errorMessageFor, type ItemMode, type ItemScope } from './shellCopy';

/** The integration failure codes the complete pages explain (contract/codes.ts `GITHUB4xx/5xx`, `SLACK4xx/5xx`). */
type IntegrationErrorCode = Extract<Code, `GITHUB${4 | 5}${string}` | `SLACK${4 | 5}${string}`>;

/** Each kind's Korean noun (`KIND_FACTS[kind].label`: 목표, 이슈, 외부 이슈). */
const ITEM_LABELS: Readonly<Record<ItemKind, string>> = /*#__PURE__*/ kindFactMap('label');
const MODE_SUFFIX: Record<ItemMode, string> = { list: '목록', create: '생성', view: '상세', edit: '수정' };

export const copy = {
  ...shellCopy,

  /** Onboarding steps 1–3 and the invitee's password screen (docs/product.md "Onboarding"). */
  onboarding: {
    /** Document titles of the steps (`워크스페이스 만들기 · Momentum`), docs/responsive.md "Page titles". */
    pageTitles: {
      login: shellCopy.login.pageTitle,
      loading: '로그인 확인 중',
      workspace: '워크스페이스 만들기',
      invite: '팀원 초대',
      fin: '시작하기',
      inputPw: '비밀번호 입력',
      inviteLanding: '초대 확인',
    },
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
      /** Console diagnostics (workspace creation failures are only logged). */
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
      /** Wrong password (400), and any other failed join (both show the wrong-input state). */
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
    item: (kind: ItemKind, mode: ItemMode, scope: ItemScope) =>
      `${scope === 'default' ? '공동 ' : ''}${ITEM_LABELS[kind]} ${MODE_SUFFIX[mode]}`,
  },

  /** The shared modal. */
  modal: {
    defaultTitle: '알림',
    confirm: '확인',
    /** Accessible name of the X in a modal's corner (the footer may have its own "닫기"). */
    close: '창 닫기',
    /** Every confirm dialog's button that closes it without acting. */
    cancel: '취소',
  },

  /** Settings pages (docs/product.md "Settings"). */
  settings: {
    loading: '불러오는 중입니다',
    /** Document titles: `설정 · {page} · Momentum` (docs/responsive.md "Page titles"). */
    pageTitle: '설정',
    pageTitles: {
      wsProfile: '워크스페이스 프로필',
      teamList: '팀 목록',
      members: '멤버',
      myProfile: '내 프로필',
    },
    wsProfile: {
      title: '워크스페이스',
      logo: '워크스페이스 로고',
      name: '이름',
      url: 'URL',
    },
    teamList: {
      title: '팀',
      create: '팀 생성하기',
      tableLabel: '팀 목록',
      columns: { icon: '아이콘', name: '팀 이름', memberCount: '멤버 수', createdAt: '생성일' },
      /** Console diagnostic (team list failures are logged). */
      loadFailed: '팀 목록 조회 실패',
    },
    createTeam: {
      title: '팀 생성',
      nameLabel: '팀 이름',
      namePlaceholder: '팀 이름을 입력하세요',
      members: '팀원 추가',
      membersFailed: '멤버 목록을 불러오지 못했어요.',
      /** The visibility choice (issue #23, docs/security.md "Teams"): public unless the creator picks private. */
      visibility: '공개 범위',
      visibilityOptions: {
        public: '공개 — 워크스페이스의 모든 멤버가 볼 수 있어요',
        private: '비공개 — 팀 멤버만 볼 수 있어요',
      },
      submit: '팀 생성하기',
      duplicate: '이미 같은 이름의 팀이 있습니다.',
      failed: '팀을 생성하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    },
    members: {
      title: '멤버',
      invite: '팀원 초대하기',
      tableLabel: '워크스페이스 멤버',
      columns: { icon: '아이콘', name: '멤버이름', email: '이메일', teams: '팀', joinedAt: '참여일' },
      /** Accessible name of the team avatars' button, which lists the team names. */
      showTeams: (name: string) => `${name}님의 팀 목록`,
      noTeams: '없음',
      /** Console diagnostic. */
      loadFailed: '멤버 목록 조회 실패',
    },
    /** The invite dialog reuses copy.onboarding.invite for its title, subtitle, box and copy button. */
    invite: {
      close: '닫기',
      loading: '초대 정보를 불러오는 중입니다',
    },
    myProfile: {
      title: '나의 프로필',
      photo: '프로필 사진',
      changePhoto: '프로필 사진 변경',
      photoMenu: '프로필 사진 메뉴',
      fileInput: '프로필 사진 파일',
      deletePhoto: '삭제',
      editPhoto: '수정',
      name: '이름',
      email: '이메일',
      withdraw: '회원탈퇴',
      logout: '로그아웃',
      notImage: '이미지 파일만 올릴 수 있어요.',
      /** Fallbacks when an error response carries no Korean message of its own. */
      tooLarge: '이미지 파일이 너무 커요. 5MB 이하의 파일을 올려 주세요.',
      uploadFailed: '프로필 사진을 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      deleteFailed: '프로필 사진을 삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    },
    withdraw: {
      title: '정말로 탈퇴하시겠어요?',
      body: '탈퇴 시 모든 데이터가 즉시 삭제되며, 복구가 불가능합니다.',
      agree: '위의 내용을 확인했으며 모든 사항에 동의합니다.',
      submit: '탈퇴하기',
      failed: '회원탈퇴에 실패했습니다. 잠시 후 다시 시도해 주세요.',
      /** Console diagnostic (withdrawal failures are logged). */
      failedLog: '회원탈퇴 실패',
    },
    logout: {
      title: '로그아웃',
      body: '정말로 로그아웃하시겠습니까?',
      submit: '로그아웃',
      /** Console diagnostic (logout failures are logged). */
      failedLog: '로그아웃 실패',
    },
  },

  // issue #23 (admin): workspace roles, administration, invites and the audit log.
  admin: {
    roles: { owner: '소유자', admin: '관리자', member: '멤버' } satisfies Record<WorkspaceRole, string>,
    roleColumn: '역할',
    actionsColumn: '관리',
    /** The per-member menu of the members page. */
    menu: (name: string) => `${name}님 관리`,
    promote: '관리자로 지정',
    demote: '관리자 해제',
    giveUpAdmin: '관리자 역할 내려놓기',
    transfer: '소유권 넘기기',
    remove: '워크스페이스에서 내보내기',
    confirm: {
      promote: (name: string) => ({
        title: '관리자로 지정할까요?',
        body: `${name}님이 워크스페이스 이름·로고, 초대 링크, 멤버 내보내기와 감사 로그를 관리할 수 있게 됩니다.`,
        submit: '지정하기',
      }),
      demote: (name: string) => ({
        title: '관리자를 해제할까요?',
        body: `${name}님은 일반 멤버가 됩니다.`,
        submit: '해제하기',
      }),
      giveUpAdmin: () => ({
        title: '관리자 역할을 내려놓을까요?',
        body: '일반 멤버가 되며, 다시 관리자가 되려면 소유자가 지정해야 합니다.',
        submit: '내려놓기',
      }),
      transfer: (name: string) => ({
        title: '소유권을 넘길까요?',
        body: `${name}님이 워크스페이스의 소유자가 되고, 나는 관리자가 됩니다. 되돌리려면 새 소유자가 다시 넘겨야 합니다.`,
        submit: '넘기기',
      }),
      remove: (name: string) => ({
        title: '멤버를 내보낼까요?',
        body: `${name}님은 즉시 로그아웃되고 워크스페이스와 모든 팀에서 빠집니다. 작성한 항목과 댓글은 "${name} (내보낸 멤버)"로 남습니다.`,
        submit: '내보내기',
      }),
    },
    done: {
      promote: '관리자로 지정했어요.',
      demote: '관리자를 해제했어요.',
      giveUpAdmin: '관리자 역할을 내려놓았어요.',
      transfer: '소유권을 넘겼어요.',
      remove: '멤버를 내보냈어요.',
    },
    failed: '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    /** Shown on the sign-in screen after an admin removed the member (their tabs sign out). */
    removedNotice: shellCopy.login.removedNotice,
    /** The workspace profile page, for admins. */
    wsProfile: {
      edit: '이름 변경',
      save: '저장',
      cancel: '취소',
      saved: '워크스페이스 이름을 변경했어요.',
      changeLogo: '로고 변경',
      removeLogo: '로고 삭제',
      logoFile: '워크스페이스 로고 파일',
      logoSaved: '로고를 변경했어요.',
      logoRemoved: '로고를 삭제했어요.',
      failed: '변경하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      readOnly: '워크스페이스 정보는 관리자만 바꿀 수 있어요.',
    },
    /** The invite dialog, for admins. */
    invite: {
      expiryLabel: '초대 링크 유효 기간',
      expiries: { '7d': '7일', '30d': '30일', never: '만료 없음' } satisfies Record<InviteExpiry, string>,
      expiresAt: (when: string) => `${when}에 만료돼요.`,
      neverExpires: '만료되지 않아요.',
      rotate: '새 초대 링크 만들기',
      rotateConfirm: '새 링크와 암호를 만들면 지금 링크는 즉시 만료돼요. 계속할까요?',
      rotated: '새 초대 링크를 만들었어요. 이전 링크는 더 이상 쓸 수 없어요.',
      expiryChanged: '유효 기간을 변경했어요.',
      membersOnly: '초대 링크는 관리자만 볼 수 있어요. 관리자에게 요청해 주세요.',
      failed: '초대 정보를 변경하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    },
    /** The invitee's password screen and the invite link. */
    invitePreview: {
      expired: '초대 링크가 만료되었습니다. 관리자에게 새 초대 링크를 요청해 주세요.',
    },
    /** The audit log page. */
    audit: {
      title: '감사 로그',
      pageTitle: '감사 로그',
      tableLabel: '감사 로그',
      columns: { when: '일시', who: '사용자', what: '작업', target: '대상', ip: 'IP' },
      empty: '아직 기록이 없어요.',
      more: '더 보기',
      loadFailed: '감사 로그 조회 실패',
      adminsOnly: '감사 로그는 관리자만 볼 수 있어요.',
      note: '가입, 내보내기, 역할 변경, 초대 링크, 팀과 연동 변경이 1년 동안 기록돼요.',
      actions: {
        'member.joined': '워크스페이스 참여',
        'member.removed': '멤버 내보내기',
        'member.withdrew': '회원 탈퇴',
        'member.role_changed': '역할 변경',
        'workspace.ownership_transferred': '소유권 이전',
        'workspace.renamed': '워크스페이스 이름 변경',
        'workspace.image_changed': '워크스페이스 로고 변경',
        'invite.rotated': '초대 링크 재발급',
        'invite.expiry_changed': '초대 링크 유효 기간 변경',
        'team.created': '팀 생성',
        'team.renamed': '팀 이름 변경',
        'team.image_changed': '팀 이미지 변경',
        'team.visibility_changed': '팀 공개 범위 변경',
        'team.deleted': '팀 삭제',
        'team.member_added': '팀원 추가',
        'team.member_removed': '팀원 제외',
        'team.joined': '팀 참여',
        'team.left': '팀 나가기',
        'integration.connected': '연동 연결',
        'integration.disconnected': '연동 해제',
      } satisfies Record<AuditAction, string>,
      /** A short Korean "what changed" after the action label. */
      change: (from: string, to: string) => `${from} → ${to}`,
      system: '시스템',
    },
  },

  /** The workspace sidebar (docs/product.md "Sidebar"). */
  sidebar: {
    /** Accessible name of the sidebar's `<nav>`. */
    label: '사이드바',
    /** The search button under the top row (opens the command palette); `shortcut` is `Ctrl+K` or `⌘K`. */
    search: '검색',
    searchLabel: (shortcut: string) => `검색 및 명령 열기 (${shortcut})`,
    /** The phone's top app bar (features/workspace/PhoneAppBar.tsx) and the sidebar drawer it opens. */
    appBar: {
      label: '상단 메뉴',
      openMenu: '메뉴 열기',
      closeMenu: '메뉴 닫기',
      search: '검색',
      noti: '알림',
    },
    collapse: '사이드바 접기',
    expand: '사이드바 펼치기',
    settings: '설정',
    noti: '알림',
    defaultTeamSection: '워크스페이스 기본 팀',
    /** The same section's label in the mini sidebar. */
    defaultTeamSectionMini: '기본 팀',
    myTeamsSection: '나의 팀',
    /** Empty "나의 팀": link to the team list settings page. */
    createTeam: '팀 생성하기',
    items: { goal: '목표', issue: '이슈', external: '외부' },
    create: { goal: '목표 생성', issue: '이슈 생성' },
    /** Accessible name of a team's drag handle. */
    reorderHandle: (teamName: string) => `${teamName} 순서 변경`,
    reorderFailed: '팀 순서를 변경하지 못했어요. 다시 시도해 주세요.',
    /** Screen-reader announcements of the keyboard and mouse drag (positions are 1-based). */
    drag: {
      instructions:
        '스페이스 바를 눌러 팀을 들어 올리세요. 위아래 화살표 키로 옮기고, 스페이스 바로 내려놓거나 Esc 키로 취소할 수 있어요.',
      lifted: (teamName: string, position: number) => `${teamName} 팀을 들었어요. 현재 ${position}번째예요.`,
      moved: (teamName: string, position: number) => `${teamName} 팀이 ${position}번째 자리에 있어요.`,
      outside: '놓을 수 없는 위치예요.',
      dropped: (teamName: string, position: number) => `${teamName} 팀을 ${position}번째로 옮겼어요.`,
      cancelled: (teamName: string, position: number) =>
        `이동을 취소했어요. ${teamName} 팀은 ${position}번째 그대로예요.`,
    },
    home: '홈',
    settingsSections: {
      workspace: '워크스페이스',
      /** The same label in the mini sidebar. */
      workspaceMini: '워크',
      wsProfile: '워크스페이스 프로필',
      team: '팀',
      teamList: '팀 목록',
      teamMembers: '워크스페이스 멤버',
      account: '계정',
      myProfile: '나의 프로필',
    },
  },

  /** Goal, issue and external lists (docs/product.md "Grouped lists"). */
  itemList: {
    /** The first part of a list page's document title (`이슈 · {team} · Momentum`). */
    pageTitle: ITEM_LABELS,
    loading: '불러오는 중입니다',
    filter: '필터',
    delete: '삭제',
    selectAll: '전체선택',
    /** Accessible name of a row's checkbox in delete mode. */
    selectItem: (name: string) => `${name} 선택`,
    /** Accessible name of a group header's "+" (it opens the create screen; the group is not prefilled). */
    createInGroup: (kind: ItemKind, group: string) => `${ITEM_LABELS[kind]} 생성 (${group})`,
    /** Visually hidden names of a row's right-hand columns. */
    columns: {
      state: '상태',
      priority: '우선순위',
      goal: '목표',
      deadline: '기한',
      managers: '담당자',
      ext: '외부',
    },
    none: '없음',
    /** A phone card's chip for several managers: the first one's name and how many more. */
    managersShort: (first: string, more: number) => `${first} 외 ${more}명`,
    empty: {
      team: { goal: '목표를 생성하세요', issue: '이슈를 생성하세요', external: '외부 이슈를 생성하세요' },
      default: {
        goal: '공동 목표를 생성하세요',
        issue: '공동 이슈를 생성하세요',
        external: '공동 외부이슈를 생성하세요',
      },
    } satisfies Record<ItemScope, Record<ItemKind, string>>,
    /** Above the create link of an empty team issue list. */
    noTeamIssues: '팀 내에 이슈가 없습니다.',
    deleteConfirm: '복구할 수 없습니다. 정말 삭제하시겠습니까?',
    deleteFailed: '삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    /** The error fallback's action: reloads the page. */
    reload: '다시 시도',
    /** Console diagnostic. */
    loadFailed: '목록 조회 실패',
    integrations: {
      label: '외부 연동',
      connect: '연동하기',
      add: '외부 연동 추가',
      linked: { GITHUB: 'GitHub 연동됨', SLACK: 'Slack 연동됨' },
    },
  },

  /** The notifications page `/workspace/noti` and the sidebar's unread badge (docs/product.md "Notifications"). */
  notifications: {
    title: '알림',
    /** Accessible name of the tab row. */
    tabsLabel: '알림 종류',
    tabs: { GOAL: '목표', ISSUE: '이슈', EXTERNAL: '외부' },
    empty: '새로운 알림이 없습니다',
    /** The small label after a row's title: why the alarm was raised (contract/alarms.ts `AlarmReason`). */
    reasons: { DEADLINE: '마감', ASSIGNED: '담당자 지정', COMMENT: '댓글' },
    deleteFailed: '알림을 삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    /** Console diagnostics. */
    loadFailed: '알림 조회 실패',
    readFailed: '알림 읽음 처리 실패',
    /** The sidebar badge's accessible text. */
    unreadBadge: (count: number) => `읽지 않은 알림 ${count}개`,
  },

  /**
   * The filter fields of the detail pickers and the settings member table (docs/product.md "Search"): matched with
   * contract/hangul.ts, so 초성 (ㄱㅁㅅ) and a half-composed syllable (로그이) find their names.
   */
  filter: {
    managers: '이름 검색',
    goal: '목표 검색',
    issues: '이슈 검색',
    /** A picker whose filter matches none of its options ('없음' stays). */
    noMatch: '일치하는 항목이 없습니다.',
    members: '이름 또는 이메일 검색',
    noMembers: '일치하는 멤버가 없습니다.',
  },

  /**
   * Typed dates (docs/product.md "Item detail" → Deadline): the reader's refusals (src/shared/lib/dateInput.ts) and
   * the deadline fields' calendar.
   */
  dates: {
    /** Nothing of a date could be read. */
    format: '날짜를 읽을 수 없습니다. 예: 2026-12-01, 20261201, 12/1, 12월 1일',
    /** A month outside 1–12. */
    month: (month: number) => `없는 날짜입니다. ${month}월은 없습니다.`,
    /** A day the month does not have (2026-02-30). */
    day: (year: number, month: number, last: number) =>
      `없는 날짜입니다. ${year}년 ${month}월은 ${last}일까지 있습니다.`,
    /** Outside the one allowed range (contract/dates.ts), the server's own wording. */
    range: DATE_RANGE_MESSAGE,
    /** The field's hint while empty. */
    placeholder: '예: 2026-12-01',
    /** A field's button that empties it (clears the side at once). */
    clear: '지우기',
    /** Icon button of a field that opens its calendar. */
    openCalendar: (label: string) => `${label} 달력 열기`,
    /** Caption and name of the calendar under the fields: which side it sets. */
    calendarOf: (label: string) => `${label} 선택`,
    /** The phone sheet's close button. */
    done: '완료',
  },

  /** Goal, issue and external detail screens (docs/product.md "Item detail"). */
  itemDetail: {
    titleLabel: '제목',
    titlePlaceholder: {
      goal: '목표를 생성하세요',
      issue: '이슈를 생성하세요',
      external: '제목을 작성해보세요',
    },
    /** Breadcrumb / header title while the title is empty. */
    defaultTitle: { goal: '새 목표', issue: '새 이슈', external: '새 외부 이슈' },
    breadcrumb: '위치',
    titleMax: '최대 20자까지 작성할 수 있습니다.',
    save: { complete: '작성 완료', edit: '수정하기', saving: '저장 중…' },
    loading: '불러오는 중입니다',
    descriptionLabel: '설명',
    descriptionPlaceholder: '상세 설명 추가',
    properties: '속성',
    /** Beside the collapsed '속성' button on phones: the state and the priority. */
    propertiesSummary: (state: string, priority: string) => `${state} · ${priority}`,
    state: '상태',
    priority: '우선순위',
    managers: '담당자',
    deadline: '기한',
    start: '시작일',
    end: '종료일',
    goal: '목표',
    issues: '이슈',
    external: '외부',
    none: '없음',
    noTeamIssues: '팀 내에 이슈가 없습니다.',
    more: (count: number) => ` 외 ${count}명`,
    moreItems: (count: number) => ` 외 ${count}개`,
    extRequired: '반드시 외부 툴을 설정해야 합니다.',
    extCreateOnly: '외부 툴은 생성 시 한 번만 설정 가능합니다.',
    extNoneLinked: '연동된 외부 툴이 없습니다. 외부 연동을 먼저 추가해 주세요.',
    /** Picking GitHub on create: the installation and repositories load. */
    githubLoading: 'GitHub 정보를 불러오는 중입니다.',
    /** No installation, no repository, or the reads failed; also what a save without them says. */
    githubMissing: 'GitHub 연동 정보가 부족합니다. 설치/온보딩을 먼저 완료해 주세요.',
    /** Under the 외부 row: where the GitHub issue will be created (the first repository). */
    githubTarget: (fullName: string) => `이슈 생성 위치: ${fullName}`,
    githubTargetLoading: '저장소 정보를 불러오는 중…',
    githubTargetMissing: '연동된 저장소를 찾지 못했습니다.',
    /** Saved externals: a link to what was created on the tool (opens in a new tab). */
    externalLinkOpen: {
      GITHUB: (label: string) => `GitHub에서 보기 · ${label}`,
      SLACK: (label: string) => `${label}에서 보기`,
    },
    /** After an external create (`sync` of the result): the item is saved either way. */
    syncDone: { GITHUB: 'GitHub 이슈를 만들었습니다.', SLACK: 'Slack에 알렸습니다.' },
    syncFailed: {
      GITHUB: 'GitHub 이슈를 만들지 못했습니다. 외부 이슈는 저장되었습니다.',
      SLACK: 'Slack에 알리지 못했습니다. 외부 이슈는 저장되었습니다.',
    },
    /** Console diagnostics. */
    createFailed: '생성 실패',
    updateFailed: '수정 실패',
  },

  /**
   * GitHub and Slack integrations (docs/product.md "Integrations"): the "외부 연동" modal of the external lists
   * and the complete pages the provider returns to.
   */
  integrations: {
    /**
     * A tool this server has no credentials for (`GET /api/teams/{teamId}/integrations`): shown with this note and
     * a link to the administrator's setup guide instead of being offered (the connect would answer 503).
     */
    unconfigured: {
      note: '서버 관리자 설정 필요',
      guide: '설정 안내',
      /** Accessible name of the guide link (it opens in a new tab). */
      guideLabel: (tools: string) => `${tools} 연동 설정 안내 (새 탭에서 열림)`,
      /** Under the detail's 외부 row, on create: 'GitHub · Slack: 서버 관리자 설정 필요'. */
      hint: (tools: string) => `${tools}: 서버 관리자 설정 필요`,
      /** A click on the 외부 row when no tool is configured on the server. */
      noneConfigured:
        '이 서버에는 외부 툴 연동이 설정되어 있지 않습니다. 서버 관리자에게 설정을 요청해 주세요.',
    },
    modal: {
      title: '외부 연동',
      /** Accessible name of the two cards' radio group. */
      choose: '연동할 서비스',
      descriptions: { GITHUB: '코드 버전 관리 및 협업', SLACK: '팀 커뮤니케이션과 알림 연동' },
      submit: '외부 연동하기',
      submitting: '연동 페이지로 이동하는 중…',
      /** The connect call failed without a Korean message of its own (no envelope, or an empty result). */
      failed: {
        GITHUB: 'GitHub 연동 주소를 받지 못했습니다. 잠시 후 다시 시도해 주세요.',
        SLACK: 'Slack 연동 주소를 받지 못했습니다. 잠시 후 다시 시도해 주세요.',
      },
    },
    /**
     * Team settings' "외부 연동" section (issue #23, docs/security.md "Roles"): each tool's state; workspace admins
     * connect (the modal) and disconnect (a confirmation); members read.
     */
    manage: {
      title: '외부 연동',
      linked: '연동됨',
      notLinked: '연동 안 됨',
      /** After 연동됨 for GitHub: the installation's account (organisation or user). */
      githubAccount: (account: string) => `${account} 계정`,
      /** After 연동됨 for Slack: Slack is linked per workspace, not per team. */
      slackScope: '워크스페이스 전체',
      connect: '연동하기',
      disconnect: '연동 해제',
      disconnectLabel: (tool: string) => `${tool} 연동 해제`,
      adminsOnly: '외부 연동은 워크스페이스 관리자만 연결하거나 해제할 수 있어요.',
      confirmTitle: (tool: string) => `${tool} 연동을 해제할까요?`,
      confirmBody: {
        GITHUB:
          '이 팀에 새 GitHub 이슈가 더 이상 들어오지 않아요. 이미 가져온 외부 이슈는 그대로 남아요. GitHub에 설치된 앱은 GitHub 설정에서 삭제해 주세요.',
        SLACK:
          'Slack은 워크스페이스 단위로 연동되어 있어, 모든 팀에서 Slack 연동이 해제돼요. 이미 가져온 외부 이슈는 그대로 남아요.',
      },
      confirmAction: '해제',
      disconnected: (tool: string) => `${tool} 연동을 해제했어요.`,
      failed: '연동을 해제하지 못했어요. 잠시 후 다시 시도해 주세요.',
    },
    complete: {
      success: { GITHUB: 'GitHub 연동에 성공했습니다', SLACK: 'Slack 연동에 성공했습니다' },
      successDetail: '이제 팀원들과 함께 이슈를 관리해보세요!',
      failure: { GITHUB: 'GitHub 연동에 실패했습니다', SLACK: 'Slack 연동에 실패했습니다' },
      /** Accessible name of the page region. */
      label: { GITHUB: 'GitHub 연동 결과', SLACK: 'Slack 연동 결과' },
      back: '돌아가기',
      /**
       * `?error=<CODE>` of the callback's failure redirect. Mirrors the GitHub/Slack error messages of
       * contract/codes.ts (that module's values may not be imported by the client, see eslint.config.js); the
       * `satisfies` makes a new or reworded server code a type error here until this line matches.
       */
      errors: {
        GITHUB400_0: 'GitHub 연동 정보가 부족합니다. 설치/온보딩을 먼저 완료해 주세요.',
        GITHUB400_1: 'GitHub 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.',
        GITHUB404_0: '이 팀에 연동된 GitHub 앱이 없습니다.',
        GITHUB409_0:
          '이 GitHub 설치는 이미 다른 워크스페이스에 연결되어 있습니다. 그 워크스페이스에서 연결을 해제한 뒤 다시 시도해 주세요.',
        GITHUB502_0: 'GitHub에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
        GITHUB503_0: 'GitHub 연동이 설정되지 않은 서버입니다.',
        SLACK400_0: 'Slack 연동 요청이 유효하지 않습니다. 다시 시도해 주세요.',
        SLACK502_0: 'Slack에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.',
        SLACK503_0: 'Slack 연동이 설정되지 않은 서버입니다.',
        // issue #23 (connections)
        GITHUB403_0:
          'GitHub 연동은 연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다. 다시 시작해 주세요.',
        SLACK404_0: '이 워크스페이스에 연동된 Slack이 없습니다.',
        SLACK403_0:
          'Slack 연동은 연동을 시작한 브라우저에서 워크스페이스 관리자만 완료할 수 있습니다. 다시 시작해 주세요.',
      } satisfies { [K in IntegrationErrorCode]: (typeof CODES)[K]['message'] } as Record<
        string,
        string | undefined
      >,
      /** Any other `?error=` value. */
      unknownError: '연동 중 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    },
  },

  /** Comments of a detail in view mode (docs/product.md "Comments"). */
  comments: {
    heading: '댓글',
    loading: '댓글을 불러오는 중입니다',
    error: '댓글을 불러올 수 없습니다.',
    empty: '댓글을 작성해보세요.',
    inputLabel: '댓글 입력',
    placeholder: '댓글을 작성하세요.',
    submit: '확인',
    failed: '댓글 조회 실패',
  },

  /** Leaving an unsaved create/edit screen. */
  leaveGuard: {
    title: '알림',
    question: '작성을 그만두시겠습니까?',
    detail: '작성중인 내용은 저장되지 않습니다.',
    confirm: '확인',
  },

  /** Live updates (docs/product.md "Live updates"): the stream's quiet status and the editing notice. */
  live: {
    /** Shown (role=status) after ~5 s without the event stream; hidden once it is back. */
    offline: '연결이 끊겼습니다 — 다시 연결 중',
    /** Edit mode: a teammate (or another tab) saved this item meanwhile; the form keeps the typed text. */
    changedWhileEditing: '다른 사람이 이 항목을 수정했습니다',
    /** Leaves edit mode (after the usual leave confirm) to show the saved item. */
    showLatest: '최신 내용 보기',
  },

  /** Toasts (the default title lives in features/toast/toastSlice.ts). */
  toast: {
    /** Accessible name of the bottom-right toast area. */
    region: '알림 메시지',
  },

  /** The description editor (docs/product.md "Description"). */
  descriptionEditor: {
    placeholder: '상세 설명 추가',
    /** Accessible name of the editable area. */
    label: '상세 설명',
    /** Accessible name of the toolbar and of each button. */
    toolbar: '서식 도구',
    bold: '굵게',
    italic: '기울임',
    underline: '밑줄',
    horizontalRule: '구분선',
    bulletedList: '글머리 기호 목록',
    numberedList: '번호 매기기 목록',
    checkList: '체크리스트',
    code: '코드',
    /** Accessible name of a checklist item's box. */
    checkItem: '완료 표시',
    /** The editor error boundary. */
    crashed: '오류가 발생했습니다.',
    /** Console diagnostics. */
    parseFailed: '[DetailTextEditor] 설명을 읽지 못해 빈 문서로 시작합니다',
    renderFailed: '[DetailTextEditor] 편집기 오류',
  },

  session: {
    /** Console diagnostics, kept here so the wording stays in one place. */
    tokenMissing: 'accessToken 발급 실패',
    reissueFailed: 'accessToken 재발급 실패',
    profileFailed: '워크스페이스 정보 조회 실패',
  },

  /** The command palette, its recent items and actions, and the keyboard shortcuts (docs/product.md "Search"). */
  search: {
    label: '검색 및 명령',
    placeholder: '목표, 이슈, 외부 이슈를 검색하거나 명령을 입력하세요',
    /** The phone sheet's shorter placeholder. */
    placeholderShort: '검색 또는 명령 입력',
    /** The phone sheet's close button. */
    close: '검색 닫기',
    groups: { ...ITEM_LABELS, recent: '최근 항목', actions: '바로가기' },
    searching: '검색 중…',
    noResults: '검색 결과가 없어요',
    failed: '검색하지 못했어요. 잠시 후 다시 시도해 주세요.',
    /** Shown in the palette's footer. */
    footer: '↑↓ 이동 · Enter 열기 · Esc 닫기',
    actions: {
      newGoal: '새 목표',
      newIssue: '새 이슈',
      goGoals: '목표 목록으로 이동',
      goIssues: '이슈 목록으로 이동',
      goExternals: '외부 이슈 목록으로 이동',
      noti: '알림',
      wsProfile: '설정: 워크스페이스 프로필',
      teamList: '설정: 팀 목록',
      teamMembers: '설정: 워크스페이스 멤버',
      myProfile: '설정: 나의 프로필',
    },
    helpTitle: '키보드 단축키',
    /** The help dialog's rows: keys, then what they do. */
    shortcuts: [
      { keys: ['Ctrl/⌘', 'K'], label: '검색 및 명령 열기' },
      { keys: ['/'], label: '검색 열기' },
      { keys: ['C'], label: '현재 팀에 새 이슈 만들기' },
      { keys: ['G', 'G'], label: '현재 팀의 목표 목록으로 이동' },
      { keys: ['G', 'I'], label: '현재 팀의 이슈 목록으로 이동' },
      { keys: ['G', 'E'], label: '현재 팀의 외부 이슈 목록으로 이동' },
      { keys: ['J'], label: '목록에서 다음 항목으로' },
      { keys: ['K'], label: '목록에서 이전 항목으로' },
      { keys: ['Enter'], label: '선택한 항목 열기' },
      { keys: ['?'], label: '단축키 도움말 보기' },
    ],
    helpNote: '입력란에서 글자를 입력하는 중에는 단축키가 동작하지 않아요.',
    /** Accessible text of a hit's state dot. */
    state: (label: string) => `상태: ${label}`,
  },
} as const;


// issue #23 (teams and membership): 팀 둘러보기, team settings, the join notice.
export const teamCopy = {
  browse: {
    pageTitle: '팀 둘러보기',
    title: '팀 둘러보기',
    intro: '워크스페이스의 공개 팀에 참여하거나 내 팀에서 나갈 수 있어요.',
    joinable: '참여할 수 있는 팀',
    noneJoinable: '참여할 수 있는 다른 공개 팀이 없어요.',
    mine: '내가 속한 팀',
    memberCount: (n: number) => `멤버 ${n}명`,
    join: '참여하기',
    leave: '나가기',
    settings: '설정',
    defaultTeam: '기본 팀',
    private: '비공개',
    joined: (name: string) => `${name}에 참여했어요.`,
    left: (name: string) => `${name}에서 나갔어요.`,
    failed: '요청을 처리하지 못했어요. 잠시 후 다시 시도해 주세요.',
    sidebarLink: '팀 둘러보기',
  },
  settings: {
    pageTitle: '팀 설정',
    name: '팀 이름',
    save: '저장',
    saved: '팀 설정을 저장했어요.',
    image: '팀 이미지',
    changeImage: '이미지 변경',
    removeImage: '이미지 삭제',
    members: '팀 멤버',
    addMember: '멤버 추가',
    addMemberLabel: '추가할 워크스페이스 멤버',
    addMemberPlaceholder: '멤버 선택',
    removeMember: '내보내기',
    removeMemberLabel: (name: string) => `${name} 님을 팀에서 내보내기`,
    visibility: '공개 범위',
    public: '공개 — 워크스페이스의 모든 멤버가 볼 수 있어요',
    private: '비공개 — 팀 멤버만 볼 수 있어요',
    visibilityAdminsOnly: '공개 범위는 워크스페이스 관리자만 바꿀 수 있어요.',
    defaultTeamNote: '기본 팀은 항상 공개이며, 워크스페이스의 모든 멤버가 속해 있어요.',
    leave: '팀 나가기',
    danger: '팀 삭제',
    deleteNote:
      '팀을 삭제하면 팀의 목표, 이슈, 외부 이슈, 댓글, 알림과 연동이 모두 삭제되며 되돌릴 수 없어요.',
    deleteButton: '팀 삭제하기',
    deleteTitle: '팀을 삭제할까요?',
    deleteConfirmLabel: (name: string) => `확인을 위해 팀 이름 "${name}"을(를) 입력해 주세요.`,
    deleteAction: '삭제',
    deleted: (name: string) => `${name} 팀을 삭제했어요.`,
    readOnly: '이 팀의 멤버나 워크스페이스 관리자만 팀 설정을 바꿀 수 있어요.',
    notFound: '팀을 찾을 수 없어요.',
  },
  joinNotice: {
    text: '이 팀의 멤버만 글을 쓰고 수정할 수 있어요. 팀에 참여하면 바로 쓸 수 있어요.',
    join: '참여하기',
  },
  private: '비공개',
  settingsLink: (name: string) => `${name} 팀 설정`,
} as const;
