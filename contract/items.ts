import { z } from 'zod';
import { DATE_RANGE_MESSAGE, inDateRange } from './dates';
import { envelopeSchema } from './envelope';
import { idListSchema, idParamSchema } from './ids';
import { externalSyncSchema } from './integrations';
import {
  EXT_SERVICE_TYPES,
  GROUPINGS,
  ITEM_CONTENT_MAX_BYTES,
  ITEM_TITLE_MAX,
  LIST_PAGE_SIZE,
  PRIORITIES,
  STATES,
} from './itemEnums';

export * from './itemEnums';
export { DATE_MAX, DATE_MIN, DATE_RANGE_MESSAGE } from './dates';

/**
 * Goals, issues and externals: one item model (docs/product.md "Items"). List rows and detail share
 * these shapes; per kind only `goal` (issues, externals) and `extServiceType` (externals) differ.
 */
export const stateSchema = z.enum(STATES);
export const prioritySchema = z.enum(PRIORITIES);
export const extServiceTypeSchema = z.enum(EXT_SERVICE_TYPES);

/**
 * `YYYY-MM-DD`: a real calendar date in `DATE_MIN`…`DATE_MAX` (contract/dates.ts, the pickers' range; year 0000
 * and the like are refused, not stored), refused with `DATE_RANGE_MESSAGE` outside it.
 */
export const dateSchema = z.iso.date().refine(inDateRange, DATE_RANGE_MESSAGE);

/** Deadline on the wire: either side may be null. start ≤ end (400 otherwise). */
export const deadlineSchema = z.object({ start: dateSchema.nullable(), end: dateSchema.nullable() });
export type Deadline = z.infer<typeof deadlineSchema>;

/** A manager as shown on rows and details. */
export const managerSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  profileUrl: z.string().nullable(),
});
export type Manager = z.infer<typeof managerSchema>;
export const managersSchema = z.object({ cnt: z.number().int(), info: z.array(managerSchema) });
export type Managers = z.infer<typeof managersSchema>;

/** The goal an issue or external belongs to; null when none (the UI shows '없음'). */
export const goalRefSchema = z.object({ id: z.number().int(), title: z.string() });
export type GoalRef = z.infer<typeof goalRefSchema>;

/** One row of a grouped list. `name` is the generated `<workspaceName>-g|i|e<n>`. */
export const listItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  state: stateSchema,
  priority: prioritySchema,
  deadline: deadlineSchema,
  managers: managersSchema,
  /** Issues and externals; always null for goals. */
  goal: goalRefSchema.nullable(),
  /** Externals only; null for goals and issues. */
  extServiceType: extServiceTypeSchema.nullable(),
  /** ISO-8601 with offset. */
  createdAt: z.string(),
});
export type ListItem = z.infer<typeof listItemSchema>;

/**
 * One group of a page. `groupKey`: the state/priority/ext-type code, the manager's member id or the goal id as a
 * string, or `NONE` for the "없음" group. `filterName`: its label (the code for STATE/PRIORITY/EXT_TYPE, the
 * member's name, the goal's title, '없음'). `imageUrl`: the manager's photo for MANAGER groups. `dataCnt`: the
 * group's total in the team (not just this page). `items`: only this page's items, newest first.
 */
export const listGroupSchema = z.object({
  groupKey: z.string(),
  filterName: z.string(),
  imageUrl: z.string().nullable(),
  dataCnt: z.number().int(),
  items: z.array(listItemSchema),
});
export type ListGroup = z.infer<typeof listGroupSchema>;

/**
 * `GET /api/teams/{teamId}/goals|issues|externals` result. `data`: every non-empty group of the team, in group
 * order, each with this page's items (possibly none). `nextCursor`: opaque, pass it back as `cursor`; null when
 * `hasNext` is false.
 */
export const listPageSchema = z.object({
  data: z.array(listGroupSchema),
  hasNext: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type ListPage = z.infer<typeof listPageSchema>;
export const listPageResponseSchema = envelopeSchema(listPageSchema);

/** List query: `query` grouping (case-insensitive, default STATE), `cursor` (absent or '-1' = first), `size` 1–100. */
export const listQuerySchema = z.object({
  query: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(GROUPINGS))
    .default('STATE'),
  cursor: z.string().optional(),
  size: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
});
export type ListQuery = z.input<typeof listQuerySchema>;

/** Title: trimmed non-empty, at most 20 characters (code points). */
export const itemTitleSchema = z
  .string()
  .trim()
  .min(1, '제목을 입력해 주세요.')
  .refine((value) => Array.from(value).length <= ITEM_TITLE_MAX, '최대 20자까지 작성할 수 있습니다.');

/** Content: the Lexical-shaped description JSON string (≤ 1 MB); '' = the empty default. */
export const itemContentSchema = z
  .string()
  .refine((value) => new TextEncoder().encode(value).length <= ITEM_CONTENT_MAX_BYTES, '본문이 너무 큽니다.');

/** Deadline in a create payload: both sides optional. */
export const deadlineInputSchema = z.object({
  start: dateSchema.nullable().optional(),
  end: dateSchema.nullable().optional(),
});

const createCommon = {
  title: itemTitleSchema,
  content: itemContentSchema.default(''),
  state: stateSchema.default('NONE'),
  priority: prioritySchema.default('NONE'),
  managersId: idListSchema.default([]),
  deadline: deadlineInputSchema.default({}),
};

/** `POST /api/teams/{teamId}/goals`: result `{ goalId }`, 201. */
export const createGoalRequestSchema = z.object({
  ...createCommon,
  issuesId: idListSchema.default([]),
});
export type CreateGoalRequest = z.input<typeof createGoalRequestSchema>;
export const createGoalResponseSchema = envelopeSchema(z.object({ goalId: z.number().int() }));

/** `POST /api/teams/{teamId}/issues`: `goalId` -1 or null = none; result `{ issueId }`, 201. */
export const createIssueRequestSchema = z.object({
  ...createCommon,
  goalId: z.number().int().nullable().optional(),
});
export type CreateIssueRequest = z.input<typeof createIssueRequestSchema>;
export const createIssueResponseSchema = envelopeSchema(z.object({ issueId: z.number().int() }));

/**
 * `POST /api/teams/{teamId}/externals`: adds `extServiceType` (fixed afterwards) and, for GITHUB,
 * `owner`, `repo`, `installationId` (all three required for GITHUB: 400 `GITHUB400_0` otherwise). Result
 * `{ externalId, sync }`, 201 — the item is saved even when GitHub/Slack fails (`sync.ok: false`).
 */
export const createExternalRequestSchema = z.object({
  ...createCommon,
  goalId: z.number().int().nullable().optional(),
  extServiceType: extServiceTypeSchema,
  owner: z.string().optional(),
  repo: z.string().optional(),
  installationId: z.number().int().optional(),
});
export type CreateExternalRequest = z.input<typeof createExternalRequestSchema>;
export const createExternalResponseSchema = envelopeSchema(
  z.object({ externalId: z.number().int(), sync: externalSyncSchema }),
);

/** `DELETE /api/teams/{teamId}/goals|issues|externals` bodies; result `{ deletedIds }`. */
export const deleteGoalsRequestSchema = z.object({ goalIds: idListSchema.min(1) });
export const deleteIssuesRequestSchema = z.object({ issueIds: idListSchema.min(1) });
export const deleteExternalsRequestSchema = z.object({
  externalIds: idListSchema.min(1),
});
export const deleteItemsResponseSchema = envelopeSchema(z.object({ deletedIds: z.array(z.number().int()) }));

/** `goals-simple` / `issues-simple`: `{ cnt, info: [{ id, title }] }`; empty is a success. */
export const simpleListSchema = z.object({
  cnt: z.number().int(),
  info: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type SimpleList = z.infer<typeof simpleListSchema>;
export const simpleListResponseSchema = envelopeSchema(simpleListSchema);

/**
 * `GET /api/teams/{teamId}/externals/links`: `linkedWithGithub` = this team has a GitHub App installation,
 * `linkedWithSlack` = its workspace has a Slack bot (contract/integrations.ts).
 */
export const externalLinksSchema = z.object({ linkedWithGithub: z.boolean(), linkedWithSlack: z.boolean() });
export type ExternalLinks = z.infer<typeof externalLinksSchema>;
export const externalLinksResponseSchema = envelopeSchema(externalLinksSchema);

/** `goal-name` / `issue-name` / `externals/external-name`: the next generated name (not taken). */
export const itemNameResponseSchema = envelopeSchema(z.string());

/**
 * Item detail (`GET /api/goals/{goalId}`, `GET /api/issues/{issueId}`, `GET /api/teams/{teamId}/externals/{extId}`;
 * docs/product.md
 * "Item detail"). The list row's fields plus:
 * `content` (the stored description JSON string, '' = empty), `issues` (goals: the linked issues `{ cnt, info:
 * [{ id, title }] }`, newest first; null for issues and externals), `teamId` / `teamName` (the badge and breadcrumb),
 * `updatedAt` (ISO-8601 with offset). `goal` is set for issues/externals (null = none, the UI shows '없음') and
 * always null for goals; `extServiceType` only for externals. `externalLink` (externals): where the linked tool
 * holds it — the GitHub issue (`label` 'owner/repo#number') or the Slack message (`label` 'Slack') — or null
 * when nothing was created there (goals and issues: always null).
 */
export const externalLinkSchema = z.object({ url: z.string(), label: z.string() });
export type ExternalLink = z.infer<typeof externalLinkSchema>;
export const itemDetailSchema = listItemSchema.extend({
  content: z.string(),
  externalLink: externalLinkSchema.nullable(),
  issues: simpleListSchema.nullable(),
  teamId: z.number().int(),
  teamName: z.string(),
  updatedAt: z.string(),
});
export type ItemDetail = z.infer<typeof itemDetailSchema>;
export const itemDetailResponseSchema = envelopeSchema(itemDetailSchema);

/** PATCH deadline side: a `YYYY-MM-DD` date sets it, the text `'null'` (or JSON null) clears it, absent = unchanged. */
export const deadlinePatchSideSchema = z
  .union([z.literal('null'), dateSchema])
  .nullable()
  .optional();
export const deadlinePatchSchema = z.object({ start: deadlinePatchSideSchema, end: deadlinePatchSideSchema });

const updateCommon = {
  title: itemTitleSchema.optional(),
  content: itemContentSchema.optional(),
  state: stateSchema.optional(),
  priority: prioritySchema.optional(),
  /** Replaces the managers (members of the team); `[]` clears them. */
  managersId: idListSchema.optional(),
  /** Each side merged with the stored one; start ≤ end checked on the result. */
  deadline: deadlinePatchSchema.optional(),
};

/**
 * `PATCH /api/teams/{teamId}/goals/{goalId}` (docs/product.md "Items": partial, absent = unchanged): `issuesId`
 * replaces the goal's issues (issues of the team; `[]` unlinks all). Result `{ goalId }`.
 */
export const updateGoalRequestSchema = z.object({
  ...updateCommon,
  issuesId: idListSchema.optional(),
});
export type UpdateGoalRequest = z.input<typeof updateGoalRequestSchema>;
export const updateGoalResponseSchema = createGoalResponseSchema;

/** `PATCH /api/teams/{teamId}/issues/{issueId}`: `goalId` a goal of the team, null or -1 clears. Result `{ issueId }`. */
export const updateIssueRequestSchema = z.object({
  ...updateCommon,
  goalId: z.number().int().nullable().optional(),
});
export type UpdateIssueRequest = z.input<typeof updateIssueRequestSchema>;
export const updateIssueResponseSchema = createIssueResponseSchema;

/**
 * `PATCH /api/teams/{teamId}/externals/{extId}`: like issues. `extServiceType` is fixed at creation: sending it
 * (any value) → 400 `EXTERNAL400_0` '외부 툴은 생성 시에만 설정할 수 있습니다.' — omit it. Result `{ externalId }`.
 */
export const updateExternalRequestSchema = z.object({
  ...updateCommon,
  goalId: z.number().int().nullable().optional(),
  /** Never send it: any value is rejected (400 `EXTERNAL400_0`). */
  extServiceType: z.unknown().optional(),
});
export type UpdateExternalRequest = Omit<z.input<typeof updateExternalRequestSchema>, 'extServiceType'>;
export const updateExternalResponseSchema = envelopeSchema(z.object({ externalId: z.number().int() }));

/** Comment target kind. */
export const COMMENT_CATEGORIES = ['ISSUE', 'GOAL', 'EXTERNAL'] as const;
export const commentCategorySchema = z.enum(COMMENT_CATEGORIES);
export type CommentCategory = z.infer<typeof commentCategorySchema>;
/** Comment length limit in characters (code points), after trimming. */
export const COMMENT_CONTENT_MAX = 2000;

/** Comment text: trimmed, 1–2000 characters (code points). */
export const commentContentSchema = z
  .string()
  .trim()
  .min(1, '댓글 내용을 입력해 주세요.')
  .refine(
    (value) => Array.from(value).length <= COMMENT_CONTENT_MAX,
    `댓글은 최대 ${COMMENT_CONTENT_MAX}자까지 작성할 수 있습니다.`,
  );

/** `POST /api/comments` body: result `{ commentId }`, 201. */
export const createCommentRequestSchema = z.object({
  content: commentContentSchema,
  category: commentCategorySchema,
  targetId: z.number().int().positive(),
});
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;
export const createCommentResponseSchema = envelopeSchema(z.object({ commentId: z.number().int() }));

/** `GET /api/comments?category=&targetId=` query. */
export const commentListQuerySchema = z.object({
  category: commentCategorySchema,
  targetId: idParamSchema,
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

/**
 * One comment: `name` / `profileUrl` are the author's current ones; a withdrawn author is '탈퇴한 사용자' with a
 * null photo. `createdAt` ISO-8601 with offset.
 */
export const commentSchema = z.object({
  id: z.number().int(),
  profileUrl: z.string().nullable(),
  name: z.string(),
  createdAt: z.string(),
  content: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
/** `GET /api/comments` result: oldest first. */
export const commentListSchema = z.object({ cnt: z.number().int(), info: z.array(commentSchema) });
export type CommentList = z.infer<typeof commentListSchema>;
export const commentListResponseSchema = envelopeSchema(commentListSchema);
