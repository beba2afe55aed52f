/**
 * The search statement as it was before docs/performance.md "Search" (issue #22): each tier sorted `order by id desc`
 * (NULLS FIRST, which `item_workspace_id_idx` — `id DESC NULLS LAST` — cannot give) and the trigram tiers reading
 * and sorting every match. Kept in bench/ only, for `bench/search.ts --compare`; a copy of
 * server/modules/search/service.ts `searchStatement` at commit 310ee7f.
 */
import { type SQL, sql } from 'drizzle-orm';
import { choseongQueryOf, isChoseongQuery, jamoOf } from '../contract/hangul';
import { type SearchInput, nameQueryOf } from '../server/modules/search/service';

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
const SHORT_WINDOW = 2;
const JAMO_INDEXED = 8;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7a3\ud7b0-\ud7ff]/;
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The statement `searchItems` ran before (`input.q` normalized). */
export function searchStatementBefore(workspaceId: number, workspaceName: string, input: SearchInput): SQL {
  const { q } = input;
  const nameQuery = nameQueryOf(q, workspaceName);
  const contains = `%${likeLiteral(q)}%`;
  const n = input.limit;

  const scope = sql.join(
    [
      sql`workspace_id = ${workspaceId}`,
      ...(input.teamId !== null ? [sql`team_id = ${input.teamId}`] : []),
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
  // Newest first, at most `n`. A `pattern` of 3+ characters has trigrams: its matches are read from the trigram
  // index and sorted (`offset 0` keeps PostgreSQL from walking the workspace's items newest first instead, which it
  // picks whenever it overestimates the matches — and which reads every item when they are few; bench/search.ts
  // measured both). Shorter patterns have no trigrams and keep the walk, which stops at the `n`-th match.
  const tier = (rank: number, condition: SQL, pattern: string | null = null) =>
    pattern !== null && Array.from(pattern).length >= 3
      ? sql`(select id, ${sql.raw(String(rank))} as rank from (select id from item where ${scope} and (${condition}) offset 0) m order by id desc limit ${n})`
      : sql`(select id, ${sql.raw(String(rank))} as rank from item where ${scope} and (${condition}) order by id desc limit ${n})`;

  // Matches of `pattern` in `column` at the title's start at `startRank`, the others at `anyRank` (`anywhere` is
  // the condition finding them all), sorted by rank, then newest first, at most `n`: the newest `n` of the first
  // rank, then of the second, which is all the final order can use. With trigrams (3+ characters) the matches are
  // read from the index, all of them. Shorter patterns (one or two consonants, one syllable's letters) have no
  // trigrams and match a large share of the titles: a walk newest first takes the newest `n × SHORT_WINDOW`
  // matches and ranks those, so a title that starts with the match outranks newer ones within that window
  // (bench/search.ts: `ㄱㅅ`; a separate walk for the start reads every item when such titles are few).
  const startFirst = (
    startRank: number,
    anyRank: number,
    column: 'search_choseong' | 'search_jamo',
    anywhere: SQL,
    pattern: string,
  ) => {
    const atStart = sql`${sql.raw(column)} like ${`${likeLiteral(pattern)}%`}`;
    const rank = sql`case when ${atStart} then ${sql.raw(String(startRank))} else ${sql.raw(String(anyRank))} end`;
    const matches =
      Array.from(pattern).length >= 3
        ? sql`select id, ${rank} as rank from (select id, ${sql.raw(column)} from item where ${scope} and (${anywhere}) offset 0) m`
        : sql`select id, ${rank} as rank from item where ${scope} and (${anywhere}) order by id desc limit ${n * SHORT_WINDOW}`;
    return sql`(select id, rank from (${matches}) r order by rank, id desc limit ${n})`;
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
  const tiers = [
    tier(RANK.exact, sql.join(exact, sql` or `)),
    tier(RANK.prefix, sql.join(prefix, sql` or `)),
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
        ? tier(RANK.substring, sql`${lettersCondition} and search_title like ${contains}`)
        : tier(RANK.substring, sql`search_title like ${contains}`, q),
    );
    // A query without Hangul is its own letters, found by the title tiers already.
    if (hangul) {
      tiers.push(startFirst(RANK.jamoPrefix, RANK.jamo, 'search_jamo', lettersCondition, letters));
    }
    // Descriptions only for queries with trigrams (3+ characters): shorter ones would be read from every
    // description of the workspace when they are rare, and match nearly everything when they are not.
    if (length >= 3) tiers.push(tier(RANK.content, sql`search_text like ${contains}`, q));
  }

  return sql`
    with hits as (${sql.join(tiers, sql` union all `)}),
    best as (select id, min(rank) as rank from hits group by id)
    select i.id, i.kind, i.team_id as "teamId", t.name as "teamName", i.name, i.title, i.state, i.priority,
      best.rank, case when best.rank = ${RANK_CONTENT} then i.content end as content
    from best
    join item i on i.id = best.id
    join team t on t.id = i.team_id
    order by best.rank, i.id desc
    limit ${n}
  `;
}
