import { expect, test } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/**
 * Issue #10 notifications journey (src/features/notifications/): B, a member of A's workspace, has no alarms and
 * sees '새로운 알림이 없습니다'; A creates an issue with B as manager (an ASSIGNED alarm); B's 알림 page shows it
 * under 이슈 with the sidebar badge at 1; B clicks it → the issue opens in a new tab, the row turns read and the
 * badge goes away. Screenshots of the page with rows and empty, to compare with the earlier product's screenshots.
 */
test('notifications: an assigned issue shows up, the badge counts it, a click opens it in a new tab', async ({
  browser,
}) => {
  const contextA = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const a = await contextA.newPage();
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@noti.example' },
    { create: 'Noti Demo' },
  );
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;

  const contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const b = await contextB.newPage();
  const errors = watchConsole(b);
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@noti.example' },
    { token, password: created.invitePassword! },
  );
  const noti = b.getByRole('navigation', { name: '사이드바' }).getByRole('link', { name: /^알림/ });

  // Nothing yet: the empty state, no badge.
  await b.goto('/workspace/noti');
  const region = b.getByRole('region', { name: '알림' });
  await b.getByRole('tab', { name: '이슈' }).click();
  await expect(b.getByRole('tab', { name: '이슈' })).toHaveAttribute('aria-selected', 'true');
  await expect(region.getByText('새로운 알림이 없습니다')).toBeVisible();
  await expect(b.getByTestId('sidebar-badge')).toHaveCount(0);
  await b.screenshot({ path: `${shots}/notifications-empty.png` });

  // A makes B the manager of a new issue in the default team.
  const members = (await api(a, 'GET', '/api/workspace/setting/members')).body.result as Array<{
    memberId: number;
    name: string;
  }>;
  const bId = members.find((member) => member.name === '이영희')!.memberId;
  const teamId = created.defaultTeamId;
  const issue = await api(a, 'POST', `/api/teams/${teamId}/issues`, {
    title: '알림 탭 필터 정리',
    state: 'TODO',
    priority: 'HIGH',
    managersId: [bId],
    deadline: { start: '2026-11-20', end: '2026-12-05' },
  });
  expect(issue.status, JSON.stringify(issue.body)).toBe(201);
  const issueId = issue.body.result.issueId as number;
  await expect.poll(async () => (await api(b, 'GET', '/api/alarms/unread-count')).body.result?.ISSUE).toBe(1);

  // B's notifications: the 이슈 tab lists it, unread (red date), with the badge at 1.
  await b.goto('/workspace/noti');
  await b.getByRole('tab', { name: '이슈' }).click();
  const row = region.getByTestId('item-row').filter({ hasText: '알림 탭 필터 정리' });
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-read', 'false');
  await expect(row.getByText('담당자 지정')).toBeVisible();
  await expect(row.locator('[data-column="deadline"]')).toHaveCSS('color', 'rgb(196, 61, 61)');
  await expect(b.getByTestId('sidebar-badge')).toHaveText('1');
  await expect(noti).toHaveAccessibleName('알림 읽지 않은 알림 1개');
  await b.screenshot({ path: `${shots}/notifications.png` });

  // Click: the issue opens in a new tab; this row turns read and the badge goes.
  const [opened] = await Promise.all([
    contextB.waitForEvent('page'),
    row.getByText('알림 탭 필터 정리').click(),
  ]);
  await opened.waitForLoadState();
  await expect(opened).toHaveURL(new RegExp(`/workspace/team/${teamId}/issue/${issueId}$`));
  await expect(opened.getByRole('textbox', { name: '제목' })).toHaveValue('알림 탭 필터 정리');
  await expect(b).toHaveURL(/\/workspace\/noti$/);
  await expect(row).toHaveAttribute('data-read', 'true');
  await b.mouse.move(5, 880); // off the row: its hover fill is another grey
  await expect(row.locator('.row')).toHaveCSS('background-color', 'rgb(243, 243, 243)');
  await expect(b.getByTestId('sidebar-badge')).toHaveCount(0);
  expect((await api(b, 'GET', '/api/alarms/unread-count')).body.result.total).toBe(0);

  // A read row just opens again, with no PATCH.
  const patches: string[] = [];
  b.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  const [again] = await Promise.all([
    contextB.waitForEvent('page'),
    row.getByText('알림 탭 필터 정리').click(),
  ]);
  await again.waitForLoadState();
  await expect(again).toHaveURL(new RegExp(`/issue/${issueId}$`));
  expect(patches).toEqual([]);

  // Delete mode: select it, confirm, and the tab is empty again.
  await b.getByRole('button', { name: '삭제' }).click();
  await row.getByRole('checkbox').check();
  await b.getByRole('button', { name: '삭제' }).click();
  await b.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
  await expect(region.getByText('새로운 알림이 없습니다')).toBeVisible();

  expect(errors).toEqual([]);
  await contextA.close();
  await contextB.close();
});
