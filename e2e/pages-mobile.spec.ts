import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { enterWorkspace, shots, signInWithDevForm, watchConsole } from './support';

/*
 * Issue #21, the onboarding, settings and status pages on a phone (390 px, then 360 px) and on the desktop
 * (1440 px): no horizontal scrolling, 44 × 44 touch targets, page titles, first-field focus, the settings tables as
 * cards, the confirm dialogs as full-screen sheets with 취소 and Escape, and focus back on the opener.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
test.use(PHONE);

/** The page does not scroll sideways. */
async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: scrollWidth ${scrollWidth} > innerWidth ${innerWidth}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * Every visible control inside `scope` is at least 44 × 44 CSS px (a checkbox counts by its label; the step
 * indicator's dots have a larger invisible touch area and are left out).
 */
async function expectTouchTargets(scope: Locator, where: string) {
  const small = await scope.evaluate((root) => {
    const found: string[] = [];
    const controls = root.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), textarea, [role="button"], [role="menuitem"]',
    );
    for (const control of controls) {
      if (control.closest('nav[aria-label="온보딩 단계"]')) continue;
      const target =
        control instanceof HTMLInputElement && control.type === 'checkbox'
          ? (control.closest('label') ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        found.push(
          `${control.tagName} "${control.getAttribute('aria-label') ?? control.textContent}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return found;
  });
  expect(small, `${where}: controls under 44 × 44`).toEqual([]);
}

/** Text boxes of one list row must not overlap each other. */
async function expectRowsWithoutOverlap(page: Page, where: string) {
  const overlaps = await page.evaluate(() => {
    const found: string[] = [];
    for (const row of document.querySelectorAll('[data-list-row]')) {
      const cells = [...row.querySelectorAll('[role="cell"]')]
        .map((cell) => ({ text: cell.textContent ?? '', box: cell.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0);
      for (let i = 0; i < cells.length; i += 1) {
        for (let j = i + 1; j < cells.length; j += 1) {
          const a = cells[i]!.box;
          const b = cells[j]!.box;
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) found.push(`${cells[i]!.text} × ${cells[j]!.text}`);
        }
      }
    }
    return found;
  });
  expect(overlaps, `${where}: overlapping cells`).toEqual([]);
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
}

/** Visits the four settings pages: title, one <h1>, no sideways scrolling, a screenshot each. */
async function visitSettings(page: Page, prefix: string, { phone }: { phone: boolean }) {
  const pages = [
    ['ws-profile', '설정 · 워크스페이스 프로필 · Momentum', '워크스페이스'],
    ['team-list', '설정 · 팀 목록 · Momentum', '팀'],
    ['team-members', '설정 · 멤버 · Momentum', '멤버'],
    ['my-profile', '설정 · 내 프로필 · Momentum', '나의 프로필'],
  ] as const;
  for (const [path, title, heading] of pages) {
    await page.goto(`/workspace/setting/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('main')).toHaveCount(1);
    if (path === 'team-list' || path === 'team-members') {
      await expect(page.locator('[data-list-row]').first()).toBeVisible();
      await expectRowsWithoutOverlap(page, path);
    }
    await settle(page);
    await expectNoHorizontalOverflow(page, path);
    if (phone) await expectTouchTargets(page.locator(`main section`).first(), path);
    await page.screenshot({ path: `${shots}/${prefix}-settings-${path}.png`, fullPage: true });
  }
}

async function visitNotFound(page: Page, prefix: string) {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page).toHaveTitle('페이지를 찾을 수 없음 · Momentum');
  await settle(page);
  await expectNoHorizontalOverflow(page, '404');
  await page.screenshot({ path: `${shots}/${prefix}-404.png`, fullPage: true });
}

test('phone 390: onboarding, the invitee, every settings page, the confirm dialogs and the 404', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const a = await browser.newPage(PHONE);
  const errors = watchConsole(a);

  // Login.
  await a.goto('/onboarding');
  await expect(a).toHaveTitle('로그인 · Momentum');
  await expect(a.locator('main')).toHaveCount(1);
  await expect(a.locator('h1')).toHaveCount(1);
  await settle(a);
  await expectNoHorizontalOverflow(a, 'login');
  await expectTouchTargets(a.locator('main'), 'login');
  await a.screenshot({ path: `${shots}/pages-390-1-login.png`, fullPage: true });

  // Step 1: the name field has the focus on arrival.
  await signInWithDevForm(a, '김민수', 'minsu@pages.example');
  await expect(a).toHaveURL(/\/onboarding\/workspace$/);
  await expect(a).toHaveTitle('워크스페이스 만들기 · Momentum');
  const name = a.getByRole('textbox', { name: '워크스페이스 이름' });
  await expect(name).toBeFocused();
  await expect(a.locator('main')).toHaveCount(1);
  await expect(a.locator('h1')).toHaveCount(1);
  await settle(a);
  await expectNoHorizontalOverflow(a, 'workspace');
  await expectTouchTargets(a.locator('main'), 'workspace');
  await a.screenshot({ path: `${shots}/pages-390-2-workspace.png`, fullPage: true });
  await a.keyboard.type('Pages Team');
  await a.keyboard.press('Enter');
  await expect(a.getByRole('textbox', { name: '워크스페이스 URL' })).toHaveValue(/\/pages-team$/);
  await a.screenshot({ path: `${shots}/pages-390-2-workspace-filled.png`, fullPage: true });
  await a.getByRole('button', { name: '워크스페이스 생성하기' }).click();

  // Step 2: invite details.
  await expect(a).toHaveURL(/\/onboarding\/invite$/);
  await expect(a).toHaveTitle('팀원 초대 · Momentum');
  const details = a.getByRole('textbox', { name: '초대 정보' });
  await expect(details).toHaveValue(/암호 : /);
  const inviteText = await details.inputValue();
  const inviteUrl = /팀원 URL : (\S+)/.exec(inviteText)?.[1];
  const password = /암호 : (\S+)/.exec(inviteText)?.[1];
  await settle(a);
  await expectNoHorizontalOverflow(a, 'invite');
  await expectTouchTargets(a.locator('main'), 'invite');
  await a.screenshot({ path: `${shots}/pages-390-3-invite.png`, fullPage: true });
  await a.getByRole('button', { name: '팀원 초대 완료' }).click();

  // Step 3.
  await expect(a).toHaveURL(/\/onboarding\/fin$/);
  await expect(a).toHaveTitle('시작하기 · Momentum');
  await settle(a);
  await expectNoHorizontalOverflow(a, 'fin');
  await expectTouchTargets(a.locator('main'), 'fin');
  await a.screenshot({ path: `${shots}/pages-390-4-fin.png`, fullPage: true });
  await a.getByRole('button', { name: '지금 시작하기' }).click();
  await expect(a).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);

  // The invitee: invite link → sign-in → the password screen, its field focused on arrival.
  const contextB = await browser.newContext(PHONE);
  const b = await contextB.newPage();
  await b.goto(inviteUrl!);
  await expect(b).toHaveURL(/\/onboarding$/);
  await signInWithDevForm(b, '이영희', 'younghee@pages.example');
  await expect(b).toHaveURL(/\/onboarding\/input-pw$/);
  await expect(b).toHaveTitle('비밀번호 입력 · Momentum');
  const field = b.getByRole('textbox', { name: '초대 암호' });
  await expect(field).toBeFocused();
  await settle(b);
  await expectNoHorizontalOverflow(b, 'input-pw');
  await expectTouchTargets(b.locator('main'), 'input-pw');
  await b.screenshot({ path: `${shots}/pages-390-5-input-pw.png`, fullPage: true });
  await b.keyboard.type(password!);
  await b.keyboard.press('Enter');
  await expect(b).toHaveURL(/\/workspace\/default\/team\/\d+\/issue$/);
  await contextB.close();

  // Settings ×4 as cards.
  await visitSettings(a, 'pages-390', { phone: true });

  // The create-team dialog: a full-screen sheet; Escape closes it and the button gets the focus back.
  await a.goto('/workspace/setting/team-list');
  const createButton = a.getByRole('button', { name: '팀 생성하기' });
  await createButton.click();
  const createDialog = a.getByRole('dialog', { name: '팀 생성' });
  await expect(createDialog).toBeVisible();
  const box = await createDialog.boundingBox();
  expect(box?.width).toBe(390);
  await settle(a);
  await expectNoHorizontalOverflow(a, 'create team');
  await a.screenshot({ path: `${shots}/pages-390-settings-create-team.png` });
  await a.keyboard.press('Escape');
  await expect(createDialog).toBeHidden();
  await expect(createButton).toBeFocused();

  // The invite dialog.
  await a.goto('/workspace/setting/team-members');
  await a.getByRole('button', { name: '팀원 초대하기' }).click();
  const inviteDialog = a.getByRole('dialog', { name: '팀원 초대' });
  await expect(inviteDialog.getByRole('textbox', { name: '초대 정보' })).toBeVisible();
  await expectNoHorizontalOverflow(a, 'invite dialog');
  await expectTouchTargets(inviteDialog, 'invite dialog');
  await a.screenshot({ path: `${shots}/pages-390-settings-invite-dialog.png` });
  await inviteDialog.getByRole('button', { name: '닫기', exact: true }).click();
  await expect(inviteDialog).toBeHidden();

  // Withdraw and logout: 취소 closes without acting; Escape too; the focus goes back to the button.
  await a.goto('/workspace/setting/my-profile');
  for (const label of ['회원탈퇴', '로그아웃']) {
    const opener = a.getByRole('button', { name: label, exact: true });
    await opener.click();
    const dialog = a.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(390);
    await expectTouchTargets(dialog, `${label} dialog`);
    await a.screenshot({
      path: `${shots}/pages-390-settings-${label === '회원탈퇴' ? 'withdraw' : 'logout'}.png`,
    });
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog).toBeVisible();
    await a.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
  await expect(a).toHaveURL(/\/workspace\/setting\/my-profile$/);

  await visitNotFound(a, 'pages-390');
  expect(errors).toEqual([]);
  await a.close();
});

/** A fresh member's pages at one width: the login (signed out), settings ×4 and the 404. */
async function tourAt(browser: Browser, width: number, height: number, phone: boolean) {
  const options = phone ? { ...PHONE, viewport: { width, height } } : { viewport: { width, height } };
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const prefix = `pages-${width}`;
  await page.goto('/onboarding');
  await expect(page).toHaveTitle('로그인 · Momentum');
  await settle(page);
  await expectNoHorizontalOverflow(page, `login ${width}`);
  await page.screenshot({ path: `${shots}/${prefix}-login.png`, fullPage: true });
  await signInWithDevForm(page, '박철수', `cheolsu${width}@pages.example`);
  await expect(page).toHaveURL(/\/onboarding\/workspace$/);
  await expect(page.getByRole('textbox', { name: '워크스페이스 이름' })).toBeFocused();
  await settle(page);
  await expectNoHorizontalOverflow(page, `workspace ${width}`);
  await page.screenshot({ path: `${shots}/${prefix}-workspace.png`, fullPage: true });
  const { defaultTeamId } = await enterWorkspace(
    page,
    { name: '박철수', email: `cheolsu${width}@pages.example` },
    { create: `Width ${width}` },
  );
  await visitSettings(page, prefix, { phone });

  // The leave guard (desktop, where the sidebar's links are on screen): leaving an unsaved create screen asks
  // first; 취소 and Escape both stay, 확인 leaves.
  if (!phone) {
    const createUrl = `/workspace/default/team/${defaultTeamId}/issue/detail/create`;
    await page.goto(createUrl);
    await page.getByRole('textbox', { name: '제목' }).click();
    await page.keyboard.type('leave guard');
    const leave = page.getByRole('dialog', { name: '알림' });
    const issuesLink = page.getByRole('link', { name: '이슈', exact: true }).first();
    await issuesLink.click();
    await expect(leave.getByText('작성을 그만두시겠습니까?')).toBeVisible();
    await page.screenshot({ path: `${shots}/${prefix}-leave-guard.png` });
    await leave.getByRole('button', { name: '취소' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${createUrl}$`));
    await issuesLink.click();
    await expect(leave).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${createUrl}$`));
    await issuesLink.click();
    await leave.getByRole('button', { name: '확인' }).click();
    await expect(page).toHaveURL(new RegExp(`/team/${defaultTeamId}/issue$`));
  }

  await page.goto('/workspace/setting/my-profile');
  await page.getByRole('button', { name: '회원탈퇴', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '정말로 탈퇴하시겠어요?' });
  await expect(dialog.getByRole('button', { name: '취소' })).toBeVisible();
  await expectNoHorizontalOverflow(page, `withdraw ${width}`);
  await page.screenshot({ path: `${shots}/${prefix}-settings-withdraw.png` });
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();

  // The integration result page (here: a failed GitHub connection).
  await page.goto(`/workspace/github/complete?teamId=${defaultTeamId}&error=GITHUB400_1`);
  await expect(page.getByRole('heading', { level: 1, name: 'GitHub 연동에 실패했습니다' })).toBeVisible();
  await expect(page).toHaveTitle('GitHub 연동 결과 · Momentum');
  await settle(page);
  await expectNoHorizontalOverflow(page, `integration complete ${width}`);
  await page.screenshot({ path: `${shots}/${prefix}-integration-complete.png`, fullPage: true });

  await visitNotFound(page, prefix);
  await context.close();
}

test('phone 360: no sideways scrolling on the login, settings and 404', async ({ browser }) => {
  test.setTimeout(120_000);
  await tourAt(browser, 360, 740, true);
});

test('desktop 1440: the same pages keep the reference layout', async ({ browser }) => {
  test.setTimeout(120_000);
  await tourAt(browser, 1440, 900, false);
});
