import { sql } from 'drizzle-orm';
import type { Db } from '../../db';
import { choseongOf } from '../../../contract/hangul';
import { searchTextOf, titleSearchColumns } from './derive';

/** Rows derived per statement. */
const BATCH = 500;

interface PendingRow {
  id: number;
  title: string;
  content: string;
}

/**
 * Fills the derived search columns (derive.ts) of items that have none yet — rows written before the columns
 * existed (drizzle/0010_search.sql adds them empty) or inserted around the app (seed and benchmark scripts) — in
 * batches of `BATCH`, in id order, one UPDATE a batch. Run at start-up before the app answers; with nothing to fill
 * it is one query. Idempotent, and safe next to writers: each column keeps a value a concurrent write stored
 * (`coalesce`), which is always the newer one, since every write of a title or description derives its columns in
 * the same statement. Then re-derives the 초성 column where it was written before it dropped spaces and split
 * compound consonants (`rederiveChoseong`). Returns how many rows it filled or re-derived.
 */
export async function backfillSearchColumns(db: Db): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const result = await db.execute(sql`
      select id, title, content from item
      where id > ${after}
        and (search_title is null or search_choseong is null or search_jamo is null or search_text is null)
      order by id
      limit ${BATCH}
    `);
    const batch = (result as unknown as { rows: PendingRow[] }).rows;
    if (batch.length === 0) return filled + (await rederiveChoseong(db));
    const values = batch.map((row) => {
      const title = titleSearchColumns(row.title);
      return {
        id: row.id,
        t: title.searchTitle,
        c: title.searchChoseong,
        j: title.searchJamo,
        x: searchTextOf(row.content),
      };
    });
    await db.execute(sql`
      update item set
        search_title = coalesce(item.search_title, v.t),
        search_choseong = coalesce(item.search_choseong, v.c),
        search_jamo = coalesce(item.search_jamo, v.j),
        search_text = coalesce(item.search_text, v.x)
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, t text, c text, j text, x text)
      where item.id = v.id
    `);
    filled += batch.length;
    after = batch[batch.length - 1]!.id;
  }
}

/**
 * `search_choseong` values written by an earlier version — with the title's spaces (`ㅂㄱ ㄱㅈ`) or a compound
 * consonant as one letter (`ㄺ`) — derived again as contract/hangul.ts `choseongOf` does now (`ㅂㄱㄱㅈ`, `ㄹㄱ`),
 * so 초성 queries without spaces find them. In batches of `BATCH`, in id order; a row whose title changed since it
 * was read is left to the writer that changed it (which derived its columns). With nothing to do it is one query;
 * a value derived now never matches again (only ASCII whitespace is looked for, which `choseongOf` always drops).
 * Returns how many rows it re-derived.
 */
export async function rederiveChoseong(db: Db): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const result = await db.execute(sql`
      select id, title from item
      where id > ${after} and search_choseong ~ ${'[ \t\n\r\f\v\u3133\u3135\u3136\u313a-\u3140\u3144]'}
      order by id
      limit ${BATCH}
    `);
    const batch = (result as unknown as { rows: Array<{ id: number; title: string }> }).rows;
    if (batch.length === 0) return done;
    const values = batch.map((row) => ({ id: row.id, title: row.title, c: choseongOf(row.title) }));
    await db.execute(sql`
      update item set search_choseong = v.c
      from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, title text, c text)
      where item.id = v.id and item.title = v.title
    `);
    done += batch.length;
    after = batch[batch.length - 1]!.id;
  }
}
