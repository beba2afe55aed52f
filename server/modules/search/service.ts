import { performance } from 'node:perf_hooks';
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import type { ItemKind, Priority, SearchHit, SearchMatch, SearchResult, State } from '../../../contract';
import {
  choseongQueryOf,
  isChoseongQuery,
  jamoOf,
  matchHangul,
  normalizeText,
} from '../../../contract/hangul';
import type { Db } from '../../db';
import { member, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { hiddenTeamIds, resolveTeamScope } from '../../http/team-scope';
import { descriptionLine } from './derive';

/**
 * Workspace search (docs/product.md "Search"; contract/search.ts). PostgreSQL does the matching, on the derived
 * columns of derive.ts and their trigram indexes; JavaScript only computes the highlight ranges and snippets of the
 * returned rows, with the same matcher the client uses (contract/hangul.ts `matchHangul`).
 */

export interface SearchInput {
  /** Trimmed, 1–50 characters. */
  q: string;
  kinds: readonly ItemKind[];
  teamId: number | null;
  limit: number;
}

/**
 * The tiers of the ranking, best first; an item counts at its best tier, ties newest first. A title that starts
 * with the match ranks above one that has it in the middle, whatever their age (the order of contract/hangul.ts
 * `matchRank`, which the client's own filters use):
 * 0 exact name or exact title; 1 name prefix or title prefix; 2 title 초성 prefix (queries of initial consonants
 * only); 3 title letters prefix (a half-composed last syllable: 로그이 at the start of 로그인); 4 title substring;
 * 5 title 초성 elsewhere; 6 title letters elsewhere; 7 description substring.
 */
const RANK = {
  exact: 0,
  prefix: 1,
  choseongPrefix: 2,
  jamoPrefix: 3,
  substring: 4,
  choseong: 5,
  jamo: 6,
  content: 7,
} as const;
const RANK_CONTENT = RANK.content;

/**
 * Short 초성 / letter patterns (1–2 characters, no trigrams) rank titles starting with the match first among this
 * many times `limit` newest matches (a bounded walk; bench/search.ts measured a wider window several times slower).
 */
const SHORT_WINDOW = 2;

/**
 * Items of the scope a tier with an index reads newest first, per hit asked for, before it asks the index for older
 * matches (see `bounded` in `searchStatement`; bench/search.ts measured the trade-off).
 */
const WINDOW_PER_HIT = 100;

/**
 * Letters of a query's decomposition the jamo trigram index is asked for (see `searchStatement`). 8 read fewer
 * posting lists but let a phrase's first two syllables match ~2,800 rows of every workspace, each rechecked on
 * the heap: `성능 개선` took 39 ms (p50) on PGlite, 21 ms with 16 (docs/performance.md "Search", quiet re-run).
 */
const JAMO_INDEXED = 16;

/** Characters of description shown around a content hit. */
const SNIPPET_LENGTH = 60;
/** Of which before the hit, when there is that much. */
const SNIPPET_LEAD = 20;

/** Hangul syllables and letters (compatibility and conjoining jamo). */
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7a3\ud7b0-\ud7ff]/;

/** `text` as a LIKE pattern matching itself (backslash is PostgreSQL's default LIKE escape). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The caller's workspace and its name (the prefix of item names), or the team's when `teamId` is given. */
async function searchScope(db: Db, memberId: number, teamId: number | null) {
  if (teamId !== null) {
    const scope = await resolveTeamScope(db, memberId, teamId);
    return { workspaceId: scope.workspaceId, workspaceName: scope.workspaceName };
  }
  const [row] = await db
    .select({ workspaceId: member.workspaceId, workspaceName: workspace.name })
    .from(member)
    .leftJoin(workspace, eq(workspace.id, member.workspaceId))
    .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)))
    .limit(1);
  if (!row) throw new ApiError('JWT401_1');
  if (row.workspaceId === null || row.workspaceName === null) throw new ApiError('WORKSPACE404_0');
  return { workspaceId: row.workspaceId, workspaceName: row.workspaceName };
}

/**
 * The generated name `q` asks for, lower-cased: `q` itself when it starts with the workspace's prefix
 * (`acme-i1…`), the prefix plus `q` for the short form (`i12`), else null — a bare workspace name is no name query,
 * since every item's name starts with it.
 */
export function nameQueryOf(q: string, workspaceName: string): string | null {
  const prefix = `${normalizeText(workspaceName)}-`;
  if (q.startsWith(prefix)) return q;
  return /^[gie][0-9]+$/.test(q) ? prefix + q : null;
}

interface Row {
  id: number;
  kind: ItemKind;
  teamId: number;
  teamName: string;
  name: string;
  title: string;
  state: State;
  priority: Priority;
  rank: number;
  /** Only for description hits. */
  content: string | null;
}

/**
 * The hits of `input` in the caller's workspace (only `teamId`'s items when given: 404 `TEAM404_0` unless a team of
 * that workspace). One statement (docs/performance.md "Search"): a sub-query per tier, each limited to `limit` rows
 * newest first — found among the workspace's newest `limit × WINDOW_PER_HIT` items (read newest first from
 * `item_workspace_id_idx`) when they hold that many, else read from the tier's trigram or prefix index and sorted;
 * patterns without trigrams and no index walk the workspace's items newest first until they have `limit` — then
 * each item at its best tier, the first `limit` by tier and newest first. Taking `limit` per tier loses nothing: an
 * item among the first `limit` overall is among the first `limit` of its best tier (for 초성 and letter patterns of
 * 1–2 characters, among the newest `limit × SHORT_WINDOW` matches: see `startFirst`).
 */
export async function searchItems(db: Db, memberId: number, input: SearchInput): Promise<SearchResult> {
  const started = performance.now();
  const { workspaceId, workspaceName } = await searchScope(db, memberId, input.teamId);
  const q = normalizeText(input.q);
  // issue #23 (teams): private teams the caller is not in never give hits (none: no extra condition).
  const hidden = input.teamId === null ? await hiddenTeamIds(db, memberId, workspaceId) : [];
  const result = await db.execute(searchStatement(workspaceId, workspaceName, { ...input, q }, hidden));
  const rows = (result as unknown as { rows: Row[] }).rows;
  const items = rows.map((row) => toHit(row, q));
  return { items, tookMs: Math.round((performance.now() - started) * 10) / 10 };
}

/**
 * The statement of `searchItems` for workspace `workspaceId` (`input.q` normalized); exported for query plans.
 * `hiddenTeams`: private teams the caller is not in (issue #23) — their items are left out (`team_id not in …`, a
 * filter on rows the indexes already found, so the plans stay the same).
 */
export function searchStatement(
  workspaceId: number,
  workspaceName: string,
  input: SearchInput,
  hiddenTeams: readonly number[] = [],
): SQL {
  const { q } = input;
  const nameQuery = nameQueryOf(q, workspaceName);
  const contains = `%${likeLiteral(q)}%`;
  const n = input.limit;

  const scope = sql.join(
    [
      sql`workspace_id = ${workspaceId}`,
      ...(input.teamId !== null ? [sql`team_id = ${input.teamId}`] : []),
      ...(hiddenTeams.length > 0
        ? [
            sql`team_id + 0 not in (${sql.join(
              hiddenTeams.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ]
        : []),
      ...(input.kinds.length < 3
        ? [
            sql`kind in (${sql.join(
              input.kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
  // The same, in a form no B-tree answers (see `bounded`).
  const unindexedScope = sql.join(
    [
      sql`workspace_id + 0 = ${workspaceId}`,
      ...(input.teamId !== null ? [sql`team_id + 0 = ${input.teamId}`] : []),
      ...(hiddenTeams.length > 0
        ? [
            sql`team_id + 0 not in (${sql.join(
              hiddenTeams.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ]
        : []),
      ...(input.kinds.length < 3
        ? [
            sql`kind || '' in (${sql.join(
              input.kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})`,
          ]
        : []),
    ],
    sql` and `,
  );
  // Newest first, at most `n`, a few matches whatever the pattern: read from an index and sorted. For exact
  // matches (few); `offset 0` keeps PostgreSQL from walking the workspace's items newest first instead, which it
  // picks whenever it overestimates the matches — and which reads every item when they are few.
  const few = (rank: number, condition: SQL) =>
    sql`(select id, ${sql.raw(String(rank))} as rank from (select id from item where ${scope} and (${condition}) offset 0) m order by id desc nulls last limit ${n})`;
  // Newest first, at most `n`, for conditions that an index answers but that may match a large share of the items
  // (a common word, a short prefix). First the scope's newest `window` items (`recent`: read newest first from
  // `item_workspace_id_idx`, `id DESC NULLS LAST`, once for all tiers, and only as far as a tier asks): a tier takes
  // its first `n` matches there (`near`; a CTE scan returns the rows in the order the CTE produced them, newest
  // first, and stops reading at the `n`-th). Only when the window holds fewer than `n` matches — a rare pattern, so
  // few matches in all — are the matches read from the condition's own index (a trigram or prefix index) and the
  // newest `n` of them sorted out (`offset 0`, as in `few`; for trigram indexes the scope compared as `+ 0`, so
  // PostgreSQL does not intersect the index with every item of the workspace; `byPrefix`: the prefix B-trees, which
  // start with the workspace). `recent` holds up to `window + 1` items (`recent_full`: whether it has all of them,
  // counted once for every tier): one holding no more than `window` is the
  // whole scope, so its matches are all there are and no index is asked (a workspace of up to `window` items never
  // reads a trigram index, whose posting lists hold every workspace's items). A common pattern thus costs the rows
  // up to its `n`-th
  // match, a rare one the window and its few matches, however large the workspace; the result is the same as
  // sorting every match (when the window holds `n` matches, they are the newest `n`).
  const window = n * WINDOW_PER_HIT;
  const recentColumns = new Set<string>();
  const bounded = (rank: number, condition: SQL, columns: string[], byPrefix = false) => {
    for (const column of columns) recentColumns.add(column);
    return sql`(with near as (select id from recent where ${condition} limit ${n})
      select id, ${sql.raw(String(rank))} as rank from near
      union all
      (select id, ${sql.raw(String(rank))} as rank from (select id from item where ${byPrefix ? scope : unindexedScope} and (${condition})
          and (select count(*) from near) < ${n} and (select is_full from recent_full) offset 0) m
        order by id desc nulls last limit ${n}))`;
  };
  // Without trigrams (a pattern of one or two characters that no index answers): the scope's items newest first,
  // until the `n`-th match.
  const walk = (rank: number, condition: SQL) =>
    sql`(select id, ${sql.raw(String(rank))} as rank from item where ${scope} and (${condition}) order by id desc nulls last limit ${n})`;

  // Matches of `pattern` in `column` at the title's start at `startRank`, the others at `anyRank` (`anywhere` is
  // the condition finding them all). With trigrams (3+ characters): the newest `n` of each (`bounded`); an item
  // found by both counts at its start rank, so the final order has the newest `n` titles starting with the match,
  // then the newest others — exactly the first `n` by rank. Shorter patterns (one or two consonants, one
  // syllable's letters) have no trigrams and match a large share of the titles: a walk newest first takes the
  // newest `n × SHORT_WINDOW` matches and ranks those, so a title that starts with the match outranks newer ones
  // within that window (bench/search.ts: `ㄱㅅ`; a separate walk for the start reads every item when such titles
  // are few).
  const startFirst = (
    startRank: number,
    anyRank: number,
    column: 'search_choseong' | 'search_jamo',
    anywhere: SQL,
    pattern: string,
  ) => {
    const atStart = sql`${sql.raw(column)} like ${`${likeLiteral(pattern)}%`}`;
    const rank = sql`case when ${atStart} then ${sql.raw(String(startRank))} else ${sql.raw(String(anyRank))} end`;
    if (Array.from(pattern).length >= 3) {
      // Both ranks from the window (`bounded`'s first half each); when it holds fewer than `n` title starts (and
      // so possibly fewer than `n` matches anywhere), ONE read of the index for every match, ranked and the first
      // `n` sorted out — not one read per rank: the letter and 초성 trigram lists are long, and reading them twice
      // cost a rare phrase 25 ms more on PGlite (bench/search.ts, 성능 개선).
      recentColumns.add(column);
      return sql`(with near_start as (select id from recent where ${atStart} limit ${n}),
        near_any as (select id from recent where ${anywhere} limit ${n})
        select id, ${sql.raw(String(startRank))} as rank from near_start
        union all
        select id, ${sql.raw(String(anyRank))} as rank from near_any
        union all
        (select id, rank from (select id, ${rank} as rank from item where ${unindexedScope} and (${anywhere})
            and (select count(*) from near_start) < ${n} and (select is_full from recent_full) offset 0) m
          order by rank, id desc nulls last limit ${n}))`;
    }
    const matches = sql`select id, ${rank} as rank from item where ${scope} and (${anywhere}) order by id desc nulls last limit ${n * SHORT_WINDOW}`;
    return sql`(select id, rank from (${matches}) r order by rank, id desc nulls last limit ${n})`;
  };

  const exact = [sql`search_title = ${q}`];
  const prefix = [sql`search_title like ${`${likeLiteral(q)}%`}`];
  if (nameQuery !== null) {
    exact.unshift(sql`lower(name) = ${nameQuery}`);
    prefix.unshift(sql`lower(name) like ${`${likeLiteral(nameQuery)}%`}`);
  }
  const choseong = isChoseongQuery(q);
  const hangul = HANGUL.test(q) && !choseong;
  const letters = jamoOf(q);
  // Letters are a small alphabet, so their trigrams are common and each one the index reads is a long list: the
  // index is asked for the first `JAMO_INDEXED` letters only, and `strpos` checks the whole on those rows.
  const lettersCondition =
    letters.length <= JAMO_INDEXED
      ? sql`search_jamo like ${`%${likeLiteral(letters)}%`}`
      : sql`search_jamo like ${`%${likeLiteral(letters.slice(0, JAMO_INDEXED))}%`} and strpos(search_jamo, ${letters}) > 0`;
  const length = Array.from(q).length;
  const nameColumns = nameQuery !== null ? ['name', 'search_title'] : ['search_title'];
  const tiers = [
    few(RANK.exact, sql.join(exact, sql` or `)),
    bounded(RANK.prefix, sql.join(prefix, sql` or `), nameColumns, true),
  ];
  if (choseong) {
    // The column has no spaces and compound consonants as their two initials (contract/hangul.ts `choseongOf`), so
    // the query is searched the same way: `ㅂㄱ ㄱㅈ`, `ㅂㄱㄱㅈ` → ㅂㄱㄱㅈ; `ㄺㅇ` → ㄹㄱㅇ. No substring tier: a title
    // holding the consonants themselves has them in its 초성 too (choseongOf keeps letters).
    const initials = choseongQueryOf(q);
    tiers.push(
      startFirst(
        RANK.choseongPrefix,
        RANK.choseong,
        'search_choseong',
        sql`search_choseong like ${`%${likeLiteral(initials)}%`}`,
        initials,
      ),
    );
  } else {
    // A title containing a Hangul query contains its letters too, 2–3 times as many: trigrams to read the index by
    // where the query itself is too short for any (`검` → `ㄱㅓㅁ`).
    tiers.push(
      hangul && length < 3
        ? bounded(RANK.substring, sql`${lettersCondition} and search_title like ${contains}`, [
            'search_title',
            'search_jamo',
          ])
        : length >= 3
          ? bounded(RANK.substring, sql`search_title like ${contains}`, ['search_title'])
          : walk(RANK.substring, sql`search_title like ${contains}`),
    );
    // A query without Hangul is its own letters, found by the title tiers already.
    if (hangul) {
      tiers.push(startFirst(RANK.jamoPrefix, RANK.jamo, 'search_jamo', lettersCondition, letters));
    }
    // Descriptions only for queries with trigrams (3+ characters): shorter ones would be read from every
    // description of the workspace when they are rare, and match nearly everything when they are not.
    if (length >= 3) tiers.push(bounded(RANK.content, sql`search_text like ${contains}`, ['search_text']));
  }

  const recent =
    recentColumns.size === 0
      ? sql``
      : sql`recent as materialized (select id, ${sql.raw([...recentColumns].join(', '))} from item where ${scope}
          order by id desc nulls last limit ${window + 1}),
        recent_full as materialized (select count(*) > ${window} as is_full from recent),`;
  return sql`
    with ${recent}
    hits as (${sql.join(tiers, sql` union all `)}),
    best as (select id, min(rank) as rank from hits group by id)
    select i.id, i.kind, i.team_id as "teamId", t.name as "teamName", i.name, i.title, i.state, i.priority,
      best.rank, case when best.rank = ${RANK_CONTENT} then i.content end as content
    from best
    join item i on i.id = best.id
    join team t on t.id = i.team_id
    order by best.rank, i.id desc nulls last
    limit ${n}
  `;
}

/** A row as a hit: how it matched, with the title's ranges (or the description's snippet). */
function toHit(row: Row, q: string): SearchHit {
  const base = {
    kind: row.kind,
    id: Number(row.id),
    teamId: Number(row.teamId),
    teamName: row.teamName,
    name: row.name,
    title: row.title,
    state: row.state,
    priority: row.priority,
  };
  const rank = Number(row.rank);
  if (rank === RANK.content) {
    return {
      ...base,
      match: 'content',
      ranges: [],
      snippet: snippetOf(descriptionLine(row.content ?? ''), q),
    };
  }
  const found = matchHangul(row.title, q);
  let match: SearchMatch;
  if (rank <= RANK.prefix) {
    // Tiers 0 and 1 are a name or a title; the title when it has the query (its characters are highlighted).
    match = found?.kind === 'substring' ? 'title' : 'name';
  } else if (rank === RANK.substring) {
    match = 'title';
  } else {
    match = rank === RANK.choseongPrefix || rank === RANK.choseong ? 'choseong' : 'jamo';
  }
  return { ...base, match, ranges: match === 'name' ? [] : (found?.ranges ?? []) };
}

/**
 * About `SNIPPET_LENGTH` characters of `text` around the first case-insensitive occurrence of `q` (from its start
 * when not found as such), `…` where cut, never splitting a surrogate pair.
 */
export function snippetOf(text: string, q: string): string {
  const at = Math.max(0, normalizeText(text).indexOf(q));
  let start = Math.max(0, Math.min(at - SNIPPET_LEAD, text.length - SNIPPET_LENGTH));
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? '')) start += 1;
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? '')) end -= 1;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
