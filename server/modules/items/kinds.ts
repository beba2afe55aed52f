import type { z } from 'zod';
import {
  type Code,
  GROUPINGS_BY_KIND,
  type Grouping,
  type ItemKind,
  createExternalRequestSchema,
  createExternalResponseSchema,
  createGoalRequestSchema,
  createGoalResponseSchema,
  createIssueRequestSchema,
  createIssueResponseSchema,
  deleteExternalsRequestSchema,
  deleteGoalsRequestSchema,
  deleteIssuesRequestSchema,
} from '../../../contract';

/**
 * The one table that tells the three item kinds apart (api-contract.md "Items"; DEVELOPERS.md: one generic model
 * parameterized by kind). Everything else in this module — storage, validation, lists, routes — is shared.
 */
export interface KindSpec {
  kind: ItemKind;
  /** Path segment under `/api/teams/{teamId}/`. */
  segment: 'goals' | 'issues' | 'externals';
  /** Korean noun for messages (each ends in a vowel, so it takes 가 / 를 / 는). */
  label: string;
  /** Name prefix: `<workspaceName>-<prefix><n>`. */
  prefix: 'g' | 'i' | 'e';
  /** Key of the created id in the create result (`{ goalId }` …). */
  idKey: 'goalId' | 'issueId' | 'externalId';
  /** Key of the id list in the delete body (`{ goalIds }` …). */
  idsKey: 'goalIds' | 'issueIds' | 'externalIds';
  /** Path (under the team) of the next-name preview. */
  namePath: string;
  /** Path (under the team) of the `{ cnt, info }` simple list, if the kind has one. */
  simplePath: string | null;
  /** Groupings the list offers (`GROUPINGS_BY_KIND`). */
  groupings: readonly Grouping[];
  codes: { list: Code; created: Code; deleted: Code; simple: Code | null; name: Code };
  createBody:
    typeof createGoalRequestSchema | typeof createIssueRequestSchema | typeof createExternalRequestSchema;
  createResponse:
    typeof createGoalResponseSchema | typeof createIssueResponseSchema | typeof createExternalResponseSchema;
  deleteBody:
    typeof deleteGoalsRequestSchema | typeof deleteIssuesRequestSchema | typeof deleteExternalsRequestSchema;
}

export const KINDS: readonly KindSpec[] = [
  {
    kind: 'goal',
    segment: 'goals',
    label: '목표',
    prefix: 'g',
    idKey: 'goalId',
    idsKey: 'goalIds',
    namePath: 'goal-name',
    simplePath: 'goals-simple',
    groupings: GROUPINGS_BY_KIND.goal,
    codes: {
      list: 'GOAL200_0',
      created: 'GOAL201_0',
      deleted: 'GOAL200_2',
      simple: 'GOAL200_3',
      name: 'GOAL200_4',
    },
    createBody: createGoalRequestSchema,
    createResponse: createGoalResponseSchema,
    deleteBody: deleteGoalsRequestSchema,
  },
  {
    kind: 'issue',
    segment: 'issues',
    label: '이슈',
    prefix: 'i',
    idKey: 'issueId',
    idsKey: 'issueIds',
    namePath: 'issue-name',
    simplePath: 'issues-simple',
    groupings: GROUPINGS_BY_KIND.issue,
    codes: {
      list: 'ISSUE200_0',
      created: 'ISSUE201_0',
      deleted: 'ISSUE200_2',
      simple: 'ISSUE200_3',
      name: 'ISSUE200_4',
    },
    createBody: createIssueRequestSchema,
    createResponse: createIssueResponseSchema,
    deleteBody: deleteIssuesRequestSchema,
  },
  {
    kind: 'external',
    segment: 'externals',
    label: '외부 이슈',
    prefix: 'e',
    idKey: 'externalId',
    idsKey: 'externalIds',
    namePath: 'externals/external-name',
    simplePath: null,
    groupings: GROUPINGS_BY_KIND.external,
    codes: {
      list: 'EXTERNAL200_0',
      created: 'EXTERNAL201_0',
      deleted: 'EXTERNAL200_2',
      simple: null,
      name: 'EXTERNAL200_4',
    },
    createBody: createExternalRequestSchema,
    createResponse: createExternalResponseSchema,
    deleteBody: deleteExternalsRequestSchema,
  },
];

export const KIND_BY_NAME: Record<ItemKind, KindSpec> = Object.fromEntries(
  KINDS.map((k) => [k.kind, k]),
) as Record<ItemKind, KindSpec>;

/** Any parsed create body (zod output of one of the three create schemas). */
export type CreateBody =
  | z.output<typeof createGoalRequestSchema>
  | z.output<typeof createIssueRequestSchema>
  | z.output<typeof createExternalRequestSchema>;

/** Largest `integer` id; larger numbers in a body can never match a row (compared in memory, never sent to SQL). */
export const MAX_ID = 2_147_483_647;
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
