import { expect, test, type Page } from '@playwright/test';
import { api, enterWorkspace, shots, watchConsole } from './support';

/*
 * Issue #13 "Find anything in a keystroke" (docs/product.md "Search"): the command palette finds an issue by 초성
 * and by a half-composed last syllable typed through the IME path, Enter opens it; the detail's goal picker
 * filters by 초성; `C` on a list opens a new issue.
 */

/**
 * Types through the IME path (CDP composition events): each syllable is its composition steps, then the text it
 * commits (the IME commits 로 when the next vowel takes the ㄱ of 록) — its last step when not given. With
 * `leaveComposing`, the last syllable stays open, as a user mid-syllable.
 */
async function compose(
  page: Page,
  syllables: Array<{ steps: string[]; commit?: string }>,
  { leaveComposing = false } = {},
) {
  const cdp = await page.context().newCDPSession(page);
  for (const [index, { steps, commit }] of syllables.entries()) {
    for (const text of steps) {
      await cdp.send('Input.imeSetComposition', {
        text,
        selectionStart: text.length,
        selectionEnd: text.length,
      });
    }
    if (leaveComposing && index === syllables.length - 1) break;
    await cdp.send('Input.insertText', { text: commit ?? steps[steps.length - 1]! });
  }
  return cdp;
}

/** 초성 as typed: one jamo committed at a time. */
const initials = (text: string) => [...text].map((jamo) => ({ steps: [jamo] }));

const GOALS = ['알림 고도화', '로드맵 정리', '결제 개선', '온보딩 개편', '결제 안정화'];
/** Oldest first. 로그아웃 (ㄹㄱㅇㅇ) also matches ㄹㄱㅇ by 초성, but is older: 리다이렉트 ranks above it. */
const ISSUES = [
  '알림 배지 누락',
  '로그아웃 버튼 깨짐',
  '결제 실패 안내',
  '온보딩 문구 수정',
  '팀 초대 메일',
  '프로필 사진 업로드',
  '목록 정렬 오류',
  '댓글 알림 중복',
  '검색 속도 개선',
  '로그인 리다이렉트 오류',
  '설정 페이지 깨짐',
  '다크 모드 대응',
  '마감일 표시',
  '담당자 필터',
  '모바일 레이아웃',
];

test('palette finds by 초성 and a half-composed syllable; picker filters by 초성; C opens a new issue', async ({
  page,
}) => {
  const errors = watchConsole(page);
  const { defaultTeamId: teamId } = await enterWorkspace(
    page,
    { name: '김민수', email: 'minsu@search.example' },
    { create: 'Search Co' },
  );
  for (const title of GOALS) {
    const goal = await api(page, 'POST', `/api/teams/${teamId}/goals`, { title });
    expect(goal.status, JSON.stringify(goal.body)).toBe(201);
  }
  const issueIds = new Map<string, number>();
  for (const title of ISSUES) {
    const issue = await api(page, 'POST', `/api/teams/${teamId}/issues`, { title });
    expect(issue.status, JSON.stringify(issue.body)).toBe(201);
    issueIds.set(title, issue.body.result.issueId as number);
  }
  const target = issueIds.get('로그인 리다이렉트 오류')!;

  // (a) Ctrl-K, ㄹㄱㅇ by the IME path (one committed jamo at a time, as 초성 are typed).
  await page.goto(`/workspace/default/team/${teamId}/issue`);
  await expect(page.getByText('로그인 리다이렉트 오류').first()).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: '검색 및 명령' });
  const input = palette.getByRole('combobox', { name: '검색 및 명령' });
  await expect(input).toBeFocused();
  await compose(page, initials('ㄹㄱㅇ'));
  await expect(input).toHaveValue('ㄹㄱㅇ');
  const issueGroup = palette.getByRole('group', { name: '이슈', exact: true });
  // Both issues match by 초성 only: the newer one first, and it is the first result of all (no goal matches).
  await expect(issueGroup.getByRole('option')).toHaveCount(2);
  await expect(issueGroup.getByRole('option').first()).toContainText('로그인 리다이렉트 오류');
  await expect(issueGroup.getByRole('option').nth(1)).toContainText('로그아웃 버튼 깨짐');
  await expect(palette.getByRole('option').first()).toContainText('로그인 리다이렉트 오류');
  await expect(palette.getByRole('group', { name: '목표', exact: true })).toHaveCount(0);

  // It is selected (or arrows reach it); Enter opens it.
  const first = issueGroup.getByRole('option').first();
  for (let step = 0; step < 10 && (await first.getAttribute('aria-selected')) !== 'true'; step++) {
    await input.press('ArrowDown');
  }
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/team/${teamId}/issue/${target}$`));
  await expect(page.getByRole('textbox', { name: '제목' })).toHaveValue('로그인 리다이렉트 오류');

  // (b) 로그이, as a 2-set IME composes it (ㄹ, 로, 록 · 로그, 로긍 · 로그이), the last syllable left open.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  const cdp = await compose(
    page,
    [{ steps: ['ㄹ', '로', '록'], commit: '로' }, { steps: ['그', '긍'], commit: '그' }, { steps: ['이'] }],
    { leaveComposing: true },
  );
  await expect(input).toHaveValue('로그이');
  await expect(issueGroup.getByRole('option').first()).toContainText('로그인 리다이렉트 오류');
  // 로그아웃 (ㄹㅗㄱㅡㅇㅏ…) does not continue ㄹㅗㄱㅡㅇㅣ.
  await expect(issueGroup.getByRole('option')).toHaveCount(1);
  await page.screenshot({ path: `${shots}/search-palette.png` });
  await cdp.send('Input.insertText', { text: '이' });
  await input.press('Escape');
  await expect(palette).toBeHidden();

  // (c) The goal picker on this issue's detail, filtered by 초성 through the IME path.
  await page.getByRole('button', { name: '목표: 없음' }).click();
  const menu = page.getByRole('menu', { name: '목표' });
  const field = menu.getByRole('textbox', { name: '목표 검색' });
  await expect(field).toBeFocused();
  await expect(menu.getByRole('menuitemradio')).toHaveCount(GOALS.length + 1);
  await compose(page, initials('ㄹㄷ'));
  await expect(field).toHaveValue('ㄹㄷ');
  await expect(menu.getByRole('menuitemradio')).toHaveText(['없음', '로드맵 정리']);
  await page.screenshot({ path: `${shots}/search-picker.png` });
  // The field's ArrowDown goes to 없음; the list's own ArrowDown then to 로드맵 정리.
  await field.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitemradio', { name: '로드맵 정리' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '목표: 로드맵 정리' })).toBeVisible();

  // (d) `C` on a list: a new issue in the current team.
  await page.goto(`/workspace/default/team/${teamId}/issue`);
  await expect(page.getByText('로그인 리다이렉트 오류').first()).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('c');
  await expect(page).toHaveURL(new RegExp(`/team/${teamId}/issue/detail/create$`));

  expect(errors).toEqual([]);
});
