import { z } from 'zod';
import { envelopeSchema } from './envelope';
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

/**
 * Goals, issues and externals: one item model (api-contract.md "Items", spec §3). List rows and detail share
 * these shapes; per kind only `goal` (issues, externals) and `extServiceType` (externals) differ.
 */
export const stateSchema = z.enum(STATES);
export const prioritySchema = z.enum(PRIORITIES);
export const extServiceTypeSchema = z.enum(EXT_SERVICE_TYPES);

/** `YYYY-MM-DD` (a real calendar date). */
export const dateSchema = z.iso.date();

/** Deadline on the wire: either side may be null. start ≤ end (400 otherwise). */
export const deadlineSchema = z.object({ start: dateSchema.nullable(), end: dateSchema.nullable() });
export type Deadline = z.infer<typeof deadlineSchema>;

/** A manager as shown on rows and details (spec §3 "Manager"). */
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
  managersId: z.array(z.number().int().positive()).default([]),
  deadline: deadlineInputSchema.default({}),
};

/** `POST /api/teams/{teamId}/goals` (spec §3): result `{ goalId }`, 201. */
export const createGoalRequestSchema = z.object({
  ...createCommon,
  issuesId: z.array(z.number().int().positive()).default([]),
});
export type CreateGoalRequest = z.input<typeof createGoalRequestSchema>;
export const createGoalResponseSchema = envelopeSchema(z.object({ goalId: z.number().int() }));

/** `POST /api/teams/{teamId}/issues` (spec §3): `goalId` -1 or null = none; result `{ issueId }`, 201. */
export const createIssueRequestSchema = z.object({
  ...createCommon,
  goalId: z.number().int().nullable().optional(),
});
export type CreateIssueRequest = z.input<typeof createIssueRequestSchema>;
export const createIssueResponseSchema = envelopeSchema(z.object({ issueId: z.number().int() }));

/**
 * `POST /api/teams/{teamId}/externals` (spec §3): adds `extServiceType` (fixed afterwards) and, for GITHUB,
 * `owner`, `repo`, `installationId` (used once integrations exist). Result `{ externalId }`, 201.
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
export const createExternalResponseSchema = envelopeSchema(z.object({ externalId: z.number().int() }));

/** `DELETE /api/teams/{teamId}/goals|issues|externals` bodies; result `{ deletedIds }`. */
export const deleteGoalsRequestSchema = z.object({ goalIds: z.array(z.number().int().positive()).min(1) });
export const deleteIssuesRequestSchema = z.object({ issueIds: z.array(z.number().int().positive()).min(1) });
export const deleteExternalsRequestSchema = z.object({
  externalIds: z.array(z.number().int().positive()).min(1),
});
export const deleteItemsResponseSchema = envelopeSchema(z.object({ deletedIds: z.array(z.number().int()) }));

/** `goals-simple` / `issues-simple`: `{ cnt, info: [{ id, title }] }`; empty is a success. */
export const simpleListSchema = z.object({
  cnt: z.number().int(),
  info: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type SimpleList = z.infer<typeof simpleListSchema>;
export const simpleListResponseSchema = envelopeSchema(simpleListSchema);

/** `GET /api/teams/{teamId}/externals/links`: both false until integrations exist. */
export const externalLinksSchema = z.object({ linkedWithGithub: z.boolean(), linkedWithSlack: z.boolean() });
export type ExternalLinks = z.infer<typeof externalLinksSchema>;
export const externalLinksResponseSchema = envelopeSchema(externalLinksSchema);

/** `goal-name` / `issue-name` / `externals/external-name`: the next generated name (not taken). */
export const itemNameResponseSchema = envelopeSchema(z.string());
