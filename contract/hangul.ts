import { canBeChoseong, disassemble, getChoseong } from 'es-hangul';

/*
 * Korean-aware text matching, shared by the server's search (derived columns, highlight ranges) and the client's
 * palette, pickers and member filter (docs/product.md "Search"). Zod-free, so the client may import values from it.
 * Three ways a query can match a text, tried in this order:
 * - `substring`: the query as typed, case-insensitive ("로그인" in "로그인 리다이렉트 오류", "acme-i12");
 * - `choseong`: a query of initial consonants only matches the text's initial consonants ("ㄹㄱㅇ" → "로그인");
 * - `jamo`: the query's letters decomposed match the text's decomposed letters, so a half-composed last syllable
 *   still matches ("로그이" = ㄹㅗㄱㅡㅇㅣ, inside "로그인" = ㄹㅗㄱㅡㅇㅣㄴ).
 * Decomposition is es-hangul's; every derived string keeps a map back to the text's characters, so a match gives
 * the character ranges to highlight.
 */

export type HangulMatchKind = 'substring' | 'choseong' | 'jamo';

/** A match: how, and the `[start, end)` character ranges of the text to highlight (UTF-16 indices). */
export interface HangulMatch {
  kind: HangulMatchKind;
  ranges: Array<[number, number]>;
}

const isSyllable = (ch: string) => ch >= '\uAC00' && ch <= '\uD7A3';

/** Lower case, composed (NFC): how texts and queries are compared. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * The text's initial consonants, one character per character of the text (so indices line up): a syllable becomes
 * its initial consonant (로 → ㄹ), everything else stays as it is, lower-cased. Stored per item title as the
 * `title_choseong` search column.
 */
export function choseongOf(text: string): string {
  let out = '';
  for (const ch of normalizeText(text)) out += isSyllable(ch) ? getChoseong(ch) : ch;
  return out;
}

/** The text decomposed into letters (로그인 → ㄹㅗㄱㅡㅇㅣㄴ), lower-cased, with each letter's character index. */
export function jamoWithOffsets(text: string): { jamo: string; offsets: number[] } {
  let jamo = '';
  const offsets: number[] = [];
  let index = 0;
  for (const ch of normalizeText(text)) {
    const letters = disassemble(ch);
    jamo += letters;
    for (let i = 0; i < letters.length; i++) offsets.push(index);
    index += ch.length;
  }
  return { jamo, offsets };
}

/** The text decomposed into letters (the `title_jamo` search column). */
export function jamoOf(text: string): string {
  return jamoWithOffsets(text).jamo;
}

/** True when every non-space character of the query is a consonant that can begin a syllable (ㄱ…ㅎ). */
export function isChoseongQuery(query: string): boolean {
  const letters = [...query.trim()].filter((ch) => ch !== ' ');
  return letters.length > 0 && letters.every((ch) => canBeChoseong(ch));
}

/**
 * How `query` matches `text`, with the ranges to highlight, or null. An empty (or blank) query matches nothing.
 * Characters of the text are UTF-16 code units of its NFC form (what the screen shows for Korean and Latin text).
 */
export function matchHangul(text: string, query: string): HangulMatch | null {
  const q = normalizeText(query).trim();
  if (q === '') return null;
  const t = normalizeText(text);

  const at = t.indexOf(q);
  if (at >= 0) return { kind: 'substring', ranges: [[at, at + q.length]] };

  if (isChoseongQuery(q)) {
    const initials = choseongOf(text);
    const found = initials.indexOf(q);
    if (found >= 0) return { kind: 'choseong', ranges: [[found, found + q.length]] };
    return null;
  }

  const { jamo, offsets } = jamoWithOffsets(text);
  const needle = jamoOf(q);
  const found = needle === '' ? -1 : jamo.indexOf(needle);
  if (found < 0) return null;
  const start = offsets[found]!;
  const last = offsets[found + needle.length - 1]!;
  return { kind: 'jamo', ranges: [[start, last + 1]] };
}

/** Whether `query` matches `text` in any of the three ways (pickers and member filters). */
export function hangulIncludes(text: string, query: string): boolean {
  return matchHangul(text, query) !== null;
}
