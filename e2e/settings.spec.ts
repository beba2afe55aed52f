import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, enterWorkspace, shots, signInWithDevForm, watchConsole } from './support';

/**
 * Issue #4 journey with two members in one workspace: A creates teams with B, they appear in both sidebars,
 * A reorders them by mouse and by keyboard (the order survives a reload), the sidebar collapses to mini and
 * auto-collapses in a 700 px window, A uploads and deletes an avatar and logs out, B withdraws and can no
 * longer renew a session, and A's member list no longer shows B.
 */
const myTeams = (page: Page) =>
  page.getByRole('navigation', { name: '사이드바' }).getByTestId('my-team-name');

async function myTeamOrder(page: Page): Promise<string[]> {
  return (await myTeams(page).allTextContents()).map((text) => text.trim());
}

async function createTeam(page: Page, teamName: string, memberName: string) {
  await page.goto('/workspace/setting/team-list');
  await page.getByRole('button', { name: '팀 생성하기' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('팀 이름을 입력하세요').fill(teamName);
  await dialog.getByRole('checkbox', { name: memberName }).check();
  await dialog.getByRole('button', { name: '팀 생성하기' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText(teamName, { exact: true })).toBeVisible();
}

async function dragByMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 20 });
  await page.waitForTimeout(300);
  await page.mouse.up();
}

test('teams, sidebar, profile photo, logout and withdrawal with two members', async ({ browser }) => {
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  const errorsA = watchConsole(a);
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@team.example' },
    { create: 'Team Shell' },
  );
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;

  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@team.example' },
    { token, password: created.invitePassword! },
  );

  // A creates two teams with B.
  await createTeam(a, 'Frontend', '이영희');
  await a.screenshot({ path: `${shots}/settings-team-list.png` });
  await createTeam(a, 'Design', '이영희');
  await a.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect.poll(() => myTeamOrder(a)).toEqual(['Frontend', 'Design']);
  await a.screenshot({ path: `${shots}/sidebar-full.png` });

  // The teams appear in B's sidebar too.
  await b.reload();
  await expect.poll(() => myTeamOrder(b)).toEqual(['Frontend', 'Design']);

  // Mouse: drag Design above Frontend; the order survives a reload.
  await dragByMouse(
    a,
    a.getByRole('button', { name: 'Design 순서 변경' }),
    a.getByRole('button', { name: 'Frontend 순서 변경' }),
  );
  await expect.poll(() => myTeamOrder(a)).toEqual(['Design', 'Frontend']);
  await a.reload();
  await expect.poll(() => myTeamOrder(a)).toEqual(['Design', 'Frontend']);

  // Keyboard: lift Frontend with space, move it up, drop it; again the order survives a reload.
  const frontendHandle = a.getByRole('button', { name: 'Frontend 순서 변경' });
  await frontendHandle.focus();
  await a.keyboard.press('Space');
  await a.waitForTimeout(150);
  await a.keyboard.press('ArrowUp');
  await a.waitForTimeout(300);
  await a.screenshot({ path: `${shots}/sidebar-keyboard-drag.png` });
  await a.keyboard.press('Space');
  await expect.poll(() => myTeamOrder(a)).toEqual(['Frontend', 'Design']);
  await a.reload();
  await expect.poll(() => myTeamOrder(a)).toEqual(['Frontend', 'Design']);
  await b.reload();
  await expect.poll(() => myTeamOrder(b)).toEqual(['Frontend', 'Design']);

  // The sidebar collapses to mini and back; a 700 px window collapses it by itself.
  const sidebar = a.getByRole('navigation', { name: '사이드바' });
  await a.getByRole('button', { name: '사이드바 접기' }).click();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(128);
  await a.screenshot({ path: `${shots}/sidebar-mini.png` });
  await a.getByRole('button', { name: '사이드바 펼치기' }).click();
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(308);
  await a.setViewportSize({ width: 700, height: 900 });
  await expect.poll(async () => Math.round((await sidebar.boundingBox())!.width)).toBe(128);
  await a.screenshot({ path: `${shots}/sidebar-auto-collapsed-700.png` });
  await a.setViewportSize({ width: 1440, height: 900 });

  // A uploads a PNG avatar, sees it in the member list, deletes it.
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#2e4475' } })
    .png()
    .toBuffer();
  await a.goto('/workspace/setting/my-profile');
  await a.getByRole('button', { name: '프로필 사진 변경' }).click();
  const chooser = a.waitForEvent('filechooser');
  await a.getByRole('menuitem', { name: '수정' }).click();
  await (await chooser).setFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(a.getByRole('main').locator('img[src^="/uploads/profile/"]')).toBeVisible();
  await a.screenshot({ path: `${shots}/settings-my-profile-photo.png` });
  await a.goto('/workspace/setting/team-members');
  const rowA = a.getByRole('row', { name: /김민수/ });
  await expect(rowA.locator('img[src^="/uploads/profile/"]')).toBeVisible();
  await a.screenshot({ path: `${shots}/settings-members.png` });
  await a.goto('/workspace/setting/my-profile');
  await a.getByRole('button', { name: '프로필 사진 변경' }).click();
  await a.getByRole('menuitem', { name: '삭제' }).click();
  await expect(a.getByRole('main').locator('img[src^="/uploads/profile/"]')).toHaveCount(0);
  expect((await api(a, 'GET', '/api/workspace/setting/my-profile')).body.result.profileImageUrl).toBeNull();

  // A logs out.
  await a.getByRole('button', { name: '로그아웃' }).click();
  await a.getByRole('dialog').getByRole('button', { name: '로그아웃' }).click();
  await expect(a).toHaveURL(/\/onboarding$/);
  expect(await a.evaluate(() => localStorage.getItem('persist:session'))).not.toContain('ey');

  // B withdraws: the button waits for the checkbox; afterwards the session cannot be renewed.
  await b.goto('/workspace/setting/my-profile');
  await b.getByRole('button', { name: '회원탈퇴' }).click();
  const withdraw = b.getByRole('dialog');
  await expect(withdraw.getByRole('button', { name: '탈퇴하기' })).toBeDisabled();
  await withdraw.getByRole('checkbox', { name: '위의 내용을 확인했으며 모든 사항에 동의합니다.' }).check();
  await b.screenshot({ path: `${shots}/settings-withdraw-modal.png` });
  await withdraw.getByRole('button', { name: '탈퇴하기' }).click();
  await expect(b).toHaveURL(/\/onboarding$/);
  expect((await b.request.post('/api/token/reissue')).status()).toBe(401);

  // A signs in again: B is gone from the member list.
  await signInWithDevForm(a, '김민수', 'minsu@team.example');
  await expect(a).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);
  await a.goto('/workspace/setting/team-members');
  await expect(a.getByRole('row', { name: /김민수/ })).toBeVisible();
  await expect(a.getByText('이영희')).toHaveCount(0);
  expect(errorsA).toEqual([]);

  await contextA.close();
  await contextB.close();
});
