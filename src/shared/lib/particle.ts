import { josa } from 'es-hangul';

/*
 * The Korean particle 으로/로 after a word the app does not know in advance (the company sign-in button's name,
 * docs/setup.md "Single sign-on (OpenID Connect)"). es-hangul's `josa` decides after a Hangul syllable (about 1.6 KB
 * gzip on the login route, whose budget is 120 KB: webpack.config.js). After anything else — Latin letters, digits,
 * symbols — the reading is unknown (Keycloak → 키클록으로, 3 → 삼으로, but `josa` reads the letter itself), so the word
 * gets "(으)로", as Korean interfaces write it.
 */

/** Whether `char` is a precomposed Hangul syllable (가–힣). */
const isHangulSyllable = (char: string) => char >= '가' && char <= '힣';

/**
 * `word` followed by 로 or 으로 (사내 계정 → 계정으로, 회사 메일 → 메일로, 서울 → 서울로); "(으)로" after a word that
 * does not end in a Hangul syllable (Okta → Okta(으)로).
 */
export function withRo(word: string): string {
  const last = word.trimEnd().at(-1);
  if (last === undefined) return word;
  return isHangulSyllable(last) ? josa(word, '으로/로') : `${word}(으)로`;
}
