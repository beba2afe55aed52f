import { canBeChoseong, canBeJongseong, disassemble, getChoseong } from 'es-hangul';

/*
 * Korean-aware text matching, shared by the server's search (derived columns, highlight ranges) and the client's
 * palette, pickers and member filter (docs/product.md "Search"). Zod-free, so the client may import values from it.
 * Three ways a query can match a text, tried in this order:
 * - `substring`: the query as typed, case-insensitive ("로그인" in "로그인 리다이렉트 오류", "acme-i12");
 * - `choseong`: a query of initial consonants only matches the text's initial consonants ("ㄹㄱㅇ" → "로그인"),
 *   as Koreans type it: spaces are optional on both sides ("ㅂㄱㄱㅈ" and "ㅂㄱ ㄱㅈ" → "분기 결제"), and a
 *   compound consonant that a 2-set keyboard composes from two initials counts as those two ("ㄺㅇ" = ㄹ+ㄱ, ㅇ →
 *   "로그인"; ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ);
 * - `jamo`: the query's letters decomposed match the text's decomposed letters, so a half-composed last syllable
 *   still matches ("로그이" = ㄹㅗㄱㅡㅇㅣ, inside "로그인" = ㄹㅗㄱㅡㅇㅣㄴ).
 * Decomposition is es-hangul's; every derived string keeps a map back to the text's characters, so a match gives
 * the character ranges to highlight. `compareMatches` / `rankByMatch` order matches the way the server's search
 * ranks them: a text that starts with the match before one that has it in the middle.
 */

export type HangulMatchKind = 'substring' | 'choseong' | 'jamo';

/** A match: how, and the `[start, end)` character ranges of the text to highlight (UTF-16 indices). */
export interface HangulMatch {
  kind: HangulMatchKind;
  ranges: Array<[number, number]>;
}

const isSyllable = (ch: string) => ch >= '\uAC00' && ch <= '\uD7A3';
const isSpace = (ch: string) => /\s/.test(ch);

/**
 * The two initials a compound consonant stands for (ㄺ → ㄹㄱ), or null for any other character. Compound
 * consonants are those that can end a syllable but never begin one (ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ): a 2-set IME
 * composes them from two initials typed in a row. Double consonants (ㄲ ㄸ ㅃ ㅆ ㅉ) begin syllables and stay.
 */
export function compoundConsonantParts(ch: string): string | null {
  if (ch.length !== 1 || canBeChoseong(ch)) return null;
  const parts = disassemble(ch);
  return parts.length === 2 && canBeJongseong(parts) && [...parts].every((part) => canBeChoseong(part))
    ? parts
    : null;
}

/** Lower case, composed (NFC): how texts and queries are compared. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/**
 * The text's initial consonants as 초성 queries meet them, with each letter's character index in the text: a
 * syllable becomes its initial consonant (로 → ㄹ), a compound consonant its two initials (ㄺ → ㄹㄱ), whitespace is
 * dropped, anything else stays as it is, lower-cased.
 */
export function choseongWithOffsets(text: string): { choseong: string; offsets: number[] } {
  let choseong = '';
  const offsets: number[] = [];
  let index = 0;
  for (const ch of normalizeText(text)) {
    const letters = isSpace(ch) ? '' : isSyllable(ch) ? getChoseong(ch) : (compoundConsonantParts(ch) ?? ch);
    choseong += letters;
    for (let i = 0; i < letters.length; i++) offsets.push(index);
    index += ch.length;
  }
  return { choseong, offsets };
}

/**
 * The text's initial consonants without whitespace (분기 결제 → ㅂㄱㄱㅈ; see `choseongWithOffsets`). Stored per
 * item title as the `search_choseong` search column.
 */
export function choseongOf(text: string): string {
  return choseongWithOffsets(text).choseong;
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

/**
 * True when every non-space character of the query is a consonant that can begin a syllable (ㄱ…ㅎ, ㄲ…) or a
 * compound consonant composed from two of them (ㄺ).
 */
export function isChoseongQuery(query: string): boolean {
  const letters = [...query].filter((ch) => !isSpace(ch));
  return (
    letters.length > 0 && letters.every((ch) => canBeChoseong(ch) || compoundConsonantParts(ch) !== null)
  );
}

/**
 * A 초성 query as the `search_choseong` column is searched with: lower-cased, whitespace dropped, compound
 * consonants as their two initials (`ㄺ ㅇ` → `ㄹㄱㅇ`). Meaningful for `isChoseongQuery` queries.
 */
export function choseongQueryOf(query: string): string {
  return choseongOf(query);
}

/** The character ranges covered by `offsets[from…to)` (letters of one character share its index), merged. */
function rangesOf(
  text: string,
  offsets: readonly number[],
  from: number,
  to: number,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let i = from; i < to; i++) {
    const start = offsets[i]!;
    const end = start + (text.codePointAt(start)! > 0xffff ? 2 : 1);
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  return ranges;
}

/**
 * How `query` matches `text`, with the ranges to highlight, or null. An empty (or blank) query matches nothing.
 * Characters of the text are UTF-16 code units of its NFC form (what the screen shows for Korean and Latin text).
 * A 초성 match over a space gives one range per word (분기 결제 for ㅂㄱㄱㅈ: [0, 2) and [3, 5)).
 */
export function matchHangul(text: string, query: string): HangulMatch | null {
  const q = normalizeText(query).trim();
  if (q === '') return null;
  const t = normalizeText(text);

  const at = t.indexOf(q);
  if (at >= 0) return { kind: 'substring', ranges: [[at, at + q.length]] };

  if (isChoseongQuery(q)) {
    const needle = choseongQueryOf(q);
    const { choseong, offsets } = choseongWithOffsets(text);
    const found = choseong.indexOf(needle);
    if (found < 0) return null;
    return { kind: 'choseong', ranges: rangesOf(t, offsets, found, found + needle.length) };
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

const KIND_ORDER: Record<HangulMatchKind, number> = { substring: 0, choseong: 1, jamo: 2 };

/**
 * Where a match ranks, lower first — the order of the server's search (docs/product.md "Search"): a match at the
 * text's start (0–2) before one in the middle (3–5); within each, substring, then 초성, then letters.
 */
export function matchRank(match: HangulMatch): number {
  const startsText = (match.ranges[0]?.[0] ?? 0) === 0;
  return (startsText ? 0 : 3) + KIND_ORDER[match.kind];
}

/** Orders two matches (`null` = no match, last) by `matchRank`: negative when `a` ranks first. */
export function compareMatches(a: HangulMatch | null, b: HangulMatch | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return matchRank(a) - matchRank(b);
}

/**
 * The items whose texts `query` matches, best first by `matchRank` of the item's best-matching text (ties keep the
 * items' order, e.g. newest or alphabetical); every item, in order, for a blank query. `textsOf` gives an item's
 * texts (null/undefined ones are skipped), e.g. a member's name and email.
 */
export function rankByMatch<T>(
  items: readonly T[],
  query: string,
  textsOf: (item: T) => ReadonlyArray<string | null | undefined>,
): T[] {
  if (query.trim() === '') return [...items];
  const ranked: Array<{ item: T; rank: number; index: number }> = [];
  items.forEach((item, index) => {
    let rank = Infinity;
    for (const text of textsOf(item)) {
      if (text == null) continue;
      const match = matchHangul(text, query);
      if (match) rank = Math.min(rank, matchRank(match));
    }
    if (rank !== Infinity) ranked.push({ item, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.item);
}
