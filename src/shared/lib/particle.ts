/*
 * The Korean particle 으로/로 after a word the app does not know in advance (the company sign-in button's name,
 * docs/setup.md "Single sign-on (OpenID Connect)"). A few lines instead of es-hangul's `josa`, because the login
 * route and the static login page import it (their budget: webpack.config.js).
 */

/** Digits read in Korean (영 일 이 삼 사 오 육 칠 팔 구) whose reading ends in a consonant other than ㄹ. */
const DIGITS_TAKING_EURO = '036';

/**
 * `word` followed by 로 or 으로: 로 after a vowel or ㄹ (사내 계정 → 계정으로, 회사 메일 → 메일로, 서울 → 서울로),
 * 으로 after any other final consonant; digits by their Korean reading; anything else (Latin letters, symbols),
 * whose reading is unknown, gets "(으)로".
 */
export function withRo(word: string): string {
  const last = word.trimEnd().at(-1);
  if (last === undefined) return word;
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) {
    const final = (code - 0xac00) % 28;
    return `${word}${final === 0 || final === 8 ? '로' : '으로'}`;
  }
  if (last >= '0' && last <= '9') return `${word}${DIGITS_TAKING_EURO.includes(last) ? '으로' : '로'}`;
  return `${word}(으)로`;
}
