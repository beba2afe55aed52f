/**
 * The one table of item-kind facts (issue #24; docs/architecture.md "Decisions and deviations": goals, issues and
 * external issues are one generic model parameterized by kind). Zod-free, so the client imports it; the server's
 * `KINDS` (server/modules/items/kinds.ts) extends each row with its zod schemas and response codes.
 *
 * Every per-kind map in `src/` and `server/` is a lookup into `KIND_FACTS` (or one of the derived lookups below);
 * a fourth kind is one more row here plus its schemas and codes.
 */
import type { ItemKind } from './itemEnums';
import { ITEM_KINDS } from './itemEnums';

/** The comment and alarm category of a kind (`/api/comments?category=`, `AlarmType`). */
export type KindCategory = 'GOAL' | 'ISSUE' | 'EXTERNAL';

export interface KindFacts {
  kind: ItemKind;
  /** API path segment under `/api/teams/{teamId}/` (spec §7): `goals`, `issues`, `externals`. */
  segment: 'goals' | 'issues' | 'externals';
  /** SPA URL segment (`/workspace/team/{teamId}/goal|issue|ext`): the only place the external kind is `ext`. */
  routeSegment: 'goal' | 'issue' | 'ext';
  /** The id parameter of the detail and update routes, client and server (`…/ext/:extId`). */
  idParam: 'goalId' | 'issueId' | 'extId';
  /** Comment and alarm category. */
  category: KindCategory;
  /** RTK Query tag type of the kind's lists and details. */
  tag: 'Goal' | 'Issue' | 'External';
  /** Key of the created id in the create result (`{ goalId }` …). */
  idKey: 'goalId' | 'issueId' | 'externalId';
  /** Key of the id list in the delete body (`{ goalIds }` …). */
  idsKey: 'goalIds' | 'issueIds' | 'externalIds';
  /** Korean noun (each ends in a vowel, so it takes 가 / 를 / 는). */
  label: '목표' | '이슈' | '외부 이슈';
  /** Name prefix: `<workspaceName>-<prefix><n>`. */
  prefix: 'g' | 'i' | 'e';
  /** Path under `/api/teams/{teamId}/` of the next-name preview. */
  namePath: 'goal-name' | 'issue-name' | 'externals/external-name';
  /** Path under `/api/teams/{teamId}/` of the `{ cnt, info }` simple list (picker), if the kind has one. */
  simplePath: 'goals-simple' | 'issues-simple' | null;
}

/** The table, in the product's order (goal, issue, external). */
export const KIND_FACTS = {
  goal: {
    kind: 'goal',
    segment: 'goals',
    routeSegment: 'goal',
    idParam: 'goalId',
    category: 'GOAL',
    tag: 'Goal',
    idKey: 'goalId',
    idsKey: 'goalIds',
    label: '목표',
    prefix: 'g',
    namePath: 'goal-name',
    simplePath: 'goals-simple',
  },
  issue: {
    kind: 'issue',
    segment: 'issues',
    routeSegment: 'issue',
    idParam: 'issueId',
    category: 'ISSUE',
    tag: 'Issue',
    idKey: 'issueId',
    idsKey: 'issueIds',
    label: '이슈',
    prefix: 'i',
    namePath: 'issue-name',
    simplePath: 'issues-simple',
  },
  external: {
    kind: 'external',
    segment: 'externals',
    routeSegment: 'ext',
    idParam: 'extId',
    category: 'EXTERNAL',
    tag: 'External',
    idKey: 'externalId',
    idsKey: 'externalIds',
    label: '외부 이슈',
    prefix: 'e',
    namePath: 'externals/external-name',
    simplePath: null,
  },
} as const satisfies { [K in ItemKind]: KindFacts & { kind: K } };

export type KindFactsOf<K extends ItemKind> = (typeof KIND_FACTS)[K];

/** The facts of `kind`. */
export function kindFacts<K extends ItemKind>(kind: K): KindFactsOf<K> {
  return KIND_FACTS[kind];
}

/** Every kind's facts, in the product's order. */
export const ALL_KIND_FACTS: readonly KindFacts[] = /*#__PURE__*/ ITEM_KINDS.map((kind) => KIND_FACTS[kind]);

/** The kind of a comment / alarm category (`GOAL` → `goal`). */
export function kindOfCategory(category: KindCategory): ItemKind {
  return ALL_KIND_FACTS.find((facts) => facts.category === category)!.kind;
}

/** The kind of an SPA URL segment (`goal`, `issue`, `ext`), else null. */
export function kindOfRouteSegment(segment: string | undefined): ItemKind | null {
  return ALL_KIND_FACTS.find((facts) => facts.routeSegment === segment)?.kind ?? null;
}

/** The kind of an API path segment (`goals`, `issues`, `externals`), else null. */
export function kindOfSegment(segment: string | undefined): ItemKind | null {
  return ALL_KIND_FACTS.find((facts) => facts.segment === segment)?.kind ?? null;
}

/**
 * One fact of every kind as a record keyed by kind (`kindFactMap('segment')` → `{ goal: 'goals', issue: 'issues',
 * external: 'externals' }`), with each kind's literal type. For modules that hand a per-kind record to callers
 * (`ITEM_TAGS`, `COMMENT_CATEGORY`); code that needs one kind's fact reads `KIND_FACTS[kind].field` directly.
 */
export function kindFactMap<F extends keyof KindFacts>(
  field: F,
): { readonly [K in ItemKind]: KindFactsOf<K>[F] } {
  return Object.fromEntries(ITEM_KINDS.map((kind) => [kind, KIND_FACTS[kind][field]])) as {
    readonly [K in ItemKind]: KindFactsOf<K>[F];
  };
}

/** The kind of each comment / alarm category (`{ GOAL: 'goal', ISSUE: 'issue', EXTERNAL: 'external' }`). */
export const KIND_OF_CATEGORY: Readonly<Record<KindCategory, ItemKind>> = /*#__PURE__*/ Object.fromEntries(
  /*#__PURE__*/ ALL_KIND_FACTS.map((facts) => [facts.category, facts.kind]),
) as Record<KindCategory, ItemKind>;
