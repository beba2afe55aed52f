import { expect, test, type Page } from '@playwright/test';
import { PRIORITIES, STATES } from '../contract/itemEnums';
import { api, createTeam, enterWorkspace, memberIdsByName, shots, watchConsole } from './support';

/**
 * Issue #21, lists on every width (src/features/items/list/, src/features/notifications/): a team seeded through
 * the API with 32 issues (every state and priority, long and short titles, no/one/range deadlines, no/one/two
 * managers, with and without a goal) and 6 goals; the other member's issues raise 14 notifications.
 * At 390 px (touch) the rows are two-line cards with chips and sticky group headers; delete mode, select-all and
 * infinite scroll work with taps and touch scrolling; at 360, 768 and 1440 px no route scrolls sideways and no
 * text box inside a `[data-list-row]` overlaps another. The page titles name the list and the team.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

/** Sideways overflow of the document and of the shell's scrolling `<main>` (0 when none). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

/**
 * Pairs of text boxes that overlap inside one `[data-list-row]` on screen: every visible text node's box (its
 * range's rectangles, cut to the ancestors that clip — an ellipsis, a chip), visually hidden text left out.
 */
async function overlappingText(page: Page) {
  return page.evaluate(() => {
    type Box = { text: string; left: number; top: number; right: number; bottom: number };
    const found: string[] = [];
    const rows = Array.from(document.querySelectorAll('[data-list-row]')).filter((row) => {
      const rect = row.getBoundingClientRect();
      return rect.bottom > 0 && rect.top < window.innerHeight && rect.height > 0;
    });
    for (const row of rows) {
      const boxes: Box[] = [];
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = Array.from(range.getClientRects());
        if (rects.length === 0) continue;
        let box: Box = {
          text,
          left: Math.min(...rects.map((r) => r.left)),
          top: Math.min(...rects.map((r) => r.top)),
          right: Math.max(...rects.map((r) => r.right)),
          bottom: Math.max(...rects.map((r) => r.bottom)),
        };
        for (let el = node.parentElement; el && el !== row.parentElement; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.overflow !== 'visible' || style.clip !== 'auto') {
            const clip = el.getBoundingClientRect();
            box = {
              text,
              left: Math.max(box.left, clip.left),
              top: Math.max(box.top, clip.top),
              right: Math.min(box.right, clip.right),
              bottom: Math.min(box.bottom, clip.bottom),
            };
          }
        }
        if (box.right - box.left > 1 && box.bottom - box.top > 1) boxes.push(box);
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (x > 1 && y > 1) found.push(`${a.text} × ${b.text}`);
        }
      }
    }
    return found;
  });
}

async function checkLayout(page: Page, what: string) {
  await expect(page.locator('[data-list-row]').first()).toBeVisible();
  expect(await sidewaysOverflow(page), `${what}: sideways overflow`).toEqual({ document: 0, main: 0 });
  expect(await overlappingText(page), `${what}: overlapping text in rows`).toEqual([]);
}

/** Scrolls the page up by `distance` px with a one-finger swipe (touch events through Chromium's input pipeline). */
async function swipeUp(page: Page, distance: number) {
  const cdp = await page.context().newCDPSession(page);
  const { width, height } = page.viewportSize()!;
  const x = Math.round(width * 0.75);
  const from = Math.round(height * 0.85);
  const steps = 12;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
  for (let i = 1; i <= steps; i++) {
    const y = Math.round(from - (Math.min(distance, from - 20) * i) / steps);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function loadAllBySwiping(page: Page, expected: number) {
  const rows = page.getByTestId('item-row');
  for (let i = 0; i < 60 && (await rows.count()) < expected; i++) {
    await swipeUp(page, 700);
    await page.waitForTimeout(100);
  }
  return rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-item-name') ?? ''));
}

const checkedCount = (page: Page) => page.locator('[data-list-row][data-checked="true"]').count();

test('lists and notifications on a phone, a tablet and a desktop', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  const created = await enterWorkspace(
    page,
    { name: '김민수', email: 'minsu@lists-mobile.example' },
    { create: 'Phone Demo' },
  );
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;
  const contextB = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const b = await contextB.newPage();
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@lists-mobile.example' },
    { token, password: created.invitePassword! },
  );

  const idOf = await memberIdsByName(page);
  const teamId = await createTeam(page, '프론트엔드', [idOf('이영희')]);

  const goalIds: number[] = [];
  const goalTitles = ['모바일 출시 준비와 접근성 점검', 'API 정리', '가입 흐름 개선'];
  for (let i = 0; i < 6; i++) {
    const goal = await api(page, 'POST', `/api/teams/${teamId}/goals`, {
      title: i < 3 ? goalTitles[i] : `분기 목표 ${i}`,
      state: STATES[i % STATES.length],
      priority: PRIORITIES[i % PRIORITIES.length],
      managersId: i % 2 ? [idOf('김민수')] : [],
      deadline: i % 3 ? { start: '2026-12-01', end: '2026-12-31' } : {},
    });
    expect(goal.status, JSON.stringify(goal.body)).toBe(201);
    goalIds.push(goal.body.result.goalId);
  }
  const managerSets = [[], [idOf('김민수')], [idOf('김민수'), idOf('이영희')], [idOf('이영희')]];
  const deadlines = [
    {},
    { start: '2026-11-01', end: '2026-11-30' },
    { start: null, end: '2026-12-05' },
    { start: '2026-12-24', end: '2026-12-24' },
  ];
  const longTitle = '카카오 로그인 토큰 재발급 중복'; // 17 of the 20 characters a title may have
  // 18 issues by 김민수 (the phone's member), then 14 by 이영희 with 김민수 among the managers (his alarms).
  for (let i = 0; i < 32; i++) {
    const author = i < 18 ? page : b;
    const response = await api(author, 'POST', `/api/teams/${teamId}/issues`, {
      title: i % 3 === 0 ? `${longTitle} ${i + 1}` : `이슈 ${i + 1}`,
      state: STATES[i % STATES.length],
      priority: PRIORITIES[(i * 2) % PRIORITIES.length],
      managersId:
        i < 18 ? managerSets[i % managerSets.length] : [idOf('김민수'), ...(i % 2 ? [] : [idOf('이영희')])],
      goalId: i % 4 === 0 ? null : goalIds[i % goalIds.length],
      deadline: deadlines[i % deadlines.length],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  for (const title of ['공동 이슈 하나', '공동 이슈 둘']) {
    await api(page, 'POST', `/api/teams/${created.defaultTeamId}/issues`, { title, priority: 'HIGH' });
  }
  await contextB.close();

  // --- 390 px, touch: the issue list as cards ---
  await page.goto(`/workspace/team/${teamId}/issue`);
  await expect(page).toHaveTitle('이슈 · 프론트엔드 · Momentum');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('프론트엔드');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('main')).toHaveCount(1);
  const firstRow = page.locator('[data-list-row]').first();
  await expect(firstRow).toBeVisible();
  // A two-line card: the code and title on top, the chips below (grouped by state: no state chip).
  const top = await firstRow.locator('.code').boundingBox();
  const chip = await firstRow.locator('[data-column="priority"]').boundingBox();
  expect(chip!.y).toBeGreaterThanOrEqual(top!.y + top!.height - 1);
  await expect(firstRow.locator('[data-column]')).toHaveCount(4);
  await checkLayout(page, 'issues 390');
  const plus = (await page
    .getByRole('link', { name: /^이슈 생성 / })
    .first()
    .boundingBox())!;
  expect(Math.min(plus.width, plus.height)).toBeGreaterThanOrEqual(43.9);
  await page.screenshot({ path: `${shots}/lists-phone-issues.png` });

  // Touch scrolling loads every page; group headers stick under the app bar.
  const names = await loadAllBySwiping(page, 32);
  expect(names).toHaveLength(32);
  expect(new Set(names).size).toBe(32);
  await page.getByTestId('item-row').nth(12).scrollIntoViewIfNeeded();
  const stuck = await page.getByTestId('item-group-header').evaluateAll((headers) =>
    headers
      .map((header) => ({
        top: header.getBoundingClientRect().top,
        section: header.parentElement!.getBoundingClientRect(),
      }))
      .filter(({ section }) => section.top < 40 && section.bottom > 160)
      .map(({ top }) => Math.round(top)),
  );
  expect(stuck).toEqual([56]);
  await checkLayout(page, 'issues 390 scrolled');
  await page.screenshot({ path: `${shots}/lists-phone-issues-scrolled.png` });

  // Delete mode with taps: tick three cards, select all and none, then delete two.
  await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
  const toolbarButtons = [
    page.getByRole('button', { name: '필터' }),
    page.getByRole('button', { name: '삭제' }),
  ];
  for (const button of toolbarButtons) {
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(43.9);
  }
  await page.getByRole('button', { name: '삭제' }).tap();
  const rows = page.getByTestId('item-row');
  for (let i = 0; i < 3; i++) await rows.nth(i).tap();
  expect(await checkedCount(page)).toBe(3);
  await rows.nth(1).tap();
  expect(await checkedCount(page)).toBe(2);
  await checkLayout(page, 'delete mode 390');
  await page.screenshot({ path: `${shots}/lists-phone-delete-mode.png` });
  const selectAll = page.getByText('전체선택');
  expect((await selectAll.boundingBox())!.height).toBeGreaterThanOrEqual(43.9);
  await selectAll.tap();
  expect(await checkedCount(page)).toBe(32);
  await selectAll.tap();
  expect(await checkedCount(page)).toBe(0);
  const doomed = await rows.evaluateAll((nodes) =>
    nodes.slice(0, 2).map((n) => n.getAttribute('data-item-name')),
  );
  await rows.nth(0).tap();
  await rows.nth(1).tap();
  await page.getByRole('button', { name: '삭제' }).tap();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('복구할 수 없습니다. 정말 삭제하시겠습니까?')).toBeVisible();
  await page.screenshot({ path: `${shots}/lists-phone-delete-confirm.png` });
  await modal.getByRole('button', { name: '삭제' }).tap();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: '삭제' })).toHaveAttribute('aria-pressed', 'false');
  // The list refetches after the delete: wait for the team-wide counts to drop before scrolling through it.
  await expect
    .poll(() =>
      page
        .getByTestId('item-group-count')
        .evaluateAll((counts) => counts.reduce((sum, count) => sum + Number(count.textContent), 0)),
    )
    .toBe(30);
  const remaining = await loadAllBySwiping(page, 30);
  expect(remaining).toHaveLength(30);
  for (const name of doomed) expect(remaining).not.toContain(name);

  // Regrouped by manager: the manager chip goes, the state chip comes.
  await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
  await page.getByRole('button', { name: '필터' }).tap();
  await page.getByRole('menuitemradio', { name: '담당자' }).tap();
  await expect(page.locator('[data-list-row] [data-column="state"]').first()).toBeVisible();
  await checkLayout(page, 'issues by manager 390');
  await page.screenshot({ path: `${shots}/lists-phone-issues-manager.png` });

  // Goals, externals (empty, with the connect button) and the joint list.
  await page.goto(`/workspace/team/${teamId}/goal`);
  await expect(page).toHaveTitle('목표 · 프론트엔드 · Momentum');
  await checkLayout(page, 'goals 390');
  await page.screenshot({ path: `${shots}/lists-phone-goals.png` });
  await page.goto(`/workspace/team/${teamId}/ext`);
  await expect(page).toHaveTitle('외부 이슈 · 프론트엔드 · Momentum');
  await expect(page.getByRole('link', { name: '외부 이슈를 생성하세요' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual({ document: 0, main: 0 });
  await page.screenshot({ path: `${shots}/lists-phone-externals-empty.png` });
  await page.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect(page).toHaveTitle('이슈 · Phone Demo · Momentum');
  await checkLayout(page, 'joint issues 390');
  await page.screenshot({ path: `${shots}/lists-phone-joint-issues.png` });

  // Notifications: cards too, the alarms left (two pages) loaded by touch scrolling.
  const alarms = (await api(page, 'GET', '/api/alarms/unread-count')).body.result.ISSUE as number;
  expect(alarms).toBeGreaterThan(10);
  await page.goto('/workspace/noti');
  await expect(page).toHaveTitle('알림 · Momentum');
  await page.getByRole('tab', { name: '이슈' }).tap();
  await expect(page.locator('[data-list-row]').first()).toBeVisible();
  await expect(page.locator('[data-list-row]').first().getByText('담당자 지정')).toBeVisible();
  await checkLayout(page, 'notifications 390');
  await page.screenshot({ path: `${shots}/lists-phone-notifications.png` });
  expect(await loadAllBySwiping(page, alarms)).toHaveLength(alarms);

  // 360 px, 768 px (tablet, mini sidebar), 1024 px (full sidebar: the compressed columns) and 1440 px: no
  // sideways scroll, no overlapping text.
  for (const width of [360, 768, 1024, 1440]) {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 1024 });
    await page.goto(`/workspace/team/${teamId}/issue`);
    await checkLayout(page, `issues ${width}`);
    await page.screenshot({ path: `${shots}/lists-${width}-issues.png` });
    await page.getByRole('button', { name: '필터' }).click();
    await page.getByRole('menuitemradio', { name: '담당자' }).click();
    await expect(page.locator('[data-list-row] [data-column="state"]').first()).toBeVisible();
    await checkLayout(page, `issues by manager ${width}`);
    await page.goto(`/workspace/team/${teamId}/goal`);
    await checkLayout(page, `goals ${width}`);
    await page.goto('/workspace/noti');
    await page.getByRole('tab', { name: '이슈' }).click();
    await checkLayout(page, `notifications ${width}`);
    await page.screenshot({ path: `${shots}/lists-${width}-notifications.png` });
  }
  expect(errors).toEqual([]);
});
