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
  type CommentCategory,
  updateExternalRequestSchema,
  updateExternalResponseSchema,
  updateGoalRequestSchema,
  updateGoalResponseSchema,
  updateIssueRequestSchema,
  updateIssueResponseSchema,
} from '../../../contract';

/**
 * The one table that tells the three item kinds apart (docs/product.md "Items"; one generic model parameterized by
 * kind, docs/architecture.md "Decisions and deviations"). Everything else in this module — storage, validation,
 * lists, routes — is shared.
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
  /** Comment category of the kind (`GOAL` | `ISSUE` | `EXTERNAL`). */
  category: CommentCategory;
  /**
   * Detail path: goals and issues `/api/goals/:goalId`, `/api/issues/:issueId` (team from the item); externals
   * `/api/teams/:teamId/externals/:extId` (team-scoped, like the spec's client calls).
   */
  detailPath: string;
  /** The id parameter of the detail and update paths. */
  idParam: 'goalId' | 'issueId' | 'extId';
  codes: {
    list: Code;
    created: Code;
    deleted: Code;
    simple: Code | null;
    name: Code;
    detail: Code;
    updated: Code;
    notFound: Code;
  };
  createBody:
    typeof createGoalRequestSchema | typeof createIssueRequestSchema | typeof createExternalRequestSchema;
  createResponse:
    typeof createGoalResponseSchema | typeof createIssueResponseSchema | typeof createExternalResponseSchema;
  deleteBody:
    typeof deleteGoalsRequestSchema | typeof deleteIssuesRequestSchema | typeof deleteExternalsRequestSchema;
  updateBody:
    typeof updateGoalRequestSchema | typeof updateIssueRequestSchema | typeof updateExternalRequestSchema;
  /** PATCH result `{ goalId | issueId | externalId }` (externals: without the create's `sync`). */
  updateResponse:
    typeof updateGoalResponseSchema | typeof updateIssueResponseSchema | typeof updateExternalResponseSchema;
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
    category: 'GOAL',
    detailPath: '/api/goals/:goalId',
    idParam: 'goalId',
    codes: {
      list: 'GOAL200_0',
      created: 'GOAL201_0',
      deleted: 'GOAL200_2',
      simple: 'GOAL200_3',
      name: 'GOAL200_4',
      detail: 'GOAL200_5',
      updated: 'GOAL200_1',
      notFound: 'GOAL404_0',
    },
    createBody: createGoalRequestSchema,
    createResponse: createGoalResponseSchema,
    deleteBody: deleteGoalsRequestSchema,
    updateBody: updateGoalRequestSchema,
    updateResponse: updateGoalResponseSchema,
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
    category: 'ISSUE',
    detailPath: '/api/issues/:issueId',
    idParam: 'issueId',
    codes: {
      list: 'ISSUE200_0',
      created: 'ISSUE201_0',
      deleted: 'ISSUE200_2',
      simple: 'ISSUE200_3',
      name: 'ISSUE200_4',
      detail: 'ISSUE200_5',
      updated: 'ISSUE200_1',
      notFound: 'ISSUE404_0',
    },
    createBody: createIssueRequestSchema,
    createResponse: createIssueResponseSchema,
    deleteBody: deleteIssuesRequestSchema,
    updateBody: updateIssueRequestSchema,
    updateResponse: updateIssueResponseSchema,
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
    category: 'EXTERNAL',
    detailPath: '/api/teams/:teamId/externals/:extId',
    idParam: 'extId',
    codes: {
      list: 'EXTERNAL200_0',
      created: 'EXTERNAL201_0',
      deleted: 'EXTERNAL200_2',
      simple: null,
      name: 'EXTERNAL200_4',
      detail: 'EXTERNAL200_3',
      updated: 'EXTERNAL200_1',
      notFound: 'EXTERNAL404_0',
    },
    createBody: createExternalRequestSchema,
    createResponse: createExternalResponseSchema,
    deleteBody: deleteExternalsRequestSchema,
    updateBody: updateExternalRequestSchema,
    updateResponse: updateExternalResponseSchema,
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

/** Any parsed update body (zod output of one of the three update schemas). */
export type UpdateBody =
  | z.output<typeof updateGoalRequestSchema>
  | z.output<typeof updateIssueRequestSchema>
  | z.output<typeof updateExternalRequestSchema>;

export const KIND_BY_CATEGORY: Record<CommentCategory, KindSpec> = Object.fromEntries(
  KINDS.map((k) => [k.category, k]),
) as Record<CommentCategory, KindSpec>;
