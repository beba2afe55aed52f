import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/*
 * Issue #21 (detail part): the item detail on a phone — create with the title focused, the collapsible 속성 band,
 * a checklist in the description, the sticky sideways-scrolling toolbar, a checklist item ticked in view mode and
 * still ticked after a reload, a comment the save button does not cover — and the same page at 360 px and 1440 px.
 */

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Nothing scrolls sideways: the document and the shell's scroll area are no wider than the window. */
async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      inner: window.innerWidth,
      doc: document.documentElement.scrollWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
  expect(widths.doc, JSON.stringify(widths)).toBeLessThanOrEqual(widths.inner);
  expect(widths.main, JSON.stringify(widths)).toBeLessThanOrEqual(0);
}

/**
 * axe on the detail page (inside the shell's main): no serious or critical violation (rule ids and targets). Colour
 * contrast is left to the route journey's axe pass, which runs with the shared colour tokens (src/shared/ui/tokens.ts).
 */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('main')
    .disableRules(['color-contrast'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** One `<main>` (the shell's), one `<h1>`, the 속성 panel a complementary landmark. */
async function expectLandmarks(page: Page, h1: string) {
  await expect(page.locator('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
  await expect(page.getByRole('complementary', { name: '속성' })).toHaveCount(1);
}

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test('create on a phone, tick a checklist item in view mode, comment', async ({ page }) => {
    const errors = watchConsole(page);
    const created = await enterWorkspace(
      page,
      { name: '김민수', email: 'minsu@detail-mobile.example' },
      { create: 'Mobile Co' },
    );
    expect(created.defaultTeamId).toBeGreaterThan(0);
    // A team with a long Korean name (it used to stack one syllable per line in the header).
    const members = await api(page, 'GET', '/api/workspace/setting/members');
    const me = (members.body.result as Array<{ memberId: number; name: string }>).find(
      (m) => m.name === '김민수',
    )!;
    const team = await api(page, 'POST', '/api/workspace/setting/teams', {
      teamName: '모바일상세개발팀',
      memberId: [me.memberId],
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    const teamId = team.body.result.teamId as number;
    const list = `/workspace/team/${teamId}/issue`;

    // Create: the title has the focus at once, typed keys land in it.
    await page.goto(`${list}/detail/create`);
    const title = page.getByRole('textbox', { name: '제목' });
    await expect(title).toBeFocused();
    await expect(page).toHaveTitle(/^새 이슈 · 모바일상세개발팀 · Momentum$/);
    await page.keyboard.type('휴대폰에서 만든 이슈');
    await expect(title).toHaveValue('휴대폰에서 만든 이슈');
    await expectLandmarks(page, '휴대폰에서 만든 이슈');

    // The team name stays on one line (it used to stack one syllable per line).
    const teamName = page.locator('header .team-name');
    expect((await teamName.boundingBox())!.height).toBeLessThan(32);

    // 속성: collapsed under the title on a phone; opened, its rows are 44 px touch targets.
    const toggle = page.getByRole('button', { name: '속성' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: '상태: 없음' })).toBeHidden();
    await page.screenshot({ path: `${shots}/detail-mobile-create-collapsed.png` });
    await expectAccessible(page);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const state = page.getByRole('button', { name: '상태: 없음' });
    expect((await state.boundingBox())!.height).toBeGreaterThanOrEqual(43.9);
    await state.click();
    await page.getByRole('menuitemradio', { name: '진행중' }).click();
    await page.getByRole('button', { name: '우선순위: 없음' }).click();
    await page.getByRole('menuitemradio', { name: '보통' }).click();
    // The panel stays under the title, above the description.
    const panel = await page.getByRole('complementary', { name: '속성' }).boundingBox();
    const editorBox = await page.getByRole('textbox', { name: '상세 설명' }).boundingBox();
    expect(panel!.y).toBeLessThan(editorBox!.y);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);

    // A description with a checklist; the toolbar's 44 px buttons scroll sideways.
    const editor = page.getByRole('textbox', { name: '상세 설명' });
    await editor.click();
    await page.keyboard.type('오늘 할 일');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '체크리스트', exact: true }).click();
    await page.keyboard.type('첫 항목');
    await page.keyboard.press('Enter');
    await page.keyboard.type('둘째 항목');
    const toolbar = page.getByRole('toolbar', { name: '서식 도구' });
    const bold = await page.getByRole('button', { name: '굵게', exact: true }).boundingBox();
    expect(bold!.width).toBeGreaterThanOrEqual(43.9);
    expect(bold!.height).toBeGreaterThanOrEqual(43.9);
    const toolbarScroll = await toolbar.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(toolbarScroll[0]).toBeGreaterThan(toolbarScroll[1]!);
    await expectNoHorizontalOverflow(page);

    // A long description: the toolbar stays at the top of the scroll area while it scrolls.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    for (let line = 0; line < 25; line += 1) {
      await page.keyboard.type(`줄 ${line + 1}`);
      await page.keyboard.press('Enter');
    }
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const mainTop = await page.locator('main').evaluate((main) => {
      const style = getComputedStyle(main);
      return main.getBoundingClientRect().top + parseFloat(style.paddingTop);
    });
    await expect
      .poll(async () => Math.round((await toolbar.boundingBox())!.y))
      .toBeGreaterThanOrEqual(Math.floor(mainTop) - 1);
    expect((await toolbar.boundingBox())!.y).toBeLessThan(mainTop + 8);
    await page.screenshot({ path: `${shots}/detail-mobile-create-toolbar.png` });

    // The save button never covers the content: at the end of the page it sits below the last line.
    const save = page.getByRole('button', { name: '작성 완료' });
    const saveBox = await save.boundingBox();
    expect(saveBox!.width).toBeGreaterThanOrEqual(43.9);
    expect(saveBox!.height).toBeGreaterThanOrEqual(43.9);
    const lastLine = await editor.locator('p').last().boundingBox();
    expect(overlaps(lastLine!, saveBox!)).toBe(false);
    await save.click();
    await expect(page).toHaveURL(new RegExp(`${list}/\\d+$`));
    const issueId = Number(/issue\/(\d+)$/.exec(page.url())![1]);

    // View: the tab title, the landmarks, no toolbar; the checklist can be ticked and is saved at once.
    await expect(page).toHaveTitle('휴대폰에서 만든 이슈 · 모바일상세개발팀 · Momentum');
    await expect(page.getByRole('button', { name: '수정하기' })).toBeVisible();
    await expectLandmarks(page, '휴대폰에서 만든 이슈');
    await expect(page.getByRole('toolbar', { name: '서식 도구' })).toHaveCount(0);
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/detail-mobile-view.png` });
    await expectAccessible(page);
    const boxes = page.getByRole('checkbox', { name: '완료 표시' });
    await expect(boxes).toHaveCount(2);
    const hit = await boxes.first().evaluate((el) => {
      const before = getComputedStyle(el, '::before');
      const rect = el.getBoundingClientRect();
      return {
        width: rect.width - parseFloat(before.left) - parseFloat(before.right),
        height: rect.height - parseFloat(before.top) - parseFloat(before.bottom),
      };
    });
    expect(hit.width).toBeGreaterThanOrEqual(43.9);
    expect(hit.height).toBeGreaterThanOrEqual(43.9);
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/issues/${issueId}`),
    );
    await boxes.first().tap();
    const sent = (await patch).postDataJSON() as { content: string };
    expect(Object.keys(sent)).toEqual(['content']);
    expect(sent.content).toContain('"checked":true');
    await expect(boxes.first()).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => (await api(page, 'GET', `/api/issues/${issueId}`)).body.result.content as string)
      .toContain('"checked":true');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: '완료 표시' }).first()).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('checkbox', { name: '완료 표시' }).nth(1)).toHaveAttribute(
      'aria-checked',
      'false',
    );

    // A comment; the sticky comment box stays clear of the floating 수정하기.
    const commentBox = page.getByRole('textbox', { name: '댓글 입력' });
    await commentBox.fill('휴대폰에서 남긴 댓글');
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page.getByText('휴대폰에서 남긴 댓글')).toBeVisible();
    await expect(commentBox).toHaveValue('');
    const edit = await page.getByRole('button', { name: '수정하기' }).boundingBox();
    const form = commentBox.locator('xpath=..');
    // After the post the page scrolls down: the new comment shows right above the sticky box, not under it.
    await expect
      .poll(async () => {
        const posted = (await page.getByText('휴대폰에서 남긴 댓글').boundingBox())!;
        const composer = (await form.boundingBox())!;
        return posted.y > 0 && posted.y + posted.height <= composer.y;
      })
      .toBe(true);
    expect(overlaps(edit!, (await form.boundingBox())!)).toBe(false);
    const submit = await page.getByRole('button', { name: '확인' }).boundingBox();
    expect(submit!.height).toBeGreaterThanOrEqual(43.9);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/detail-mobile-comments.png` });

    // 360 px: still nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/detail-mobile-360-view.png` });
    await page.getByRole('button', { name: '속성' }).click();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/detail-mobile-360-properties.png` });

    expect(errors).toEqual([]);
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the 속성 panel beside the description, checklist ticks in view mode', async ({ page }) => {
    const created = await enterWorkspace(
      page,
      { name: '이영희', email: 'younghee@detail-mobile.example' },
      { create: 'Desk Co' },
    );
    const teamId = created.defaultTeamId;
    const content = JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        direction: null,
        format: '',
        indent: 0,
        children: [
          {
            type: 'list',
            listType: 'check',
            start: 1,
            tag: 'ul',
            version: 1,
            direction: null,
            format: '',
            indent: 0,
            children: [
              {
                type: 'listitem',
                value: 1,
                checked: false,
                version: 1,
                direction: null,
                format: '',
                indent: 0,
                children: [
                  {
                    type: 'text',
                    text: '확인할 일',
                    detail: 0,
                    format: 0,
                    mode: 'normal',
                    style: '',
                    version: 1,
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    const issue = await api(page, 'POST', `/api/teams/${teamId}/issues`, { title: '데스크톱 이슈', content });
    const issueId = issue.body.result.issueId as number;
    await page.goto(`/workspace/default/team/${teamId}/issue/${issueId}`);
    await expect(page.getByRole('button', { name: '수정하기' })).toBeVisible();
    await expect(page).toHaveTitle('데스크톱 이슈 · Desk Co · Momentum');
    await expectLandmarks(page, '데스크톱 이슈');
    // Beside the description, always open: no disclosure button.
    await expect(page.getByRole('button', { name: '속성' })).toHaveCount(0);
    const panel = await page.getByRole('complementary', { name: '속성' }).boundingBox();
    const description = await page.locator('.description-editor').boundingBox();
    expect(panel!.x).toBeGreaterThan(description!.x + description!.width);
    expect(panel!.y).toBeLessThan(description!.y);

    const box = page.getByRole('checkbox', { name: '완료 표시' });
    await expect(box).toHaveAttribute('aria-checked', 'false');
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().endsWith(`/issues/${issueId}`),
    );
    await box.focus();
    await page.keyboard.press('Space');
    expect(Object.keys((await patch).postDataJSON())).toEqual(['content']);
    await expect(box).toHaveAttribute('aria-checked', 'true');
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await page.screenshot({ path: `${shots}/detail-desktop-view.png` });

    // A tablet (768 px): the panel is a band under the title, open, and can be collapsed.
    await page.setViewportSize({ width: 768, height: 1024 });
    const toggle = page.getByRole('button', { name: '속성' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // (Measured until the sidebar's collapse transition has settled.)
    await expect
      .poll(async () => {
        const band = (await page.getByRole('complementary', { name: '속성' }).boundingBox())!;
        const text = (await page.locator('.description-editor').boundingBox())!;
        return band.y + band.height <= text.y;
      })
      .toBe(true);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/detail-tablet-view.png` });
    // 1024 px with the full sidebar: not enough room beside the description, so the band, always open.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole('button', { name: '속성' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${shots}/detail-desktop-1024-view.png` });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Create: the title has the focus.
    await page.goto(`/workspace/default/team/${teamId}/goal/detail/create`);
    await expect(page.getByRole('textbox', { name: '제목' })).toBeFocused();
    await expect(page).toHaveTitle('새 목표 · Desk Co · Momentum');
    await page.screenshot({ path: `${shots}/detail-desktop-create.png` });
  });
});
