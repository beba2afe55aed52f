import { WORKSPACE_NAME_RULES, validateWorkspaceName, workspaceSlug } from '../../../../contract/workspaceName';

/**
 * Workspace names (docs/product.md "Onboarding"): nine checks in order, the first failing one's Korean message is
 * what the user sees
 * (under the field on the client, in the 400 envelope from the server). The expected texts are written out here,
 * so a change of wording or order fails.
 */
const RULE = {
  1: '워크스페이스 이름은 4자 이상 10자 이하의 영문 또는 숫자여야 합니다.',
  2: '워크스페이스 이름은 한글로 시작할 수 없습니다.',
  3: '워크스페이스 이름은 숫자로 시작할 수 없습니다.',
  4: '워크스페이스 이름은 특수문자로 시작할 수 없습니다.',
  5: '워크스페이스 이름은 영문으로 시작해야 합니다.',
  6: '워크스페이스 이름에 한글은 사용할 수 없습니다.',
  7: '워크스페이스 이름은 영문, 숫자, 공백만 사용할 수 있습니다.',
  8: '워크스페이스 이름은 공백으로 끝날 수 없습니다.',
  9: '워크스페이스 이름에 연속된 공백은 사용할 수 없습니다.',
} as const;

describe('validateWorkspaceName', () => {
  it('has the nine rules, in order', () => {
    expect(WORKSPACE_NAME_RULES.map((rule) => rule.message)).toEqual(Object.values(RULE));
  });

  // [name, rule it breaks first, why]
  const invalid: [string, keyof typeof RULE, string][] = [
    // 1 length 4–10 (characters, not UTF-16 units)
    ['', 1, 'empty'],
    ['abc', 1, '3 characters'],
    ['abcdefghijk', 1, '11 characters'],
    ['한글팀', 1, '3 Korean characters: length first, before rules 2 and 6'],
    ['12345678901', 1, '11 digits: length before rule 3'],
    ['ab😀', 1, 'an emoji is one character: 3 in all'],
    // 2 first character Korean
    ['한글팀이름', 2, 'Korean syllables'],
    ['가abc', 2, 'Korean then Latin'],
    ['ㄱabc', 2, 'a Hangul jamo'],
    ['한글abc', 2, 'breaks 2 and 6: 2 wins'],
    // 3 first character a digit
    ['1abc', 3, 'digit first'],
    ['9 Team', 3, 'digit then space'],
    ['1한글ab', 3, 'breaks 3 and 6: 3 wins'],
    ['1234 ', 3, 'breaks 3 and 8: 3 wins'],
    // 4 first character special
    ['!abc', 4, 'exclamation mark'],
    ['_team', 4, 'underscore'],
    ['-abcd', 4, 'hyphen'],
    ['!abc가', 4, 'breaks 4, 6 and 7: 4 wins'],
    // 5 first character not a Latin letter (whitespace is neither special nor Latin)
    [' abcd', 5, 'leading space'],
    ['\u00a0abcd', 5, 'leading no-break space'],
    // 6 Korean anywhere
    ['ab한글', 6, 'Korean after Latin'],
    ['Team 가나', 6, 'Korean after a space'],
    ['ab가!', 6, 'breaks 6 and 7: 6 wins'],
    // 7 only Latin letters, digits, spaces
    ['ab_cd', 7, 'underscore inside'],
    ['Team-A', 7, 'hyphen inside'],
    ['café', 7, 'accented letter'],
    ['ab\tcd', 7, 'tab inside'],
    ['ab!  ', 7, 'breaks 7, 8 and 9: 7 wins'],
    // 8 trailing space
    ['abcd ', 8, 'one trailing space'],
    ['Acme Team ', 8, 'name then a space'],
    ['ab  c ', 8, 'breaks 8 and 9: 8 wins'],
    // 9 consecutive spaces
    ['ab  cd', 9, 'two spaces'],
    ['a   b', 9, 'three spaces'],
  ];

  it.each(invalid)('%j breaks rule %i first (%s)', (name, rule) => {
    expect(validateWorkspaceName(name)).toBe(RULE[rule]);
  });

  it.each(['Acme Team', 'abcd', 'A1b2 c3d4', 'ABCDEFGHIJ', 'Team 2026', 'a b c d e', 'Momentum'])(
    '%j is valid',
    (name) => {
      expect(validateWorkspaceName(name)).toBeNull();
    },
  );
});

describe('workspaceSlug', () => {
  it.each([
    ['Acme Team', 'acme-team'],
    ['Momentum', 'momentum'],
    ['A1b2 c3d4', 'a1b2-c3d4'],
  ])('%j → %j', (name, slug) => {
    expect(workspaceSlug(name)).toBe(slug);
  });
});
