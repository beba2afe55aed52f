import { z } from 'zod';
import { GROUPINGS, type Grouping, cursorCarriesLabel } from '../../../contract';
import { MAX_ID } from '../../../contract/ids';
import { invalidField } from '../../http/validation';
import { groupingSql } from './groupings';

/**
 * The grouped lists' cursor (docs/product.md "Grouped lists"): opaque to clients, base64url (no padding) of the
 * JSON `{ g, k, l?, i }` — the grouping it belongs to, the `groupKey` and (for groups with looked-up labels, MANAGER /
 * GOAL; contract/groupings.ts `cursorCarriesLabel`) the label of
 * the group of the last item returned, and that item's id. The next page continues inside that group with ids
 * below `i`, then with the groups after it in group order. The label lets the position be found even if the group
 * has emptied meanwhile (its key no longer listed).
 */
export interface ListCursor {
  g: Grouping;
  k: string;
  l?: string;
  i: number;
}

const MAX_CURSOR_LENGTH = 2048;
export const CURSOR_MESSAGE = '잘못된 커서입니다. 목록을 처음부터 다시 불러와 주세요.';

const cursorSchema = z.strictObject({
  g: z.enum(GROUPINGS),
  k: z.string().min(1).max(64),
  l: z.string().max(1000).optional(),
  i: z.number().int().min(1).max(MAX_ID),
});

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

/**
 * The `nextCursor` of a page whose last row is `lastId` in `group` of `grouping`; MANAGER / GOAL groups other than
 * NONE carry their label (what `decodeCursor` requires).
 */
export function cursorAfter(
  grouping: Grouping,
  group: { key: string; label: string },
  lastId: number,
): string {
  const labelled = cursorCarriesLabel(grouping, group.key);
  return encodeCursor({ g: grouping, k: group.key, ...(labelled ? { l: group.label } : {}), i: lastId });
}

/**
 * `cursor` query value → position; absent or `-1` → null (first page). Anything that is not a cursor this server
 * issued for `grouping` (not base64url JSON of the right shape, another grouping, a key that grouping cannot
 * have, a MANAGER/GOAL key without its label) → 400 `VALID400_1` with `result.cursor`.
 */
export function decodeCursor(raw: string | undefined, grouping: Grouping): ListCursor | null {
  if (raw === undefined || raw === '-1') return null;
  const invalid = invalidField('cursor', CURSOR_MESSAGE);
  if (raw.length === 0 || raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) throw invalid;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw invalid;
  const cursor = parsed.data;
  if (cursor.g !== grouping || !groupingSql(grouping).validKey(cursor.k)) throw invalid;
  const labelled = cursorCarriesLabel(grouping, cursor.k);
  if (labelled !== (cursor.l !== undefined)) throw invalid;
  return cursor;
}
