import { choseongOf, jamoOf, normalizeText } from '../../../contract/hangul';
import { lexicalToPlainText } from '../../../contract/lexical';

/**
 * The derived search columns of `item` (server/db/schema.ts), computed in one place and written by every statement
 * that writes a title or a description: create (items/service.ts `createItem`, also behind GitHub imports), PATCH
 * (items/detail.ts `updateItem`) and GitHub issue edits (github-webhook/routes.ts), and by the start-up backfill.
 */

/** Most characters of a description's plain text kept for search (the rest is not searched). */
export const SEARCH_TEXT_MAX = 10_000;

export interface SearchColumns {
  searchTitle: string;
  searchChoseong: string;
  searchJamo: string;
}

/** The title's columns: lower-cased NFC title, its 초성 (1:1 with its characters) and its letters. */
export function titleSearchColumns(title: string): SearchColumns {
  return { searchTitle: normalizeText(title), searchChoseong: choseongOf(title), searchJamo: jamoOf(title) };
}

/** The description's plain text on one line: NFC, runs of whitespace (line breaks too) as one space. */
export function descriptionLine(content: string): string {
  return lexicalToPlainText(content).normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * The description's searchable text: its plain text (contract/lexical.ts, `descriptionLine`), lower-cased like
 * titles and queries (`normalizeText`, so a plain `LIKE` compares it), at most `SEARCH_TEXT_MAX` characters (never
 * half a surrogate pair).
 */
export function searchTextOf(content: string): string {
  const text = normalizeText(descriptionLine(content));
  if (text.length <= SEARCH_TEXT_MAX) return text;
  const cut = text.slice(0, SEARCH_TEXT_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * The columns to write with a change of `title` and/or `content` (absent = unchanged, so nothing derived from it is
 * written): spread into the same `insert … values` / `update … set` as the change itself.
 */
export function searchColumnsFor(change: {
  title?: string | undefined;
  content?: string | undefined;
}): Partial<SearchColumns & { searchText: string }> {
  return {
    ...(change.title !== undefined ? titleSearchColumns(change.title) : {}),
    ...(change.content !== undefined ? { searchText: searchTextOf(change.content) } : {}),
  };
}
