import {
  choseongOf,
  compareMatches,
  compoundConsonantParts,
  isChoseongQuery,
  matchHangul,
  matchRank,
  rankByMatch,
  type HangulMatch,
} from '../../../contract/hangul';

/*
 * The one matcher of the server's search and the client's palette, pickers and member filter (contract/hangul.ts;
 * docs/product.md "Search"), as tables: how a query matches a title and which characters light up, the compound
 * consonants a 2-set IME composes, optional spaces in 초성 queries, and the order matches are ranked in.
 */

/** `text` with the highlighted characters in brackets: ('분기 결제', [[0,2],[3,5]]) → '[분기] [결제]'. */
function marked(text: string, match: HangulMatch | null): string | null {
  if (!match) return null;
  let out = '';
  let at = 0;
  for (const [start, end] of match.ranges) {
    out += `${text.slice(at, start)}[${text.slice(start, end)}]`;
    at = end;
  }
  return out + text.slice(at);
}

describe('matchHangul', () => {
  const table: Array<[string, string, string | null, string | null]> = [
    // text, query, how, the highlighted text
    ['로그인 리다이렉트 오류', '로그인', 'substring', '[로그인] 리다이렉트 오류'],
    ['Acme-i12', 'ACME-I1', 'substring', '[Acme-i1]2'],
    ['로그인', 'ㄹㄱㅇ', 'choseong', '[로그인]'],
    // compound consonants typed as two initials: ㄺ = ㄹ+ㄱ, ㄳ = ㄱ+ㅅ, ㄵ = ㄴ+ㅈ, ㄶ = ㄴ+ㅎ, ㄻ = ㄹ+ㅁ, ㄼ = ㄹ+ㅂ,
    // ㄽ = ㄹ+ㅅ, ㄾ = ㄹ+ㅌ, ㄿ = ㄹ+ㅍ, ㅀ = ㄹ+ㅎ, ㅄ = ㅂ+ㅅ
    ['로그인', 'ㄺㅇ', 'choseong', '[로그인]'],
    ['자동 로그인 설정', 'ㄺ', 'choseong', '자동 [로그]인 설정'],
    ['기사 작성', 'ㄳ', 'choseong', '[기사] 작성'],
    ['누전 점검', 'ㄵㅈㄱ', 'choseong', '[누전] [점검]'],
    ['노하우 공유', 'ㄶㅇ', 'choseong', '[노하우] 공유'],
    ['로그 모니터링', 'ㄹㄱㅁ', 'choseong', '[로그] [모]니터링'],
    ['리마인더', 'ㄻㅇ', 'choseong', '[리마인]더'],
    ['로봇 배포', 'ㄼ', 'choseong', '[로봇] 배포'],
    ['리셋', 'ㄽ', 'choseong', '[리셋]'],
    ['레터 발송', 'ㄾ', 'choseong', '[레터] 발송'],
    ['리포트', 'ㄿㅌ', 'choseong', '[리포트]'],
    ['로그 확인', 'ㄹㄱㅎ', 'choseong', '[로그] [확]인'],
    ['롤 확인', 'ㅀㅇ', 'choseong', '[롤] [확인]'],
    ['버스 시간', 'ㅄㅅ', 'choseong', '[버스] [시]간'],
    // double consonants begin syllables and stay as they are
    ['까치 둥지', 'ㄲㅊ', 'choseong', '[까치] 둥지'],
    ['까치 둥지', 'ㄱㄱㅊ', null, null],
    // spaces are optional in 초성 queries, on either side; the space itself is not highlighted
    ['분기 결제', 'ㅂㄱㄱㅈ', 'choseong', '[분기] [결제]'],
    ['분기 결제', 'ㅂㄱ ㄱㅈ', 'choseong', '[분기] [결제]'],
    ['분기결제', 'ㅂㄱ ㄱㅈ', 'choseong', '[분기결제]'],
    ['이번  분기\t결제', 'ㅂㄱㄱㅈ', 'choseong', '이번  [분기]\t[결제]'],
    ['분기 결제', 'ㄱㄱ', 'choseong', '분[기] [결]제'],
    // a half-composed last syllable, and spaces still count outside 초성 queries
    ['로그인', '로그이', 'jamo', '[로그인]'],
    ['분기 결제', '분기 결ㅈ', 'jamo', '[분기 결제]'],
    ['분기 결제', '분기결', null, null],
    ['로그인', 'ㅋㅋ', null, null],
    ['로그인', '   ', null, null],
  ];

  it.each(table)('%s ← %s: %s %s', (text, query, kind, highlighted) => {
    const match = matchHangul(text, query);
    expect(match?.kind ?? null).toBe(kind);
    expect(marked(text, match)).toBe(highlighted);
  });

  it.each([
    ['ㄺㅇ', true],
    ['ㅂㄱ ㄱㅈ', true],
    ['ㄲㅊ', true],
    ['ㄹㄱ이', false],
    ['ㅏ', false],
    ['', false],
  ])('isChoseongQuery(%j) → %s', (query, expected) => {
    expect(isChoseongQuery(query)).toBe(expected);
  });

  it('splits exactly the eleven compound consonants, with es-hangul', () => {
    const compounds = [...'ㄱㄲㄳㄴㄵㄶㄷㄸㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅃㅄㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎㅏ가'].filter(
      (ch) => compoundConsonantParts(ch) !== null,
    );
    expect(compounds.join('')).toBe('ㄳㄵㄶㄺㄻㄼㄽㄾㄿㅀㅄ');
    expect(compoundConsonantParts('ㄺ')).toBe('ㄹㄱ');
  });

  it('the 초성 column drops spaces and splits compound consonants', () => {
    expect(choseongOf('분기 결제')).toBe('ㅂㄱㄱㅈ');
    expect(choseongOf('API 로그인 ㄺ')).toBe('apiㄹㄱㅇㄹㄱ');
  });
});

describe('ranking', () => {
  it.each([
    // query, texts in their given order (e.g. newest first), expected order
    [
      'ㄹㄱㅇ',
      ['자동 로그인 설정', '로그인', '라곰이 좋아', '오류'],
      ['로그인', '라곰이 좋아', '자동 로그인 설정'],
    ],
    ['ㄺㅇ', ['자동 로그인 설정', '로그인'], ['로그인', '자동 로그인 설정']],
    ['ㅂㄱㄱㅈ', ['이번 분기 결제', '분기 결제'], ['분기 결제', '이번 분기 결제']],
    ['오류', ['로그인 오류', '오류 보고', '오류'], ['오류 보고', '오류', '로그인 오류']],
    ['로그이', ['자동 로그인', '로그인'], ['로그인', '자동 로그인']],
    // at the start first, whatever the kind; then substring, 초성, letters
    ['ㄱㅁ', ['ㄱㅁ 메모', '김민수', '박 김민'], ['ㄱㅁ 메모', '김민수', '박 김민']],
  ])('%s: %j → %j', (query, texts, expected) => {
    expect(rankByMatch(texts, query, (text) => [text])).toEqual(expected);
  });

  it('ranks an item by its best text; a blank query keeps every item in order', () => {
    const members = [
      { name: '박서준', email: 'kim@example.com' },
      { name: '김민수', email: null },
      { name: '이도현', email: 'lee@example.com' },
    ];
    const byMatch = (query: string) =>
      rankByMatch(members, query, (member) => [member.name, member.email]).map((member) => member.name);
    expect(byMatch('kim')).toEqual(['박서준']);
    expect(byMatch('ㄱㅁ')).toEqual(['김민수']);
    expect(byMatch('e')).toEqual(['박서준', '이도현']);
    expect(byMatch(' ')).toEqual(['박서준', '김민수', '이도현']);
  });

  it('orders matches: start before middle, then substring, 초성, letters; no match last', () => {
    const at = (text: string, query: string) => matchHangul(text, query);
    expect(matchRank(at('로그인 오류', '로그인')!)).toBe(0);
    expect(matchRank(at('로그인 오류', 'ㄹㄱ')!)).toBe(1);
    expect(matchRank(at('로그인 오류', '로그이')!)).toBe(2);
    expect(matchRank(at('자동 로그인', '로그인')!)).toBe(3);
    expect(matchRank(at('자동 로그인', 'ㄹㄱ')!)).toBe(4);
    expect(matchRank(at('자동 로그인', '로그이')!)).toBe(5);
    expect(compareMatches(at('자동 로그인', 'ㄹㄱ'), at('로그인', 'ㄹㄱ'))).toBeGreaterThan(0);
    expect(compareMatches(null, at('로그인', 'ㄹㄱ'))).toBeGreaterThan(0);
    expect(compareMatches(null, null)).toBe(0);
  });
});
