import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, openProperties, shots, watchConsole } from './support';

/**
 * Issue #21 "Input without traps" (deadline dates): a new issue's deadline typed the Korean way — 20261201,
 * '2026년 12월 24일' — shows YY.MM.DD once the field is left, an impossible date shows its Korean message and is not
 * saved, a click on a field opens the Korean calendar (today marked); saved, reloaded and seen. At 1440 px the
 * fields sit in a popover; at 390 px in a full-screen sheet with 44 px calendar days.
 */

/** Opens a new issue, types its title and opens the deadline; returns the deadline dialog. */
async function newIssueDeadline(page: Page, teamId: number, title: string) {
  await page.goto(`/workspace/default/team/${teamId}/issue/detail/create`);
  await page.getByRole('textbox', { name: '제목' }).fill(title);
  await openProperties(page);
  await page.getByRole('button', { name: '기한: 없음' }).click();
  const deadline = page.getByRole('dialog', { name: '기한' });
  await expect(deadline.getByRole('textbox', { name: '시작일' })).toBeVisible();
  return deadline;
}

/** Types the dates, checks the message and the display, opens the calendar; returns the calendar group. */
async function typeDates(page: Page, deadline: ReturnType<Page['getByRole']>, prefix: string) {
  const start = deadline.getByRole('textbox', { name: '시작일' });
  const end = deadline.getByRole('textbox', { name: '종료일' });
  await start.click();
  await page.keyboard.type('20261201');
  await expect(start).toHaveValue('20261201');
  // An impossible date: the message under the field, the text kept, the start shown as YY.MM.DD once left.
  await end.click();
  await expect(start).toHaveValue('26.12.01');
  await page.keyboard.type('2026-02-30');
  await page.keyboard.press('Enter');
  await expect(deadline.getByText('없는 날짜입니다. 2026년 2월은 28일까지 있습니다.')).toBeVisible();
  await expect(end).toHaveValue('2026-02-30');
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${shots}/${prefix}-invalid.png` });
  // Corrected in the Korean way.
  await end.fill('2026년 12월 24일');
  await page.keyboard.press('Enter');
  await expect(end).toHaveValue('26.12.24');
  await expect(deadline.getByText(/없는 날짜입니다/)).toHaveCount(0);

  // A click on the field opens its calendar: Korean header and weekdays, today marked.
  await start.click();
  const calendar = deadline.getByRole('group', { name: '시작일 선택' });
  await expect(calendar.getByText('2026년 12월')).toBeVisible();
  await expect(calendar.getByRole('columnheader')).toHaveText(['일', '월', '화', '수', '목', '금', '토']);
  await expect(calendar.getByRole('gridcell', { name: '1', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await calendar.getByRole('button', { name: '이전 달' }).click();
  await expect(calendar.getByText('2026년 11월')).toBeVisible();
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', day: 'numeric' })
      .format(new Date())
      .replace('일', ''),
  );
  const thisMonth = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit' }).format(
      new Date(),
    ),
  );
  if (thisMonth === '2026-11') await expect(calendar.locator('[aria-current="date"]')).toHaveText(today);
  await page.waitForTimeout(500); // the month's slide transition
  await page.screenshot({ path: `${shots}/${prefix}-calendar-today.png` });
  await calendar.getByRole('button', { name: '다음 달' }).click();
  await expect(calendar.getByText('2026년 12월')).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/${prefix}-calendar.png` });
  return calendar;
}

/** Saves, reloads and checks the row and the stored deadline. */
async function saveAndReload(page: Page) {
  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(page).toHaveURL(/\/issue\/\d+$/);
  const issueId = Number(/issue\/(\d+)$/.exec(page.url())![1]);
  await page.reload();
  await openProperties(page);
  await expect(page.getByRole('button', { name: '기한: 26.12.01 - 26.12.24' })).toBeVisible();
  const saved = (await api(page, 'GET', `/api/issues/${issueId}`)).body.result;
  expect(saved.deadline).toEqual({ start: '2026-12-01', end: '2026-12-24' });
}

test.describe('desktop 1440', () => {
  test('types dates into a new issue’s deadline, sees the Korean calendar, saves and reloads', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const { defaultTeamId } = await enterWorkspace(
      page,
      { name: '김민수', email: 'minsu@dates.example' },
      { create: 'Dates Co' },
    );
    const deadline = await newIssueDeadline(page, defaultTeamId, '날짜 입력');
    await typeDates(page, deadline, 'dates-1440');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: '기한: 26.12.01 - 26.12.24' })).toBeVisible();
    await saveAndReload(page);
    expect(errors).toEqual([]);
  });
});

test.describe('phone 390', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('a full-screen sheet with 44 px targets; typed dates saved and seen after reload', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const { defaultTeamId } = await enterWorkspace(
      page,
      { name: '이영희', email: 'younghee@dates.example' },
      { create: 'Dates Mo' },
    );
    const deadline = await newIssueDeadline(page, defaultTeamId, '폰 날짜');
    // The sheet fills the screen.
    const sheet = await deadline.boundingBox();
    expect(sheet!.width).toBeGreaterThanOrEqual(389);
    const calendar = await typeDates(page, deadline, 'dates-390');
    for (const target of [
      calendar.getByRole('gridcell', { name: '15', exact: true }),
      calendar.getByRole('button', { name: '이전 달' }),
      deadline.getByRole('button', { name: '시작일 달력 열기' }),
      deadline.getByRole('button', { name: '완료' }),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(43.9);
      expect(box.height).toBeGreaterThanOrEqual(43.9);
    }
    // Input text at 16 px: iOS does not zoom into the field.
    await expect(deadline.getByRole('textbox', { name: '시작일' })).toHaveCSS('font-size', '16px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const grid = (await calendar.getByRole('grid').boundingBox())!;
    expect(grid.x).toBeGreaterThanOrEqual(0);
    expect(grid.x + grid.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${shots}/dates-360-calendar.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    // A pick in the calendar sets the start and closes the calendar; '완료' closes the sheet.
    await calendar.getByRole('gridcell', { name: '1', exact: true }).click();
    await expect(deadline.getByRole('group', { name: '시작일 선택' })).toHaveCount(0);
    await deadline.getByRole('button', { name: '완료' }).click();
    await expect(deadline).toHaveCount(0);
    await expect(page.getByRole('button', { name: '기한: 26.12.01 - 26.12.24' })).toBeVisible();
    await saveAndReload(page);
    await page.getByRole('button', { name: '기한: 26.12.01 - 26.12.24' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/dates-390-saved.png` });
    expect(errors).toEqual([]);
  });
});
