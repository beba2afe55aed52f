import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, signInWithDevForm, watchConsole } from './support';

/**
 * Issue #23 administration (docs/security.md "Roles", "Invites", "Audit log"): the owner sees roles and promotes a
 * member; an admin removes B and B's open tab is signed out within 2 s (B's refresh fails); rotating the invite
 * makes the old link answer "초대 링크가 만료되었습니다" on the invitee's password screen; the audit log lists it
 * all. Screenshots at 1440 and 390 px.
 */

async function memberMenu(page: Page, name: string) {
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `${name}님 관리` }).click();
}

test('roles, removal with sign-out, invite rotation and the audit log', async ({ browser }) => {
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  const errorsA = watchConsole(a);
  const created = await enterWorkspace(
    a,
    { name: '김대표', email: 'owner@admin.example' },
    { create: 'Admin Co' },
  );
  const inviteUrl = created.inviteUrl!;
  const token = new URL(inviteUrl).searchParams.get('token')!;

  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await enterWorkspace(
    b,
    { name: '박멤버', email: 'member@admin.example' },
    { token, password: created.invitePassword! },
  );
  const contextC = await browser.newContext();
  const c = await contextC.newPage();
  await enterWorkspace(
    c,
    { name: '이관리', email: 'admin@admin.example' },
    { token, password: created.invitePassword! },
  );

  // The owner promotes 이관리 to admin from the members page; roles show in the table.
  await a.goto('/workspace/setting/team-members');
  await expect(a.getByRole('row', { name: /김대표/ }).getByText('소유자')).toBeVisible();
  await memberMenu(a, '이관리');
  await a.getByRole('menuitem', { name: '관리자로 지정' }).click();
  await a.getByRole('dialog').getByRole('button', { name: '지정하기' }).click();
  await expect(a.getByRole('row', { name: /이관리/ }).getByText('관리자')).toBeVisible();

  // 이관리's open tab learns it live: the audit log appears in its settings sidebar.
  await c.goto('/workspace/setting/ws-profile');
  await expect(c.getByRole('link', { name: '감사 로그' })).toBeVisible();

  // B has the workspace open with a live stream.
  await b.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect(b.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

  // The admin removes B: B's tab is signed out within 2 s with the notice, and B's session cannot be renewed.
  await c.goto('/workspace/setting/team-members');
  await memberMenu(c, '박멤버');
  await c.getByRole('menuitem', { name: '워크스페이스에서 내보내기' }).click();
  await c.screenshot({ path: `${shots}/admin-remove-confirm.png` });
  const started = Date.now();
  await c.getByRole('dialog').getByRole('button', { name: '내보내기' }).click();
  await expect(b).toHaveURL(/\/onboarding\?notice=removed$/, { timeout: 2_000 });
  expect(Date.now() - started).toBeLessThan(2_000);
  await expect(b.getByText('워크스페이스에서 내보냈어요')).toBeVisible();
  await b.screenshot({ path: `${shots}/admin-removed-signed-out.png` });
  expect((await b.request.post('/api/token/reissue')).status()).toBe(401);
  await expect(c.getByRole('row', { name: /박멤버/ })).toHaveCount(0);

  // Members page at desktop and phone width.
  await a.goto('/workspace/setting/team-members');
  await expect(a.getByRole('row', { name: /이관리/ })).toBeVisible();
  await a.screenshot({ path: `${shots}/admin-members-desktop.png` });
  await a.setViewportSize({ width: 390, height: 844 });
  await expect(a.getByRole('button', { name: '이관리님 관리' })).toBeVisible();
  await a.screenshot({ path: `${shots}/admin-members-390.png`, fullPage: true });
  await a.setViewportSize({ width: 1440, height: 900 });

  // The admin rotates the invite; its expiry can be chosen.
  await c.getByRole('button', { name: '팀원 초대하기' }).click();
  const dialog = c.getByRole('dialog', { name: '팀원 초대' });
  await dialog.getByRole('radio', { name: '7일' }).click();
  await expect(dialog.getByRole('radio', { name: '7일' })).toBeChecked();
  await expect(dialog.getByText(/에 만료돼요\./)).toBeVisible();
  await dialog.getByRole('button', { name: '새 초대 링크 만들기' }).click();
  await dialog.getByRole('button', { name: '새 초대 링크 만들기' }).click();
  await expect(dialog.getByRole('textbox', { name: '초대 정보' })).not.toHaveValue(new RegExp(token));
  await c.screenshot({ path: `${shots}/admin-invite-dialog.png` });
  await dialog.getByRole('button', { name: '닫기', exact: true }).click();

  // Someone opens the old link: after signing in, the password screen says the link expired.
  const contextD = await browser.newContext();
  const d = await contextD.newPage();
  await d.goto(new URL(inviteUrl).pathname + new URL(inviteUrl).search);
  await expect(d).toHaveURL(/\/onboarding$/);
  await signInWithDevForm(d, '늦은이', 'late@admin.example');
  await expect(d).toHaveURL(/\/onboarding\/input-pw$/);
  await expect(d.getByRole('alert')).toHaveText(/초대 링크가 만료되었습니다/);
  await d.screenshot({ path: `${shots}/admin-old-invite-expired.png` });

  // The audit log lists every action, newest first, in Korean; on a phone as stacked cards.
  await a.goto('/workspace/setting/audit-log');
  const table = a.getByRole('table', { name: '감사 로그' });
  await expect(table.getByRole('row').nth(1)).toContainText('초대 링크 재발급');
  await expect(table).toContainText('초대 링크 유효 기간 변경');
  await expect(table).toContainText('멤버 내보내기');
  await expect(table).toContainText('역할 변경');
  await expect(table).toContainText('멤버 → 관리자');
  await expect(table).toContainText('워크스페이스 참여');
  await a.screenshot({ path: `${shots}/admin-audit-desktop.png` });
  await a.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const overflow = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await a.screenshot({ path: `${shots}/admin-audit-390.png`, fullPage: true });

  // The owner renames the workspace (the URL stays); at 390 px the controls fit.
  await a.setViewportSize({ width: 1440, height: 900 });
  await a.goto('/workspace/setting/ws-profile');
  const nameField = a.getByRole('textbox', { name: '이름' });
  await expect(nameField).toBeEnabled();
  await nameField.fill('Admin Two');
  await nameField.press('Enter');
  await expect(a.getByText('워크스페이스 이름을 변경했어요.')).toBeVisible();
  await expect(a.getByRole('textbox', { name: 'URL' })).toHaveValue(/\/admin-co$/);
  await a.screenshot({ path: `${shots}/admin-ws-profile-desktop.png` });
  await a.setViewportSize({ width: 390, height: 844 });
  await expect(a.getByRole('button', { name: '로고 변경' })).toBeVisible();
  await a.screenshot({ path: `${shots}/admin-ws-profile-390.png` });

  // The admin reads it through the API too (members get 403, __tests__/server/modules/admin/roles.test.ts).
  expect((await api(c, 'GET', '/api/workspace/setting/audit')).status).toBe(200);
  expect(errorsA).toEqual([]);

  await contextA.close();
  await contextB.close();
  await contextC.close();
  await contextD.close();
});
