import { expect, test } from '@playwright/test';
import { sessionToken, shots, signInWithDevForm, watchConsole } from './support';

/**
 * Issue #3 journey: member A creates "Acme Team" (after an invalid name), copies the invite and finishes on
 * the default team's issue list; member B, in a separate browser context, opens the invite URL, signs in,
 * enters a wrong password (error state), then the right one, and lands in the same workspace.
 */
test('A creates a workspace and invites B, who joins with the password', async ({ browser, baseURL }) => {
  const contextA = await browser.newContext();
  await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const a = await contextA.newPage();
  const errorsA = watchConsole(a);

  await a.goto('/onboarding');
  await signInWithDevForm(a, '김민수', 'minsu@acme.example');
  await expect(a).toHaveURL(/\/onboarding\/workspace$/);
  await expect(a.getByRole('heading', { name: '새 워크스페이스 생성하기' })).toBeVisible();
  await a.evaluate(() => document.fonts.ready);
  await a.screenshot({ path: `${shots}/onboarding-1-workspace.png` });

  const nameField = a.getByPlaceholder('워크스페이스 이름');
  const create = a.getByRole('button', { name: '워크스페이스 생성하기' });
  await expect(create).toBeDisabled();

  // An invalid name: the rule's message in red, the field cleared, nothing created.
  await nameField.fill('1acme');
  await a.getByRole('button', { name: '이름 확인' }).click();
  await expect(a.getByText('워크스페이스 이름은 숫자로 시작할 수 없습니다.')).toBeVisible();
  await expect(nameField).toHaveValue('');
  await expect(create).toBeDisabled();
  await a.screenshot({ path: `${shots}/onboarding-1-workspace-error.png` });

  // A valid name: the URL appears, the name locks, create is enabled.
  await nameField.fill('Acme Team');
  await nameField.press('Enter');
  const urlField = a.getByPlaceholder('워크스페이스 URL');
  await expect(urlField).toHaveValue(`${baseURL}/acme-team`);
  await expect(nameField).not.toBeEditable();
  await expect(create).toBeEnabled();
  await a.screenshot({ path: `${shots}/onboarding-1-workspace-filled.png` });

  await create.click();
  await expect(a).toHaveURL(/\/onboarding\/invite$/);
  await expect(a.getByText('팀원을 김민수님의 팀에 초대해봐요')).toBeVisible();
  const inviteBox = a.getByRole('textbox');
  const inviteText = await inviteBox.inputValue();
  const inviteUrl = /팀원 URL : (\S+)/.exec(inviteText)?.[1];
  const password = /암호 : (\S+)/.exec(inviteText)?.[1];
  expect(inviteUrl).toMatch(new RegExp(`^${baseURL}/acme-team/invite\\?token=[A-Za-z0-9_-]{22}$`));
  expect(password).toMatch(/^[a-z0-9]{8}$/);
  await a.screenshot({ path: `${shots}/onboarding-2-invite.png` });

  await a.getByRole('button', { name: '초대 정보 복사' }).click();
  await expect(a.getByText('복사가 완료되었습니다!')).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(inviteText);
  await a.screenshot({ path: `${shots}/onboarding-2-invite-copied.png` });
  await expect(a.getByText('복사가 완료되었습니다!')).toBeHidden({ timeout: 4000 });

  await a.getByRole('button', { name: '팀원 초대 완료' }).click();
  await expect(a).toHaveURL(/\/onboarding\/fin$/);
  await expect(a.getByText('속도의 관성을 유지하여 목표를 달성하는 협업툴')).toBeVisible();
  await a.screenshot({ path: `${shots}/onboarding-3-fin.png` });

  await a.getByRole('button', { name: '지금 시작하기' }).click();
  await expect(a).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);
  const teamIdA = /team\/(\d+)\/issue/.exec(a.url())?.[1];
  await a.screenshot({ path: `${shots}/onboarding-4-workspace-a.png` });
  expect(errorsA).toEqual([]);

  // Member B in a separate browser context.
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  const errorsB = watchConsole(b);
  await b.goto(inviteUrl!);
  await expect(b).toHaveURL(/\/onboarding$/);
  await signInWithDevForm(b, '이영희', 'younghee@acme.example');
  await expect(b).toHaveURL(/\/onboarding\/input-pw$/);
  await expect(b.getByText(/워크스페이스에 초대합니다\./)).toBeVisible();
  await b.evaluate(() => document.fonts.ready);
  await b.screenshot({ path: `${shots}/onboarding-5-input-pw.png` });

  const passwordField = b.getByPlaceholder('암호를 입력하시오');
  const enter = b.getByRole('button', { name: '입장하기' });
  await passwordField.fill('wrongpw1');
  await enter.click();
  await expect(b.getByText('입력 정보를 다시 확인하세요')).toBeVisible();
  await expect(passwordField).toHaveAttribute('aria-invalid', 'true');
  await b.screenshot({ path: `${shots}/onboarding-5-input-pw-error.png` });

  await passwordField.fill(password!);
  await enter.click();
  await expect(b).toHaveURL(new RegExp(`/workspace/default/team/${teamIdA}/issue$`));
  await b.screenshot({ path: `${shots}/onboarding-6-workspace-b.png` });

  // Both members now read the same workspace profile.
  const profileOf = async (page: typeof a) => {
    const response = await page.request.get('/api/workspace/setting', {
      headers: { Authorization: `Bearer ${await sessionToken(page)}` },
    });
    expect(response.status()).toBe(200);
    return (await response.json()).result;
  };
  const [profileA, profileB] = await Promise.all([profileOf(a), profileOf(b)]);
  expect(profileB.workspaceId).toBe(profileA.workspaceId);
  expect(profileB.workspaceName).toBe('Acme Team');
  expect(errorsB).toEqual([]);

  await contextA.close();
  await contextB.close();
});
