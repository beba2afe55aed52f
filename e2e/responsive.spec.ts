import { expect, test, type Locator, type Page } from '@playwright/test';
import { PRIORITIES, STATES } from '../contract/itemEnums';
import { checkScreen, resetReport } from './layoutChecks';
import { api, createTeam, memberIdsByName, signInWithDevForm, watchConsole } from './support';

/**
 * Issue #21 "Proof": one journey through every route of docs/product.md at the project's width (desktop 1440,
 * tablet 768, phone 390 — playwright.config.ts). Data is made through the API and screens are opened by URL, so
 * the journey depends on routes and a few Korean labels only. On every screen `checkScreen` (e2e/layoutChecks.ts)
 * softly asserts no horizontal overflow, no overlapping text inside list rows and cards, 0 serious or critical axe
 * violations (desktop and phone), and saves `e2e/.artifacts/screenshots/responsive-<project>-<screen>.png`.
 *
 * Screens: onboarding (login, workspace, invite, fin; a second member's input-pw), team lists (goal, issue, ext)
 * and the joint lists of the default team, create / view / edit of each kind, comments, notifications, settings ×4,
 * the command palette, the phone drawer when there is a menu button, and the 404 page.
 */

/** 20 characters, the longest title the product allows: the worst case for a row or a card. */
const LONG_ISSUE = '로그인 리다이렉트 오류 수정과 재현중';
const LONG_GOAL = '사분기 결제 안정화와 모바일 웹 지원';
const LONG_EXT = '외부 결제 모듈 장애 대응과 원인분석';

/** A Lexical description: one paragraph and a check list (docs/product.md "Description"). */
function description(text: string): string {
  const textNode = (t: string) => ({
    detail: 0,
    format: 0,
    mode: 'normal',
    style: '',
    text: t,
    type: 'text',
    version: 1,
  });
  const block = { direction: 'ltr', format: '', indent: 0, version: 1 };
  return JSON.stringify({
    root: {
      ...block,
      type: 'root',
      children: [
        { ...block, type: 'paragraph', children: [textNode(text)] },
        {
          ...block,
          type: 'list',
          listType: 'check',
          start: 1,
          tag: 'ul',
          children: ['재현 절차 정리', '수정 배포'].map((t, i) => ({
            ...block,
            type: 'listitem',
            value: i + 1,
            checked: i === 0,
            children: [textNode(t)],
          })),
        },
      ],
    },
  });
}

/** Waits (softly) until `locator` shows, naming the screen when it never does. */
async function ready(locator: Locator, screen: string) {
  await expect
    .soft(locator.filter({ visible: true }).first(), `${screen}: the screen did not render`)
    .toBeVisible({ timeout: 15_000 });
}

/**
 * `page.goto`, at most one every 3.2 s per page: every full load re-issues the session (POST /api/token/reissue), and
 * the server allows 20 a minute per sign-in (REISSUE_FAMILY_LIMIT_PER_MINUTE); faster, the app is signed out and
 * its requests answer 401. A person does not open 20 pages a minute by URL.
 */
const lastVisit = new WeakMap<Page, number>();
async function visit(page: Page, url: string) {
  const wait = (lastVisit.get(page) ?? 0) + 3200 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  lastVisit.set(page, Date.now());
  await page.goto(url);
}

/** The list rows of a list page (today's test id, or the `data-list-row` mark of the phone cards). */
const rows = (page: Page) => page.locator('[data-testid="item-row"], [data-list-row]');

test('responsive journey: every route at this width, without overflow, overlaps or axe violations', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(600_000);
  const project = testInfo.project.name;
  const axe = project !== 'tablet';
  resetReport(project);
  const started = Date.now();
  const check = (p: Page, screen: string) => checkScreen(p, testInfo, screen, { axe });
  const errors = watchConsole(page);
  // Which requests a console error about a failed resource refers to (the console message has no URL).
  const failedRequests: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && ![400, 404, 409, 429].includes(response.status())) {
      failedRequests.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
    }
  });
  // Leaving a create or edit screen by URL: accept the browser's leave-page question.
  page.on('dialog', (dialog) => void dialog.accept());

  // ── Onboarding (member A creates the workspace) ──────────────────────────────────────────────────────────────
  await visit(page, '/onboarding');
  await ready(page.getByRole('button', { name: '구글로 계속하기' }), 'onboarding-login');
  await check(page, 'onboarding-login');
  await signInWithDevForm(page, '김민수', `minsu-${project}@responsive.example`);
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  await ready(page.getByPlaceholder('워크스페이스 이름'), 'onboarding-workspace');
  await check(page, 'onboarding-workspace');
  await page.getByPlaceholder('워크스페이스 이름').fill(`R ${project}`);
  await page.getByRole('button', { name: '이름 확인' }).click();
  const create = page.getByRole('button', { name: '워크스페이스 생성하기' });
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page).toHaveURL(/\/onboarding\/invite$/);
  await ready(page.getByRole('button', { name: '초대 정보 복사' }), 'onboarding-invite');
  await check(page, 'onboarding-invite');
  const invite = (await api(page, 'GET', '/api/workspace/setting/invite')).body.result as {
    inviteUrl: string;
    invitePassword: string;
  };
  await page.getByRole('button', { name: '팀원 초대 완료' }).click();
  await expect(page).toHaveURL(/\/onboarding\/fin$/);
  await ready(page.getByRole('button', { name: '지금 시작하기' }), 'onboarding-fin');
  await check(page, 'onboarding-fin');
  await page.getByRole('button', { name: '지금 시작하기' }).click();
  await expect(page).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);
  const defaultTeamId = Number(/team\/(\d+)\/issue/.exec(page.url())![1]);

  // ── Member B joins through the invite link ──────────────────────────────────────────────────────────────────
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await visit(b, invite.inviteUrl);
  await expect(b).toHaveURL(/\/onboarding$/);
  await signInWithDevForm(b, '이영희', `younghee-${project}@responsive.example`);
  await expect(b).toHaveURL(/\/onboarding\/input-pw$/);
  await ready(b.getByPlaceholder('암호를 입력하시오'), 'onboarding-input-pw');
  await check(b, 'onboarding-input-pw');
  await b.getByPlaceholder('암호를 입력하시오').fill(invite.invitePassword);
  await b.getByRole('button', { name: '입장하기' }).click();
  await expect(b).toHaveURL(new RegExp(`/workspace/default/team/${defaultTeamId}/issue$`));

  // ── Data through the API ────────────────────────────────────────────────────────────────────────────────────
  const idOf = await memberIdsByName(page);
  const teamId = await createTeam(page, '프론트엔드 팀', [idOf('이영희')]);
  const managerSets = [[], [idOf('김민수')], [idOf('김민수'), idOf('이영희')], [idOf('이영희')]];
  const ids: Record<'goal' | 'issue' | 'ext', number> = { goal: 0, issue: 0, ext: 0 };
  for (const t of [teamId, defaultTeamId]) {
    const goalIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const goal = await api(page, 'POST', `/api/teams/${t}/goals`, {
        title: i === 0 ? LONG_GOAL : `목표 ${i + 1}`,
        state: STATES[i % STATES.length],
        priority: PRIORITIES[(i + 1) % PRIORITIES.length],
        managersId: managerSets[(i + 2) % 4],
        deadline: i % 2 ? { start: '2026-11-01', end: '2026-12-31' } : { end: '2026-12-15' },
        content: description('분기 목표의 설명입니다.'),
      });
      expect(goal.status, JSON.stringify(goal.body)).toBe(201);
      goalIds.push(goal.body.result.goalId);
    }
    for (let i = 0; i < 12; i++) {
      const issue = await api(page, 'POST', `/api/teams/${t}/issues`, {
        title: i % 3 === 0 ? LONG_ISSUE : `이슈 ${i + 1}`,
        state: STATES[i % STATES.length],
        priority: PRIORITIES[i % PRIORITIES.length],
        managersId: managerSets[(i + 2) % 4],
        goalId: i % 4 === 0 ? null : goalIds[i % goalIds.length],
        deadline:
          i % 5 === 0 ? {} : { start: '2026-11-01', end: `2026-12-${String(10 + i).padStart(2, '0')}` },
        content: description('이슈 설명입니다. 재현 절차를 적습니다.'),
      });
      expect(issue.status, JSON.stringify(issue.body)).toBe(201);
      if (t === teamId && i === 0) ids.issue = issue.body.result.issueId;
    }
    for (let i = 0; i < 4; i++) {
      const ext = await api(page, 'POST', `/api/teams/${t}/externals`, {
        title: i === 0 ? LONG_EXT : `외부 이슈 ${i + 1}`,
        extServiceType: 'SLACK',
        state: STATES[(i + 1) % STATES.length],
        priority: PRIORITIES[i % PRIORITIES.length],
        managersId: managerSets[(i + 2) % 4],
        goalId: goalIds[i % goalIds.length],
        deadline: { start: '2026-11-20', end: '2026-11-20' },
      });
      expect(ext.status, JSON.stringify(ext.body)).toBe(201);
      if (t === teamId && i === 0) ids.ext = ext.body.result.externalId;
    }
    if (t === teamId) ids.goal = goalIds[0]!;
  }
  for (const [author, content] of [
    [page, '재현 절차를 정리해 두었습니다. 확인 부탁드려요.'],
    [
      b,
      '확인했습니다. 오늘 중으로 수정해서 배포할게요! 긴 댓글이 좁은 화면에서 어떻게 줄바꿈되는지도 봅니다.',
    ],
    [page, '좋아요 👍'],
  ] as const) {
    const comment = await api(author, 'POST', '/api/comments', {
      content,
      category: 'ISSUE',
      targetId: ids.issue,
    });
    expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  }

  // ── Lists: a team's and the joint (default team) lists of every kind ───────────────────────────────────────
  for (const kind of ['goal', 'issue', 'ext'] as const) {
    await visit(page, `/workspace/team/${teamId}/${kind}`);
    await ready(rows(page), `list-${kind}`);
    await check(page, `list-${kind}`);
  }
  for (const kind of ['goal', 'issue', 'ext'] as const) {
    await visit(page, `/workspace/default/team/${defaultTeamId}/${kind}`);
    await ready(rows(page), `joint-${kind}`);
    await check(page, `joint-${kind}`);
  }

  // ── Detail: create, view and edit of every kind ────────────────────────────────────────────────────────────
  for (const kind of ['goal', 'issue', 'ext'] as const) {
    await visit(page, `/workspace/team/${teamId}/${kind}/detail/create`);
    const title = page.getByRole('textbox', { name: '제목' });
    await ready(title, `detail-${kind}-create`);
    await title.fill('새 항목의 제목을 입력합니다');
    await check(page, `detail-${kind}-create`);

    await visit(page, `/workspace/team/${teamId}/${kind}/${ids[kind]}`);
    await expect.soft(title, `detail-${kind}-view: the title`).not.toHaveValue('', { timeout: 15_000 });
    await check(page, `detail-${kind}-view`);

    await visit(page, `/workspace/team/${teamId}/${kind}/${ids[kind]}/edit`);
    await expect.soft(title, `detail-${kind}-edit: the title`).not.toHaveValue('', { timeout: 15_000 });
    await check(page, `detail-${kind}-edit`);
  }

  // ── Comments (the issue's view, scrolled to its comments) ──────────────────────────────────────────────────
  await visit(page, `/workspace/team/${teamId}/issue/${ids.issue}`);
  const lastComment = page.getByText('좋아요 👍');
  await ready(lastComment, 'detail-comments');
  await lastComment.scrollIntoViewIfNeeded();
  await check(page, 'detail-comments');

  // ── Notifications (B manages items A made, and A commented on one) ─────────────────────────────────────────
  await visit(b, '/workspace/noti');
  await b.getByRole('tab', { name: '이슈' }).click();
  await ready(rows(b), 'notifications');
  await check(b, 'notifications');

  // ── Settings ×4 ────────────────────────────────────────────────────────────────────────────────────────────
  const settings: Array<[string, Locator]> = [
    ['ws-profile', page.getByText('워크스페이스 로고')],
    ['team-list', page.getByText('프론트엔드 팀')],
    ['team-members', page.getByText('이영희')],
    ['my-profile', page.getByRole('button', { name: '로그아웃' })],
  ];
  for (const [route, shows] of settings) {
    await visit(page, `/workspace/setting/${route}`);
    await ready(shows, `settings-${route}`);
    await check(page, `settings-${route}`);
  }

  // ── Command palette: its search button when there is one, else Ctrl-K ───────────────────────────────────────
  await visit(page, `/workspace/team/${teamId}/issue`);
  await ready(rows(page), 'palette');
  const searchButton = page.getByRole('button', { name: /검색/ }).filter({ visible: true });
  if ((await searchButton.count()) > 0) await searchButton.first().click();
  else await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: '검색 및 명령' });
  await ready(palette, 'palette');
  await check(page, 'palette-empty');
  await palette.getByRole('combobox').fill('로그인');
  await ready(palette.getByRole('option', { name: /로그인 리다이렉트/ }), 'palette-results');
  await check(page, 'palette-results');
  await page.keyboard.press('Escape');
  await expect.soft(palette).toBeHidden();

  // ── The phone drawer, when the shell has a menu button ─────────────────────────────────────────────────────
  const menu = page.getByRole('button', { name: /메뉴|사이드바 열기|내비게이션/ }).filter({ visible: true });
  if ((await menu.count()) > 0) {
    await menu.first().click();
    await ready(page.getByRole('navigation', { name: '사이드바' }), 'drawer');
    await check(page, 'drawer');
    await page.keyboard.press('Escape');
  }

  // ── 404 ────────────────────────────────────────────────────────────────────────────────────────────────────
  await visit(page, '/this/route/does-not-exist');
  await ready(page.getByText('찾을 수 없는 페이지입니다.'), 'not-found');
  await check(page, 'not-found');

  expect
    .soft(errors, `console errors of member A; failed requests: ${failedRequests.join(', ')}`)
    .toEqual([]);
  console.log(`[${project}] responsive journey: ${Math.round((Date.now() - started) / 1000)} s`);
  await contextB.close();
});
