import { expect, test, type Page } from '@playwright/test';
import { STATES, PRIORITIES } from '../contract/itemEnums';
import { api, createTeam, enterWorkspace, memberIdsByName, shots, watchConsole } from './support';

/**
 * Issue #5 journey: one team seeded through the API with 45 issues across every state, priority, manager and
 * goal; the issue list shows the right groups and counts, scrolling reaches all 45 without duplicates,
 * regrouping by priority, manager and goal reorders as a Korean reader expects ('없음' first), three issues
 * are deleted in delete mode, and the joint list of the default team shows its own items.
 */
const collator = new Intl.Collator('ko');

async function groupHeaders(page: Page): Promise<Array<{ label: string; count: number }>> {
  const headers = page.getByTestId('item-group-header');
  const texts = await headers.evaluateAll((nodes) =>
    nodes.map((node) => ({
      label: node.querySelector('[data-testid="item-group-label"]')?.textContent?.trim() ?? '',
      count: Number(node.querySelector('[data-testid="item-group-count"]')?.textContent ?? NaN),
    })),
  );
  return texts;
}

async function loadAllRows(page: Page, expected: number): Promise<string[]> {
  const rows = page.getByTestId('item-row');
  for (let i = 0; i < 20; i++) {
    if ((await rows.count()) >= expected) break;
    await rows.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(250);
  }
  return rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-item-name') ?? ''));
}

async function regroup(page: Page, label: string) {
  await page.getByRole('button', { name: '필터' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

test('grouped issue list: counts, infinite scroll, regrouping, delete mode, joint list', async ({
  browser,
}) => {
  const contextA = await browser.newContext();
  const a = await contextA.newPage();
  const errors = watchConsole(a);
  const created = await enterWorkspace(
    a,
    { name: '김민수', email: 'minsu@list.example' },
    { create: 'List Demo' },
  );
  const token = new URL(created.inviteUrl!).searchParams.get('token')!;
  const contextB = await browser.newContext();
  const b = await contextB.newPage();
  await enterWorkspace(
    b,
    { name: '이영희', email: 'younghee@list.example' },
    { token, password: created.invitePassword! },
  );

  const idOf = await memberIdsByName(a);
  const teamId = await createTeam(a, 'Frontend', [idOf('이영희')]);

  const goalTitles = ['출시 준비', 'API 정리', '가입 개선'];
  const goalIds: number[] = [];
  for (const title of goalTitles) {
    const goal = await api(a, 'POST', `/api/teams/${teamId}/goals`, { title });
    expect(goal.status).toBe(201);
    goalIds.push(goal.body.result.goalId);
  }
  const managerSets = [[], [idOf('김민수')], [idOf('김민수'), idOf('이영희')], [idOf('이영희')]];
  for (let i = 0; i < 45; i++) {
    const response = await api(a, 'POST', `/api/teams/${teamId}/issues`, {
      title: `이슈 ${i + 1}`,
      state: STATES[i % STATES.length],
      priority: PRIORITIES[i % PRIORITIES.length],
      managersId: managerSets[i % managerSets.length],
      goalId: i % 4 === 0 ? null : goalIds[i % goalIds.length],
      deadline:
        i % 5 === 0 ? {} : { start: '2026-11-01', end: `2026-11-${String(10 + (i % 20)).padStart(2, '0')}` },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }
  await api(a, 'POST', `/api/teams/${created.defaultTeamId}/issues`, { title: '공동 이슈 하나' });
  await api(a, 'POST', `/api/teams/${created.defaultTeamId}/issues`, { title: '공동 이슈 둘' });

  // Grouped by state: the fixed order and team-wide counts.
  await a.goto(`/workspace/team/${teamId}/issue`);
  await expect(a.getByTestId('item-row').first()).toBeVisible();
  const perState = STATES.map(
    (_, s) => Array.from({ length: 45 }, (_, i) => i).filter((i) => i % STATES.length === s).length,
  );
  await expect
    .poll(() => groupHeaders(a))
    .toEqual(
      ['없음', '진행중', '해야할 일', '완료', '검토', '삭제'].map((label, s) => ({
        label,
        count: perState[s],
      })),
    );
  await a.screenshot({ path: `${shots}/list-issues-state.png` });

  // Infinite scroll reaches all 45, no duplicates.
  const names = await loadAllRows(a, 45);
  expect(names).toHaveLength(45);
  expect(new Set(names).size).toBe(45);

  // By priority: fixed order.
  await regroup(a, '우선순위');
  await expect
    .poll(async () => (await groupHeaders(a)).map((g) => g.label))
    .toEqual(['없음', '긴급', '높음', '보통', '낮음']);
  await a.screenshot({ path: `${shots}/list-issues-priority.png` });

  // By manager: '없음' first, then names in Korean order; an issue with two managers counts in both.
  await regroup(a, '담당자');
  const managerCount = (name: string) =>
    Array.from({ length: 45 }, (_, i) => managerSets[i % 4]).filter((set) => set?.includes(idOf(name)))
      .length;
  await expect
    .poll(() => groupHeaders(a))
    .toEqual([
      { label: '없음', count: Array.from({ length: 45 }, (_, i) => i).filter((i) => i % 4 === 0).length },
      { label: '김민수', count: managerCount('김민수') },
      { label: '이영희', count: managerCount('이영희') },
    ]);
  await a.screenshot({ path: `${shots}/list-issues-manager.png` });

  // By goal: '없음' first, then titles in Korean collation.
  await regroup(a, '목표');
  await expect
    .poll(async () => (await groupHeaders(a)).map((g) => g.label))
    .toEqual(['없음', ...[...goalTitles].sort(collator.compare)]);
  await a.screenshot({ path: `${shots}/list-issues-goal.png` });

  // Delete mode: three issues deleted after the confirmation.
  await regroup(a, '상태');
  await a.getByRole('button', { name: '삭제' }).click();
  const rows = a.getByTestId('item-row');
  const doomed = await rows.evaluateAll((nodes) =>
    nodes.slice(0, 3).map((n) => n.getAttribute('data-item-name')),
  );
  for (let i = 0; i < 3; i++) await rows.nth(i).click();
  await a.screenshot({ path: `${shots}/list-issues-delete-mode.png` });
  await a.getByRole('button', { name: '삭제' }).click();
  const modal = a.getByRole('dialog');
  await expect(modal.getByText('복구할 수 없습니다. 정말 삭제하시겠습니까?')).toBeVisible();
  await a.screenshot({ path: `${shots}/list-issues-delete-modal.png` });
  await modal.getByRole('button', { name: '삭제' }).click();
  await expect(modal).toBeHidden();
  await expect.poll(async () => (await groupHeaders(a)).reduce((sum, g) => sum + g.count, 0)).toBe(42);
  const remaining = await loadAllRows(a, 42);
  expect(remaining).toHaveLength(42);
  for (const name of doomed) expect(remaining).not.toContain(name);

  // The joint list shows the default team's own issues.
  await a.goto(`/workspace/default/team/${created.defaultTeamId}/issue`);
  await expect(a.getByRole('heading', { name: 'List Demo' })).toBeVisible();
  await expect.poll(async () => (await loadAllRows(a, 2)).length).toBe(2);
  await expect(a.getByText('공동 이슈 하나')).toBeVisible();
  await expect(a.getByText('이슈 1', { exact: true })).toHaveCount(0);
  await a.screenshot({ path: `${shots}/list-joint-issues.png` });

  // Empty joint goal list.
  await a.goto(`/workspace/default/team/${created.defaultTeamId}/goal`);
  await expect(a.getByRole('link', { name: '공동 목표를 생성하세요' })).toBeVisible();
  expect(errors).toEqual([]);

  await contextA.close();
  await contextB.close();
});
