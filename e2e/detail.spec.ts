import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/** Types Korean through the IME path (CDP composition events), one syllable at a time. */
async function typeHangul(page: Page, syllables: string[][]) {
  const cdp = await page.context().newCDPSession(page);
  for (const steps of syllables) {
    for (const text of steps) {
      await cdp.send('Input.imeSetComposition', {
        text,
        selectionStart: text.length,
        selectionEnd: text.length,
      });
    }
    await cdp.send('Input.insertText', { text: steps[steps.length - 1]! });
  }
}

/**
 * Issue #6 (part): a member creates an issue with a 20-character Korean title typed through IME composition,
 * a description and properties, saves, sees view mode, changes the priority (one PATCH of that field), tries
 * to leave an unsaved edit and gets the modal, and posts two comments.
 */
test('create, view and edit an issue with the editor, the leave guard and comments', async ({ page }) => {
  const errors = watchConsole(page);
  const created = await enterWorkspace(
    page,
    { name: '김민수', email: 'minsu@detail.example' },
    { create: 'Detail Co' },
  );
  const teamId = created.defaultTeamId;

  await page.goto(`/workspace/default/team/${teamId}/issue/detail/create`);
  const title = page.getByRole('textbox', { name: '제목' });
  await title.click();
  // 21 syllables through the IME: the 20-character limit keeps the first 20 and never breaks a syllable.
  const syllables = '가나다라마바사아자차카타파하거너더러머버서'.split('').map((s) => [s]);
  await typeHangul(page, syllables);
  await expect(title).toHaveValue('가나다라마바사아자차카타파하거너더러머버');
  await expect(page.getByText('최대 20자까지 작성할 수 있습니다.')).toBeVisible();
  // Enter is blocked in the title.
  await title.press('Enter');
  await expect(title).toHaveValue('가나다라마바사아자차카타파하거너더러머버');

  const editor = page.getByRole('textbox', { name: '상세 설명' });
  await editor.click();
  await page.keyboard.type('첫 문단');
  await page.getByRole('button', { name: '굵게' }).click();
  await page.keyboard.type(' 굵은 글씨');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '체크리스트' }).click();
  await page.keyboard.type('할 일');
  await page.getByRole('button', { name: '상태: 없음' }).click();
  await page.getByRole('menuitemradio', { name: '진행중' }).click();
  await page.getByRole('button', { name: '우선순위: 없음' }).click();
  await page.getByRole('menuitemradio', { name: '보통' }).click();
  await page.screenshot({ path: `${shots}/detail-create.png` });

  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/default/team/${teamId}/issue/\\d+$`));
  const issueId = Number(/issue\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByRole('button', { name: '수정하기' })).toBeVisible();
  await expect(page.getByRole('button', { name: '굵게' })).toHaveCount(0);
  const saved = (await api(page, 'GET', `/api/issues/${issueId}`)).body.result;
  expect(saved.title).toBe('가나다라마바사아자차카타파하거너더러머버');
  expect(saved.state).toBe('IN_PROGRESS');
  expect(saved.priority).toBe('NORMAL');
  const content = JSON.parse(saved.content);
  expect(content.root.children[0].children.some((n: { format: number }) => n.format === 1)).toBe(true);
  expect(content.root.children[1]).toMatchObject({ type: 'list', listType: 'check' });

  // View mode: a property change is one PATCH of that field only.
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/issues/${issueId}`));
  await page.getByRole('button', { name: '우선순위: 보통' }).click();
  await page.getByRole('menuitemradio', { name: '긴급' }).click();
  expect((await patch).postDataJSON()).toEqual({ priority: 'URGENT' });
  await page.screenshot({ path: `${shots}/detail-view.png` });

  // Edit, change the title, try to leave: the modal; cancelling stays, confirming leaves.
  await page.getByRole('button', { name: '수정하기' }).click();
  await expect(page).toHaveURL(new RegExp(`/issue/${issueId}/edit$`));
  await page.getByRole('textbox', { name: '상세 설명' }).click();
  await page.keyboard.type(' 추가');
  await page.getByRole('link', { name: '이슈', exact: true }).first().click();
  const modal = page.getByRole('dialog', { name: '알림' });
  await expect(modal.getByText('작성을 그만두시겠습니까?')).toBeVisible();
  await page.screenshot({ path: `${shots}/detail-leave-modal.png` });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/issue/${issueId}/edit$`));
  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(page).toHaveURL(new RegExp(`/issue/${issueId}$`));

  // Two comments.
  const box = page.getByRole('textbox', { name: '댓글 입력' });
  for (const text of ['첫 번째 댓글', '두 번째 댓글']) {
    await box.fill(text);
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page.getByText(text)).toBeVisible();
    await expect(box).toHaveValue('');
  }
  await page.screenshot({ path: `${shots}/detail-comments.png` });
  expect((await api(page, 'GET', `/api/comments?category=ISSUE&targetId=${issueId}`)).body.result.cnt).toBe(
    2,
  );
  expect(errors).toEqual([]);
});
