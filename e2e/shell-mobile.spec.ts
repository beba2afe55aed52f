import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/*
 * Issue #21, the workspace shell on every width (docs/product.md "Sidebar", "Search"): on a phone the top app bar,
 * the sidebar drawer that closes on navigation, the palette as a full-screen sheet opened from its button; on
 * tablet and desktop the fixed sidebar with its search button. No horizontal scrolling at 390 and 360 px.
 */

async function noHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** At least 44 × 44 CSS px; 43.9 allows the sub-pixel rounding of layout at device scale 3 (43.99998 seen). */
async function expectTouchTarget(control: Locator) {
  const box = await control.boundingBox();
  expect(box, 'the control is on screen').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(43.9);
  expect(box!.height).toBeGreaterThanOrEqual(43.9);
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('app bar, drawer that closes on navigation, palette sheet from its button', async ({ page }) => {
    const errors = watchConsole(page);
    const { defaultTeamId: teamId } = await enterWorkspace(
      page,
      { name: '이서연', email: 'seoyeon@shell.example' },
      { create: 'Mobile Co' },
    );
    const issue = await api(page, 'POST', `/api/teams/${teamId}/issues`, { title: '모바일 레이아웃 점검' });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    await page.reload();

    const bar = page.getByRole('banner', { name: '상단 메뉴' });
    await expect(bar).toBeVisible();
    const menu = bar.getByRole('button', { name: '메뉴 열기' });
    const search = bar.getByRole('button', { name: '검색' });
    const noti = bar.getByRole('link', { name: /^알림/ });
    for (const control of [menu, search, noti]) await expectTouchTarget(control);
    await expect(page.locator('main')).toHaveCount(1);
    // No sidebar column: the page starts at the left edge.
    await expect(page.getByRole('navigation', { name: '사이드바' })).toHaveCount(0);
    const main = await page.locator('main').boundingBox();
    expect(main!.x).toBe(0);
    expect(main!.width).toBe(390);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-390-list.png` });

    // The drawer: the full sidebar, the current list marked, every control 44 px.
    await menu.click();
    const nav = page.getByRole('navigation', { name: '사이드바' });
    await expect(nav).toBeVisible();
    const teamName = (await nav.getByTestId('default-team-name').textContent())!;
    const teamList = nav.getByRole('list', { name: teamName, exact: true });
    await expect(teamList.getByRole('link', { name: '이슈', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectTouchTarget(teamList.getByRole('link', { name: '목표', exact: true }));
    await expectTouchTarget(teamList.getByRole('link', { name: '목표 생성' }));
    await expectTouchTarget(nav.getByRole('button', { name: '사이드바 접기' }));
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-390-drawer.png` });

    await teamList.getByRole('link', { name: '목표', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/default/team/${teamId}/goal$`));
    await expect(nav).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    // Esc closes the drawer too.
    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();

    // The palette: a full-screen sheet from the app bar's button; its close button gives the focus back.
    await search.click();
    const palette = page.getByRole('dialog', { name: '검색 및 명령' });
    await expect(palette).toBeVisible();
    const sheet = await palette.boundingBox();
    expect(sheet).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const input = palette.getByRole('combobox', { name: '검색 및 명령' });
    await expect(input).toBeFocused();
    await input.fill('모바일');
    await expect(palette.getByRole('option').first()).toContainText('모바일 레이아웃 점검');
    await expectTouchTarget(palette.getByRole('button', { name: '검색 닫기' }));
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-390-palette.png` });
    await palette.getByRole('button', { name: '검색 닫기' }).click();
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();

    // Esc closes it as well; choosing an option opens the item.
    await search.click();
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();
    await search.click();
    await input.fill('모바일');
    await palette.getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`/issue/${issue.body.result.issueId}$`));

    // A toast on a phone: under the app bar, clear of the floating save button at the bottom.
    await page.goto(`/workspace/default/team/${teamId}/issue/detail/create`);
    await page.getByRole('textbox', { name: '제목' }).fill('가'.repeat(25));
    const toasts = page.getByRole('status', { name: '알림 메시지' });
    await expect(toasts.locator('[data-toast-key]')).toHaveCount(1);
    const toastBox = (await toasts.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height);
    expect(toastBox.x).toBeGreaterThanOrEqual(16);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(390 - 16);
    const save = await page.getByRole('button', { name: '작성 완료' }).boundingBox();
    if (save) expect(toastBox.y + toastBox.height).toBeLessThan(save.y);
    await page.screenshot({ path: `${shots}/shell-390-toast.png` });

    // 360 px: still no sideways scrolling.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/workspace/default/team/${teamId}/issue`);
    await expect(bar).toBeVisible();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-360-list.png` });
    await menu.click();
    await expect(nav).toBeVisible();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-360-drawer.png` });
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
  });
});

test.describe('tablet and desktop', () => {
  test('fixed sidebar with its search button; current page marked; rail at 768 px', async ({ page }) => {
    const errors = watchConsole(page);
    const { defaultTeamId: teamId } = await enterWorkspace(
      page,
      { name: '박지훈', email: 'jihoon@shell.example' },
      { create: 'Desk Co' },
    );
    const nav = page.getByRole('navigation', { name: '사이드바' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('banner', { name: '상단 메뉴' })).toHaveCount(0);
    const teamName = (await nav.getByTestId('default-team-name').textContent())!;
    const teamList = nav.getByRole('list', { name: teamName, exact: true });
    await expect(teamList.getByRole('link', { name: '이슈', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    const search = nav.getByRole('button', { name: /^검색 및 명령 열기 \((Ctrl\+K|⌘K)\)$/ });
    await search.hover();
    await expect(page.getByRole('tooltip')).toContainText(/Ctrl\+K|⌘K/);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-1440-sidebar.png` });
    await search.click();
    const palette = page.getByRole('dialog', { name: '검색 및 명령' });
    await expect(palette).toBeVisible();
    const box = await palette.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(640);
    await expect(palette.getByRole('combobox', { name: '검색 및 명령' })).toBeFocused();
    await page.screenshot({ path: `${shots}/shell-1440-palette.png` });
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();

    // 알림 marked on its page.
    await nav.getByRole('link', { name: /^알림/ }).click();
    await expect(page).toHaveURL(/\/workspace\/noti$/);
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: /^알림/ })).toHaveAttribute('aria-current', 'page');

    // Tablet: the rail (auto-collapsed at ≤ 768 px), search as an icon.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/workspace/default/team/${teamId}/issue`);
    await expect(nav).toHaveAttribute('data-mini', 'true');
    await expect(nav.getByRole('button', { name: /^검색 및 명령 열기/ })).toBeVisible();
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/shell-768-list.png` });

    expect(errors).toEqual([]);
  });
});
