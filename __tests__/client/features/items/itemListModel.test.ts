import {
  formatDeadline,
  groupLabel,
  itemDetailPath,
  loadedItemIds,
  managerDisplay,
  mergeListPages,
  rowColumns,
  shortDate,
  tailGroupKey,
} from '../../../../src/features/items/listModel';
import { group, item, kim, lee, page, park, withManagers } from './itemListSupport';

/* The list page's pure helpers (src/features/items/listModel.ts). */

describe('deadline text', () => {
  it('formats YYYY-MM-DD as YY.MM.DD', () => {
    expect(shortDate('2025-08-20')).toBe('25.08.20');
    expect(shortDate('0001-01-01')).toBe('01.01.01');
  });

  it.each([
    [{ start: null, end: null }, '없음'],
    [{ start: '2025-08-20', end: null }, '25.08.20'],
    [{ start: null, end: '2025-09-10' }, '25.09.10'],
    [{ start: '2025-08-25', end: '2025-08-25' }, '25.08.25'],
    [{ start: '2025-08-20', end: '2025-08-31' }, '25.08.20-25.08.31'],
    [{ start: '2025-12-30', end: '2026-01-02' }, '25.12.30-26.01.02'],
  ])('%j → %s', (deadline, expected) => {
    expect(formatDeadline(deadline)).toBe(expected);
  });

  it('treats a missing deadline as none', () => {
    expect(formatDeadline(null)).toBe('없음');
    expect(formatDeadline(undefined)).toBe('없음');
  });
});

describe('manager display', () => {
  it('none, one, or the first two of several with every name kept', () => {
    expect(managerDisplay({ cnt: 0, info: [] })).toEqual({ kind: 'none' });
    expect(managerDisplay(withManagers(kim).managers)).toEqual({ kind: 'one', manager: kim });
    expect(managerDisplay(withManagers(kim, lee, park).managers)).toEqual({
      kind: 'many',
      shown: [kim, lee],
      all: [kim, lee, park],
    });
    expect(managerDisplay(withManagers(kim, lee).managers)).toMatchObject({
      kind: 'many',
      shown: [kim, lee],
    });
  });
});

describe('merging pages by groupKey', () => {
  it('keeps the server order, appends items, drops duplicates and takes the latest counts', () => {
    const first = page(
      [group('NONE', [item(1), item(2)], 2), group('IN_PROGRESS', [item(3)], 3), group('TODO', [], 1)],
      'c1',
    );
    const second = page([
      group('NONE', [], 2),
      group('IN_PROGRESS', [item(3), item(4), item(5)], 4),
      group('TODO', [item(6)], 1),
    ]);
    const merged = mergeListPages([first, second]);
    expect(merged.map((g) => [g.groupKey, g.dataCnt, g.items.map((i) => i.id)])).toEqual([
      ['NONE', 2, [1, 2]],
      ['IN_PROGRESS', 4, [3, 4, 5]],
      ['TODO', 1, [6]],
    ]);
    expect(loadedItemIds(merged)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps groups with nothing loaded yet (their counts show at once) and finds where loading continues', () => {
    const merged = mergeListPages([
      page([group('NONE', [item(1)], 1), group('TODO', [item(2)], 5), group('FINISH', [], 3)], 'c'),
    ]);
    expect(merged.map((g) => [g.groupKey, g.dataCnt, g.items.length])).toEqual([
      ['NONE', 1, 1],
      ['TODO', 5, 1],
      ['FINISH', 3, 0],
    ]);
    expect(tailGroupKey(merged)).toBe('TODO');
    expect(tailGroupKey([])).toBeNull();
    expect(tailGroupKey(mergeListPages([page([group('A', [], 2)], 'c')]))).toBeNull();
  });

  it('places a group first seen on a later page after its predecessor on that page', () => {
    const merged = mergeListPages([
      page([group('A', [item(1)]), group('C', [item(3)])], 'c'),
      page([group('A', []), group('B', [item(2)]), group('C', [])]),
    ]);
    expect(merged.map((g) => g.groupKey)).toEqual(['A', 'B', 'C']);
    const atStart = mergeListPages([page([group('B', [item(2)])], 'c'), page([group('A', [item(1)])])]);
    expect(atStart.map((g) => g.groupKey)).toEqual(['A', 'B']);
  });

  it('keeps an item under each of its manager groups, but counts it once for select-all', () => {
    const shared = item(9, withManagers(kim, lee));
    const merged = mergeListPages([
      page([group('1', [shared], 1, '김민수'), group('2', [shared], 1, '이영희')]),
    ]);
    expect(merged).toHaveLength(2);
    expect(loadedItemIds(merged)).toEqual([9]);
  });

  it('does not modify the cached pages', () => {
    const pages = [page([group('NONE', [item(1)])], 'c'), page([group('NONE', [item(2)])])];
    const snapshot = JSON.stringify(pages);
    mergeListPages(pages);
    expect(JSON.stringify(pages)).toBe(snapshot);
  });
});

describe('group labels and row columns', () => {
  it('translates state, priority and external codes; managers and goals as named', () => {
    expect(groupLabel('STATE', { groupKey: 'IN_PROGRESS', filterName: 'IN_PROGRESS' })).toBe('진행중');
    expect(groupLabel('STATE', { groupKey: 'WHAT', filterName: 'WHAT' })).toBe('없음');
    expect(groupLabel('PRIORITY', { groupKey: 'URGENT', filterName: 'URGENT' })).toBe('긴급');
    expect(groupLabel('EXT_TYPE', { groupKey: 'GITHUB', filterName: 'GITHUB' })).toBe('GitHub');
    expect(groupLabel('EXT_TYPE', { groupKey: 'SLACK', filterName: 'SLACK' })).toBe('Slack');
    expect(groupLabel('MANAGER', { groupKey: '4', filterName: '박유민' })).toBe('박유민');
    expect(groupLabel('GOAL', { groupKey: 'NONE', filterName: '없음' })).toBe('없음');
  });

  it('omits the grouped field; goals have no goal column, externals add the tool', () => {
    expect(rowColumns('issue', 'STATE')).toEqual(['priority', 'goal', 'deadline', 'managers']);
    expect(rowColumns('issue', 'PRIORITY')).toEqual(['state', 'goal', 'deadline', 'managers']);
    expect(rowColumns('issue', 'MANAGER')).toEqual(['state', 'priority', 'goal', 'deadline']);
    expect(rowColumns('issue', 'GOAL')).toEqual(['state', 'priority', 'deadline', 'managers']);
    expect(rowColumns('goal', 'STATE')).toEqual(['priority', 'deadline', 'managers']);
    expect(rowColumns('external', 'STATE')).toEqual(['priority', 'goal', 'deadline', 'managers', 'ext']);
    expect(rowColumns('external', 'EXT_TYPE')).toEqual(['state', 'priority', 'goal', 'deadline', 'managers']);
  });

  it('links team rows absolutely and joint rows by relative id', () => {
    expect(itemDetailPath('team', 11, 'issue', 5)).toBe('/workspace/team/11/issue/5');
    expect(itemDetailPath('team', 11, 'external', 5)).toBe('/workspace/team/11/ext/5');
    expect(itemDetailPath('default', 7, 'goal', 5)).toBe('5');
  });
});
