import { expect, test, type Page } from '@playwright/test';
import { api, createTeam, enterWorkspace, memberIdsByName, shots, watchConsole } from './support';

/**
 * Issue #23, teams and membership: B browses the workspace's public teams (팀 둘러보기), joins one in one click,
 * sees it under "나의 팀", and leaves it; a private team is invisible to B — in the sidebar, in the joint list and in
 * the command palette's search — while its member A sees it. Screenshots at desktop width and at 390 px.
 */

const myTeams = (page: Page) =>
  page.getByRole('navigation', { name: '사이드바' }).getByRole('list', { name: '나의 팀' });

test('join and leave a team from 팀 둘러보기; a private team stays invisible to non-members', async ({
  browser,
}) => {
  // Two people, three teams, the palette and two viewports: a long journey on a shared 2-core machine.
  test.setTimeout(150_000);
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  const errorsA = watchConsole(a);
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@teams.example' },
    { create: 'Team Demo' },
  );
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  const errorsB = watchConsole(b);
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@teams.example' },
    { token, password: created.invitePassword! },
  );

  const idOf = await memberIdsByName(a);
  // A's teams: 디자인팀 (public) and 비밀 프로젝트 (private); B is in neither.
  const design = await createTeam(a, '디자인팀', [idOf('김민수')]);
  // The private one through 팀 생성 with 비공개 picked (any member may create a private team).
  await a.goto('/workspace/setting/team-list');
  await a.getByRole('button', { name: '팀 생성하기' }).click();
  const dialog = a.getByRole('dialog', { name: '팀 생성' });
  await dialog.getByPlaceholder('팀 이름을 입력하세요').fill('비밀 프로젝트');
  await dialog.getByRole('checkbox', { name: '김민수' }).check();
  await expect(dialog.getByRole('radio', { name: /^공개/ })).toBeChecked();
  await dialog.getByRole('radio', { name: /^비공개/ }).check();
  await a.screenshot({ path: `${shots}/teams-create-private.png` });
  const creating = a.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/workspace/setting/teams'),
  );
  await dialog.getByRole('button', { name: '팀 생성하기' }).click();
  const createdSecret = await creating;
  expect(createdSecret.request().postDataJSON()).toMatchObject({ visibility: 'private' });
  const secret = ((await createdSecret.json()) as { result: { teamId: number } }).result.teamId;
  await expect(dialog).toHaveCount(0);
  expect((await api(a, 'GET', `/api/teams/${secret}/settings`)).body.result.visibility).toBe('private');
  const hiddenIssue = await api(a, 'POST', `/api/teams/${secret}/issues`, { title: '극비 출시 일정' });
  expect(hiddenIssue.status).toBe(201);
  const openIssue = await api(a, 'POST', `/api/teams/${created.defaultTeamId}/issues`, {
    title: '공개 출시 일정',
  });
  expect(openIssue.status).toBe(201);

  // A (a member) sees the private team under 나의 팀.
  await a.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect(myTeams(a).getByText('비밀 프로젝트')).toBeVisible();

  // B: neither team under 나의 팀 (only teams B belongs to are listed).
  await b.reload();
  const sidebarB = b.getByRole('navigation', { name: '사이드바' });
  await expect(sidebarB.getByText('Team Demo').first()).toBeVisible();
  await expect(sidebarB.getByText('디자인팀')).toHaveCount(0);
  await expect(sidebarB.getByText('비밀 프로젝트')).toHaveCount(0);

  // 팀 둘러보기 from the sidebar: 디자인팀 with its member count, never the private team.
  await sidebarB.getByRole('link', { name: '팀 둘러보기' }).click();
  await expect(b).toHaveURL(/\/workspace\/teams$/);
  await expect(b).toHaveTitle(/팀 둘러보기/);
  const joinable = b.getByRole('list', { name: '참여할 수 있는 팀' });
  await expect(joinable.getByText('디자인팀')).toBeVisible();
  await expect(joinable.getByText('멤버 1명')).toBeVisible();
  await expect(b.getByText('비밀 프로젝트')).toHaveCount(0);
  await b.screenshot({ path: `${shots}/teams-browse.png`, fullPage: true });

  // One click to join: it appears under 나의 팀 and under 내가 속한 팀.
  await joinable.getByRole('button', { name: '디자인팀 참여하기' }).click();
  await expect(b.getByText('디자인팀에 참여했어요.')).toBeVisible();
  await expect(myTeams(b).getByText('디자인팀')).toBeVisible();
  const mine = b.getByRole('list', { name: '내가 속한 팀' });
  await expect(mine.getByText('디자인팀')).toBeVisible();
  await expect(b.getByText('참여할 수 있는 다른 공개 팀이 없어요.')).toBeVisible();
  await b.screenshot({ path: `${shots}/teams-joined.png`, fullPage: true });
  // A's open tab hears of it (live event): the team's member count in settings goes to 2.
  const settingsA = await api(a, 'GET', `/api/teams/${design}/settings`);
  expect(settingsA.body.result.members).toHaveLength(2);

  // The team settings page from the sidebar's gear.
  await myTeams(b).getByRole('link', { name: '디자인팀 팀 설정' }).click();
  await expect(b).toHaveURL(new RegExp(`/workspace/setting/team/${design}$`));
  await expect(b.getByRole('heading', { name: '디자인팀', level: 1 })).toBeVisible();
  await expect(b.getByText('공개 범위는 워크스페이스 관리자만 바꿀 수 있어요.')).toBeVisible();
  // 외부 연동: B (a member) reads the states; only admins connect or disconnect.
  const integrationsB = b.getByRole('region', { name: '외부 연동' });
  await expect(
    integrationsB.getByText('외부 연동은 워크스페이스 관리자만 연결하거나 해제할 수 있어요.'),
  ).toBeVisible();
  await expect(integrationsB.getByRole('button')).toHaveCount(0);
  await b.screenshot({ path: `${shots}/teams-settings.png`, fullPage: true });
  // Nor does the external list offer B '연동하기'.
  await b.goto(`/workspace/team/${design}/ext`);
  await expect(b.getByRole('heading', { name: '디자인팀', level: 1 })).toBeVisible();
  await expect(b.getByRole('button', { name: '연동하기' })).toHaveCount(0);

  // Leave in one click (from 팀 둘러보기): gone from 나의 팀, offered again.
  await b.goto('/workspace/teams');
  await b
    .getByRole('list', { name: '내가 속한 팀' })
    .getByRole('button', { name: '디자인팀 나가기' })
    .click();
  await expect(b.getByText('디자인팀에서 나갔어요.')).toBeVisible();
  await expect(myTeams(b).getByText('디자인팀')).toHaveCount(0);
  await expect(b.getByRole('list', { name: '참여할 수 있는 팀' }).getByText('디자인팀')).toBeVisible();

  // The joint list (the default team's issues) shows the public issue, never the private one.
  await b.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect(b.getByText('공개 출시 일정')).toBeVisible();
  await expect(b.getByText('극비 출시 일정')).toHaveCount(0);

  // The palette: searching finds the public issue, nothing of the private team.
  await b.keyboard.press('Control+k');
  const palette = b.getByRole('dialog', { name: '검색 및 명령' });
  const input = palette.getByRole('combobox', { name: '검색 및 명령' });
  await input.fill('출시 일정');
  await expect(palette.getByRole('option', { name: /공개 출시 일정/ })).toBeVisible();
  await expect(palette.getByText('극비 출시 일정')).toHaveCount(0);
  await input.fill('극비');
  // The search ran (its empty answer replaced the earlier hits) and found nothing of the private team.
  await expect(palette.getByText('검색 결과가 없어요')).toBeVisible();
  await expect(palette.getByRole('option', { name: /극비/ })).toHaveCount(0);
  await b.screenshot({ path: `${shots}/teams-palette-private-hidden.png` });
  await b.keyboard.press('Escape');
  // A, a member, finds it.
  await a.keyboard.press('Control+k');
  const paletteA = a.getByRole('dialog', { name: '검색 및 명령' });
  await paletteA.getByRole('combobox', { name: '검색 및 명령' }).fill('극비');
  await expect(paletteA.getByRole('option', { name: /극비 출시 일정/ })).toBeVisible();
  await a.keyboard.press('Escape');

  // A private team's page shows B exactly what a missing team's shows.
  await b.goto(`/workspace/team/${secret}/issue`);
  await expect(b.getByText('극비 출시 일정')).toHaveCount(0);
  await expect(b.getByText('404 Error')).toBeVisible();
  await expect(b.getByTestId('join-team-notice')).toHaveCount(0);
  const hiddenPage = await b.locator('main').innerText();
  await b.goto('/workspace/team/2000000000/issue');
  await expect(b.getByText('404 Error')).toBeVisible();
  expect(await b.locator('main').innerText()).toBe(hiddenPage);
  // A public team B is not in: a notice with 참여하기 instead of forms that would fail.
  await b.goto(`/workspace/team/${design}/issue`);
  await expect(b.getByTestId('join-team-notice')).toBeVisible();
  await b.screenshot({ path: `${shots}/teams-join-notice.png` });

  // Phones: 팀 둘러보기 and team settings at 390 px.
  await b.setViewportSize({ width: 390, height: 844 });
  await b.goto('/workspace/teams');
  await expect(b.getByRole('list', { name: '참여할 수 있는 팀' }).getByText('디자인팀')).toBeVisible();
  const overflow = await b.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await b.screenshot({ path: `${shots}/teams-browse-390.png`, fullPage: true });
  await a.setViewportSize({ width: 390, height: 844 });
  await a.goto(`/workspace/setting/team/${design}`);
  await expect(a.getByRole('heading', { name: '디자인팀', level: 1 })).toBeVisible();
  const overflowA = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflowA).toBeLessThanOrEqual(0);
  await a.screenshot({ path: `${shots}/teams-settings-390.png`, fullPage: true });

  expect(errorsA).toEqual([]);
  // The two not-found team lists above log their 404 (the app's own message for any missing team).
  expect(errorsB.filter((e) => !/목록 조회 실패 \{status: 404/.test(e))).toEqual([]);
  await contextA.close();
  await contextB.close();
});
