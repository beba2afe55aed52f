import { signedOut } from '../../../../src/features/session';
import {
  RECENT_MAX,
  recentItemVisited,
  searchReducer,
  type RecentItem,
} from '../../../../src/features/search';
import { highlightParts, paletteOptions } from '../../../../src/features/search/paletteModel';
import { hit } from './searchSupport';

const recent = (id: number): RecentItem => ({
  kind: 'issue',
  id,
  teamId: 11,
  teamName: 'Frontend',
  name: `Frontend-i${id}`,
  title: `이슈 ${id}`,
  state: 'TODO',
});

describe('recent items', () => {
  it(`keeps the last ${RECENT_MAX} opened, newest first, each once, and forgets them on sign-out`, () => {
    let state = searchReducer(undefined, { type: 'init' });
    for (let id = 1; id <= 10; id++) state = searchReducer(state, recentItemVisited(recent(id)));
    state = searchReducer(state, recentItemVisited({ ...recent(5), title: '바뀐 제목' }));
    expect(state.recent.map((item) => item.id)).toEqual([5, 10, 9, 8, 7, 6, 4, 3]);
    expect(state.recent[0]!.title).toBe('바뀐 제목');
    expect(searchReducer(state, signedOut()).recent).toEqual([]);
  });
});

describe('palette model', () => {
  it('cuts a title at its highlight ranges, clamping and merging them', () => {
    expect(highlightParts('로그인 리다이렉트 오류', [[0, 3]])).toEqual([
      { text: '로그인', marked: true },
      { text: ' 리다이렉트 오류', marked: false },
    ]);
    expect(
      highlightParts('abcdef', [
        [4, 99],
        [1, 2],
        [1, 3],
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bc', marked: true },
      { text: 'd', marked: false },
      { text: 'ef', marked: true },
    ]);
  });

  it('highlights the name of a name match and builds detail URLs per team scope', () => {
    const options = paletteOptions({
      text: 'i12',
      query: 'i12',
      hits: [hit({ kind: 'issue', id: 12, name: 'Acme-i12', title: '제목', teamId: 7, match: 'name' })],
      recent: [],
      team: null,
      defaultTeamId: 7,
    });
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({ to: '/workspace/default/team/7/issue/12', nameRanges: [[5, 8]] });
  });

  it('lists matching actions best first: a label starting with the match before one having it in the middle', () => {
    const labels = (text: string) =>
      paletteOptions({
        text,
        query: text,
        hits: [],
        recent: [],
        team: { scope: 'default', teamId: 7 },
        defaultTeamId: 7,
      })
        .filter((option) => option.type === 'action')
        .map((option) => (option.type === 'action' ? [option.label, option.ranges] : null));
    expect(labels('이슈')).toEqual([
      ['이슈 목록으로 이동', [[0, 2]]],
      ['새 이슈', [[2, 4]]],
      ['외부 이슈 목록으로 이동', [[3, 5]]],
    ]);
    // 초성 without spaces (목록으로: ㅁㄹㅇㄹ); all three have it in the middle, so they keep their order.
    expect(labels('ㅁㄹㅇㄹ').map((entry) => entry![0])).toEqual([
      '목표 목록으로 이동',
      '이슈 목록으로 이동',
      '외부 이슈 목록으로 이동',
    ]);
  });
});
