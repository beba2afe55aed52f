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
  updateExternalRequestSchema,
  updateExternalResponseSchema,
  updateGoalRequestSchema,
  updateGoalResponseSchema,
  updateIssueRequestSchema,
  updateIssueResponseSchema,
} from '../../../contract';
import { KIND_FACTS, type KindCategory, type KindFacts } from '../../../contract/kinds';

/**
 * The server's view of the three item kinds (docs/product.md "Items"; one generic model parameterized by kind,
 * docs/architecture.md "Decisions and deviations"): each row is the kind's row of `KIND_FACTS` (contract/kinds.ts —
 * segment, label, prefix, id keys, name and simple paths, category, id parameter) plus what only the server knows —
 * its zod schemas, response codes, groupings and detail path. Everything else in this module — storage, validation,
 * lists, routes — is shared.
 */
export interface KindSpec extends KindFacts {
  /** Groupings the list offers (`GROUPINGS_BY_KIND`). */
  groupings: readonly Grouping[];
  /**
   * Detail path: goals and issues `/api/goals/:goalId`, `/api/issues/:issueId` (team from the item); externals
   * `/api/teams/:teamId/externals/:extId` (team-scoped, like the spec's client calls).
   */
  detailPath: string;
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
    ...KIND_FACTS.goal,
    groupings: GROUPINGS_BY_KIND.goal,
    detailPath: '/api/goals/:goalId',
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
    ...KIND_FACTS.issue,
    groupings: GROUPINGS_BY_KIND.issue,
    detailPath: '/api/issues/:issueId',
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
    ...KIND_FACTS.external,
    groupings: GROUPINGS_BY_KIND.external,
    detailPath: '/api/teams/:teamId/externals/:extId',
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

export const KIND_BY_CATEGORY: Record<KindCategory, KindSpec> = Object.fromEntries(
  KINDS.map((k) => [k.category, k]),
) as Record<KindCategory, KindSpec>;
