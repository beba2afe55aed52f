import fs from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

type LexicalNode = { type: string; children?: LexicalNode[] } & Record<string, unknown>;

/** Field names per node type, over a whole Lexical document. */
function keysByType(node: LexicalNode, into = new Map<string, Set<string>>()) {
  const keys = into.get(node.type) ?? new Set<string>();
  for (const key of Object.keys(node)) keys.add(key);
  into.set(node.type, keys);
  for (const child of node.children ?? []) keysByType(child, into);
  return into;
}

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
test('create, view and edit an issue with the editor, the leave guard and comments', async ({
  page,
  browser,
}) => {
  const errors = watchConsole(page);
  const created = await enterWorkspace(
    page,
    { name: '김민수', email: 'minsu@detail.example' },
    { create: 'Detail Co' },
  );
  const teamId = created.defaultTeamId;
  const contextB = await browser.newContext();
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;
  await enterWorkspace(
    await contextB.newPage(),
    { name: '이영희', email: 'younghee@detail.example' },
    { token, password: created.invitePassword! },
  );
  const goal = await api(page, 'POST', `/api/teams/${teamId}/goals`, { title: '출시 준비' });
  const goalId = goal.body.result.goalId as number;

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

  // A description with every toolbar block.
  const editor = page.getByRole('textbox', { name: '상세 설명' });
  const tool = (name: string) => page.getByRole('button', { name, exact: true }).click();
  await editor.click();
  await page.keyboard.type('첫 문단 ');
  for (const [mark, text] of [
    ['굵게', '굵게'],
    ['기울임', '기울임'],
    ['밑줄', '밑줄'],
  ]) {
    await tool(mark!);
    await page.keyboard.type(text!);
    await tool(mark!);
    await page.keyboard.type(' ');
  }
  await page.keyboard.press('Enter');
  await tool('구분선');
  await tool('글머리 기호 목록');
  await page.keyboard.type('글머리 항목');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tool('번호 매기기 목록');
  await page.keyboard.type('번호 항목');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tool('체크리스트');
  await page.keyboard.type('할 일');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await tool('코드');
  await page.keyboard.type('const x = 1;');
  await page.getByRole('button', { name: '상태: 없음' }).click();
  await page.getByRole('menuitemradio', { name: '진행중' }).click();
  await page.getByRole('button', { name: '우선순위: 없음' }).click();
  await page.getByRole('menuitemradio', { name: '보통' }).click();
  await page.getByRole('button', { name: '담당자: 없음' }).click();
  await page.getByRole('menuitemcheckbox', { name: '김민수' }).click();
  await page.getByRole('menuitemcheckbox', { name: '이영희' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '목표: 없음' }).click();
  await page.getByRole('menuitemradio', { name: '출시 준비' }).click();
  await page.getByRole('button', { name: '기한: 없음' }).click();
  const deadline = page.getByRole('dialog', { name: '기한' });
  for (const [label, digits] of [
    // Instant keystrokes (no delay): a day starting with 2 used to lose a digit to the value's round trip.
    ['시작일', '261120'],
    ['종료일', '261125'],
  ]) {
    await deadline.getByRole('textbox', { name: label }).click();
    await page.keyboard.type(digits!);
  }
  await page.keyboard.press('Escape');
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
  expect(saved.managers.info.map((m: { name: string }) => m.name).sort()).toEqual(['김민수', '이영희']);
  expect(saved.goal).toEqual({ id: goalId, title: '출시 준비' });
  expect(saved.deadline).toEqual({ start: '2026-11-20', end: '2026-11-25' });
  const blocks = content.root.children as LexicalNode[];
  const formats = (blocks[0]!.children ?? []).map((n) => n.format);
  expect(formats).toEqual(expect.arrayContaining([1, 2, 8]));
  expect(blocks.map((b) => (b.type === 'list' ? `list:${b.listType}` : b.type))).toEqual(
    expect.arrayContaining(['horizontalrule', 'list:bullet', 'list:number', 'list:check', 'code']),
  );
  // The saved JSON has the earlier product's node shapes: the same fields per node type as the sample.
  const sample = JSON.parse(fs.readFileSync('__tests__/client/fixtures/lexical-sample.json', 'utf8'));
  const expectedKeys = keysByType(sample.root);
  for (const [type, keys] of keysByType(content.root)) {
    if (expectedKeys.has(type)) expect([...keys].sort(), type).toEqual([...expectedKeys.get(type)!].sort());
  }

  // View mode: a property change is one PATCH of that field only.
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/issues/${issueId}`));
  await page.getByRole('button', { name: '우선순위: 보통' }).click();
  await page.getByRole('menuitemradio', { name: '긴급' }).click();
  expect((await patch).postDataJSON()).toEqual({ priority: 'URGENT' });

  // Typing a new end date in view mode: nothing is sent per digit, one PATCH of the end once it is settled.
  const deadlinePatches: unknown[] = [];
  const recordDeadline = (r: Request) => {
    if (r.method() === 'PATCH' && r.url().includes(`/issues/${issueId}`))
      deadlinePatches.push(r.postDataJSON());
  };
  page.on('request', recordDeadline);
  await page.getByRole('button', { name: '기한: 26.11.20 - 26.11.25' }).click();
  const endField = page.getByRole('dialog', { name: '기한' }).getByRole('textbox', { name: '종료일' });
  await endField.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('261228');
  await page.waitForTimeout(300);
  expect(deadlinePatches).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '기한: 26.11.20 - 26.12.28' })).toBeVisible();
  await expect.poll(() => deadlinePatches).toEqual([{ deadline: { end: '2026-12-28' } }]);
  page.off('request', recordDeadline);
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

  // A goal linked to two issues.
  const second = await api(page, 'POST', `/api/teams/${teamId}/issues`, { title: '두 번째 이슈' });
  await page.goto(`/workspace/default/team/${teamId}/goal/detail/create`);
  await page.getByRole('textbox', { name: '제목' }).fill('분기 목표');
  await page.getByRole('button', { name: '이슈: 없음' }).click();
  await page.getByRole('menuitemcheckbox', { name: '가나다라마바사아자차카타파하거너더러머버' }).click();
  await page.getByRole('menuitemcheckbox', { name: '두 번째 이슈' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '작성 완료' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/default/team/${teamId}/goal/\\d+$`));
  const newGoalId = Number(/goal\/(\d+)$/.exec(page.url())![1]);
  const goalDetail = (await api(page, 'GET', `/api/goals/${newGoalId}`)).body.result;
  expect(goalDetail.issues.info.map((i: { id: number }) => i.id).sort()).toEqual(
    [issueId, second.body.result.issueId].sort(),
  );
  await page.screenshot({ path: `${shots}/detail-goal-with-issues.png` });
  expect(errors).toEqual([]);
  await contextB.close();
});
