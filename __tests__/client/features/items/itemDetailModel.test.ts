import type { Manager } from '../../../../contract/items';
import {
  clampTitle,
  commentDate,
  createRequest,
  deadlineLabel,
  deadlinePatch,
  editPatch,
  EMPTY_FORM,
  externalCreateBlock,
  goalOptions,
  managersLabel,
  toggleChoice,
  withEnd,
  withStart,
  type DetailForm,
} from '../../../../src/features/items/detail/detailModel';
import { githubTargetFrom } from '../../../../src/features/integrations/githubTarget';

/* Pure rules of the detail screens (docs/product.md "Item detail"). */

const m = (memberId: number, name: string): Manager => ({ memberId, name, profileUrl: null });
const more = (count: number) => ` 외 ${count}명`;

describe('title', () => {
  it('cuts to 20 code points', () => {
    expect(clampTitle('가'.repeat(20))).toEqual({ value: '가'.repeat(20), overflow: false });
    expect(clampTitle('가'.repeat(21))).toEqual({ value: '가'.repeat(20), overflow: true });
    expect(clampTitle('👍'.repeat(22)).value).toBe('👍'.repeat(20));
  });
});

describe('deadline', () => {
  const range = { start: '2026-11-10', end: '2026-11-20' };

  it('pushes the end to a later start', () => {
    expect(withStart(range, '2026-11-25')).toEqual({ start: '2026-11-25', end: '2026-11-25' });
    expect(withStart(range, '2026-11-15')).toEqual({ start: '2026-11-15', end: '2026-11-20' });
    expect(withStart({ start: null, end: null }, '2026-11-15')).toEqual({ start: '2026-11-15', end: null });
  });

  it('pulls the start back to an earlier end', () => {
    expect(withEnd(range, '2026-11-05')).toEqual({ start: '2026-11-05', end: '2026-11-05' });
    expect(withEnd(range, '2026-11-12')).toEqual({ start: '2026-11-10', end: '2026-11-12' });
  });

  it('clears one side', () => {
    expect(withStart(range, null)).toEqual({ start: null, end: '2026-11-20' });
    expect(withEnd(range, null)).toEqual({ start: '2026-11-10', end: null });
  });

  it("patches only the changed side; a cleared side is the text 'null'", () => {
    expect(deadlinePatch(range, { ...range, end: '2026-11-22' })).toEqual({ end: '2026-11-22' });
    expect(deadlinePatch(range, { ...range, start: null })).toEqual({ start: 'null' });
    expect(deadlinePatch(range, withStart(range, '2026-11-25'))).toEqual({
      start: '2026-11-25',
      end: '2026-11-25',
    });
    expect(deadlinePatch(range, range)).toBeUndefined();
  });

  it('labels the row', () => {
    expect(deadlineLabel({ start: null, end: null })).toBeNull();
    expect(deadlineLabel({ start: '2026-11-10', end: null })).toBe('26.11.10');
    expect(deadlineLabel({ start: '2026-11-10', end: '2026-11-10' })).toBe('26.11.10');
    expect(deadlineLabel(range)).toBe('26.11.10 - 26.11.20');
  });
});

describe('payloads', () => {
  const form: DetailForm = {
    ...EMPTY_FORM,
    title: ' 제목 ',
    state: 'TODO',
    managers: [m(1, 'a'), m(2, 'b')],
    deadline: { start: '2026-11-21', end: null },
  };

  it('omits goalId -1 / null and unset deadline sides', () => {
    expect(createRequest('issue', 7, form)).toMatchObject({ kind: 'issue', teamId: 7 });
    expect(createRequest('issue', 7, form).body).toEqual({
      title: '제목',
      content: '',
      state: 'TODO',
      priority: 'NONE',
      managersId: [1, 2],
      deadline: { start: '2026-11-21' },
    });
    expect(createRequest('issue', 7, { ...form, goal: { id: -1, title: '' } }).body).not.toHaveProperty(
      'goalId',
    );
    expect(createRequest('issue', 7, { ...form, goal: { id: 4, title: 'g' } }).body).toMatchObject({
      goalId: 4,
    });
    expect(createRequest('goal', 7, { ...form, issues: [{ id: 3, title: 'i' }] }).body).toMatchObject({
      issuesId: [3],
    });
    expect(createRequest('external', 7, { ...form, extServiceType: 'SLACK' }).body).toMatchObject({
      extServiceType: 'SLACK',
    });
  });

  it('GitHub externals add owner, repo and installationId of a ready target only', () => {
    const github = { status: 'ready', owner: 'acme', repo: 'web', installationId: 42 } as const;
    expect(createRequest('external', 7, { ...form, extServiceType: 'GITHUB', github }).body).toMatchObject({
      extServiceType: 'GITHUB',
      owner: 'acme',
      repo: 'web',
      installationId: 42,
    });
    expect(
      createRequest('external', 7, { ...form, extServiceType: 'GITHUB', github: { status: 'missing' } }).body,
    ).not.toHaveProperty('owner');
    expect(
      createRequest('external', 7, { ...form, extServiceType: 'SLACK', github }).body,
    ).not.toHaveProperty('repo');
  });

  it('edit sends the form, the changed deadline sides, and never extServiceType', () => {
    const loaded = {
      ...form,
      deadline: { start: '2026-11-21', end: '2026-11-30' },
      extServiceType: 'GITHUB' as const,
    };
    const patch = editPatch('external', { ...loaded, deadline: { start: '2026-11-21', end: null } }, loaded);
    expect(patch.deadline).toEqual({ end: 'null' });
    expect(patch).not.toHaveProperty('extServiceType');
    expect(patch).not.toHaveProperty('goalId');
    expect(
      editPatch('issue', { ...loaded, goal: null }, { ...loaded, goal: { id: 4, title: 'g' } }).goalId,
    ).toBeNull();
  });
});

describe('pickers', () => {
  it("'없음' clears and is dropped when others are picked", () => {
    const same = (a: Manager, b: Manager) => a.memberId === b.memberId;
    expect(toggleChoice([m(1, 'a')], null, same)).toEqual([]);
    expect(toggleChoice([], m(2, 'b'), same)).toEqual([m(2, 'b')]);
    expect(toggleChoice([m(1, 'a'), m(2, 'b')], m(1, 'a'), same)).toEqual([m(2, 'b')]);
  });

  it('shows up to 4 manager names, then 외 N명', () => {
    const five = [m(1, 'a'), m(2, 'b'), m(3, 'c'), m(4, 'd'), m(5, 'e')];
    expect(managersLabel(five.slice(0, 4), more)).toBe('a, b, c, d');
    expect(managersLabel(five, more)).toBe('a, b, c, d 외 1명');
  });

  it("suffixes duplicate goal titles with ' (#id)'", () => {
    expect(
      goalOptions([
        { id: 1, title: 'A' },
        { id: 2, title: 'B' },
        { id: 3, title: 'A' },
      ]).map((goal) => goal.label),
    ).toEqual(['A (#1)', 'B', 'A (#3)']);
  });
});

it('formats comment dates as YY.MM.DD HH:mm', () => {
  const local = new Date(2026, 10, 21, 9, 5);
  expect(commentDate(local.toISOString())).toBe('26.11.21 09:05');
  expect(commentDate('nope')).toBe('nope');
});

describe('GitHub tool', () => {
  const repo = (name: string) => ({
    id: 1,
    name,
    fullName: `acme/${name}`,
    owner: 'acme',
    private: true,
    htmlUrl: '',
    defaultBranch: null,
    description: null,
  });
  const installation = { teamId: 7, installationId: 42, account: 'acme' };

  it('uses the installation and the first repository; anything missing is missing', () => {
    expect(githubTargetFrom(installation, [repo('web'), repo('api')])).toEqual({
      status: 'ready',
      owner: 'acme',
      repo: 'web',
      installationId: 42,
    });
    expect(githubTargetFrom(installation, [])).toEqual({ status: 'missing' });
    expect(githubTargetFrom(null, [repo('web')])).toEqual({ status: 'missing' });
    expect(githubTargetFrom(installation, null)).toEqual({ status: 'missing' });
  });

  it('blocks an external create without a tool, while GitHub loads, and without GitHub information', () => {
    expect(externalCreateBlock(EMPTY_FORM)).toBe('extRequired');
    expect(externalCreateBlock({ ...EMPTY_FORM, extServiceType: 'SLACK' })).toBeNull();
    expect(
      externalCreateBlock({ ...EMPTY_FORM, extServiceType: 'GITHUB', github: { status: 'loading' } }),
    ).toBe('githubLoading');
    expect(
      externalCreateBlock({ ...EMPTY_FORM, extServiceType: 'GITHUB', github: { status: 'missing' } }),
    ).toBe('githubMissing');
    expect(externalCreateBlock({ ...EMPTY_FORM, extServiceType: 'GITHUB' })).toBe('githubMissing');
    expect(
      externalCreateBlock({
        ...EMPTY_FORM,
        extServiceType: 'GITHUB',
        github: { status: 'ready', owner: 'a', repo: 'b', installationId: 1 },
      }),
    ).toBeNull();
  });
});
