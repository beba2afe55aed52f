import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, openProperties, shots, watchConsole } from './support';

/*
 * Issue #21, search and integrations on a phone (docs/product.md "Search", "Integrations"): 초성 as Koreans type it
 * — a compound consonant a 2-set IME composes from two initials (ㄹ then ㄱ gives ㄺ) counts as both, spaces are
 * optional, and a title that starts with the match ranks above a newer one that has it in the middle; and a server
 * without GitHub or Slack says "서버 관리자 설정 필요" with a link to the setup guide. The e2e server has both tools
 * configured (against the fake), so the unconfigured answer of `GET /api/teams/{teamId}/integrations` is stubbed in
 * the browser; the server's side of it is __tests__/server/modules/integrations/integrations-availability.test.ts.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/** Types through the IME path (CDP composition events): each group's steps, then the text it commits. */
async function compose(page: Page, groups: Array<{ steps: string[]; commit?: string }>) {
  const cdp = await page.context().newCDPSession(page);
  for (const { steps, commit } of groups) {
    for (const text of steps) {
      await cdp.send('Input.imeSetComposition', {
        text,
        selectionStart: text.length,
        selectionEnd: text.length,
      });
    }
    await cdp.send('Input.insertText', { text: commit ?? steps[steps.length - 1]! });
  }
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Oldest first: each pair has the title with the match in the middle created last (newer). */
const ISSUES = ['로그인 오류 수정', '분기 결제 정산', '자동 로그인 설정', '이번 분기 결제 확인'];

test('초성: ㄹ+ㄱ typed as ㄺ, no spaces needed, titles starting with the match first', async ({ page }) => {
  const errors = watchConsole(page);
  const { defaultTeamId: teamId } = await enterWorkspace(
    page,
    { name: '박서연', email: 'seoyeon@search-mobile.example' },
    { create: 'Chosung' },
  );
  for (const title of ISSUES) {
    const issue = await api(page, 'POST', `/api/teams/${teamId}/issues`, { title });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
  }
  await page.goto(`/workspace/default/team/${teamId}/issue`);
  await expect(page.getByText('이번 분기 결제 확인').first()).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: '검색 및 명령' });
  const input = palette.getByRole('combobox', { name: '검색 및 명령' });
  await expect(input).toBeFocused();
  const issues = palette.getByRole('group', { name: '이슈', exact: true }).getByRole('option');

  // ㄹ then ㄱ: the IME composes ㄺ; then ㅇ. The older 로그인 오류 수정 starts with it and comes first.
  await compose(page, [{ steps: ['ㄹ', 'ㄺ'] }, { steps: ['ㅇ'] }]);
  await expect(input).toHaveValue('ㄺㅇ');
  await expect(issues).toHaveCount(2);
  await expect(issues.nth(0)).toContainText('로그인 오류 수정');
  await expect(issues.nth(1)).toContainText('자동 로그인 설정');
  await expect(issues.nth(0).locator('mark')).toHaveText(['로그인']);
  await expect(issues.nth(1).locator('mark')).toHaveText(['로그인']);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${shots}/search-mobile-compound.png` });

  // ㅂㄱㄱㅈ without the space finds 분기 결제; the marks skip the space.
  await input.fill('');
  await compose(
    page,
    [...'ㅂㄱㄱㅈ'].map((jamo) => ({ steps: [jamo] })),
  );
  await expect(input).toHaveValue('ㅂㄱㄱㅈ');
  await expect(issues).toHaveCount(2);
  await expect(issues.nth(0)).toContainText('분기 결제 정산');
  await expect(issues.nth(1)).toContainText('이번 분기 결제 확인');
  await expect(issues.nth(0).locator('mark')).toHaveText(['분기', '결제']);
  await expect(issues.nth(1).locator('mark')).toHaveText(['분기', '결제']);
  await page.screenshot({ path: `${shots}/search-mobile-nospace.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${shots}/search-mobile-nospace-360.png` });

  expect(errors).toEqual([]);
});

/**
 * The team's integration availability as a server without GITHUB_APP_ID answers it (this suite's server has both
 * tools configured; the real answers are covered by __tests__/server/modules/integrations/integrations-availability.test.ts).
 */
async function answerAsWithoutGithub(page: Page, teamId: number) {
  await page.route(`**/api/teams/${teamId}/integrations`, (route) =>
    route.fulfill({
      json: {
        isSuccess: true,
        code: 'COMMON200',
        message: '성공입니다.',
        result: { githubConfigured: false, slackConfigured: true, setupUrl: '/integrations-setup.html' },
      },
    }),
  );
}

test('a server without GitHub says so in the connect dialog and on create, with the setup guide', async ({
  page,
}) => {
  const { defaultTeamId: teamId } = await enterWorkspace(
    page,
    { name: '정하늘', email: 'haneul@search-mobile.example' },
    { create: 'NoGithub' },
  );
  await answerAsWithoutGithub(page, teamId);

  await page.goto(`/workspace/default/team/${teamId}/ext`);
  await page.getByRole('button', { name: '연동하기' }).click();
  const dialog = page.getByRole('dialog', { name: '외부 연동' });
  const github = dialog.getByRole('radio', { name: 'GitHub — 서버 관리자 설정 필요' });
  await expect(github).toBeDisabled();
  await expect(dialog.getByRole('radio', { name: 'Slack — 팀 커뮤니케이션과 알림 연동' })).toBeEnabled();
  const guide = dialog.getByRole('link', { name: 'GitHub 연동 설정 안내 (새 탭에서 열림)' });
  await expect(guide).toHaveAttribute('href', '/integrations-setup.html');
  const box = await guide.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(43.9);
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${shots}/search-mobile-connect-unconfigured.png` });

  // The guide opens in a new tab, served with the client.
  const [guidePage] = await Promise.all([page.context().waitForEvent('page'), guide.click()]);
  await guidePage.waitForLoadState();
  await expect(guidePage).toHaveURL(/\/integrations-setup\.html$/);
  await expect(guidePage.getByRole('heading', { level: 1 })).toHaveText('GitHub · Slack 연동 설정 안내');
  await guidePage.setViewportSize({ width: 390, height: 844 });
  expect(await noHorizontalScroll(guidePage)).toBe(true);
  await guidePage.screenshot({ path: `${shots}/search-mobile-setup-guide.png` });
  await guidePage.close();
  await page.keyboard.press('Escape');

  await page.goto(`/workspace/default/team/${teamId}/ext/detail/create`);
  await openProperties(page);
  await expect(page.getByText('GitHub: 서버 관리자 설정 필요')).toBeVisible();
  await expect(page.getByRole('link', { name: 'GitHub 연동 설정 안내 (새 탭에서 열림)' })).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: `${shots}/search-mobile-create-unconfigured.png` });
});

test.describe('desktop', () => {
  test.use({
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  });

  test('the connect dialog with GitHub unconfigured, at 1440 px', async ({ page }) => {
    const { defaultTeamId: teamId } = await enterWorkspace(
      page,
      { name: '오세훈', email: 'sehun@search-mobile.example' },
      { create: 'Desk1440' },
    );
    await answerAsWithoutGithub(page, teamId);
    await page.goto(`/workspace/default/team/${teamId}/ext`);
    await page.getByRole('button', { name: '연동하기' }).click();
    const dialog = page.getByRole('dialog', { name: '외부 연동' });
    await expect(dialog.getByRole('radio', { name: 'GitHub — 서버 관리자 설정 필요' })).toBeDisabled();
    await page.screenshot({ path: `${shots}/search-desktop-connect-unconfigured.png` });
  });
});
