import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { idListSchema } from './ids';
import {
  deadlineSchema,
  extServiceTypeSchema,
  goalRefSchema,
  managerSchema,
  prioritySchema,
  stateSchema,
} from './items';

/**
 * Notifications ("alarms", docs/product.md "Notifications"): per member, each about one item.
 *
 * Reasons:
 * - `DEADLINE`: an item the member manages ends today or is overdue and is neither FINISH nor DELETE (the product's
 *   "canceled"); raised by the daily reminder at 09:00 Asia/Seoul and at start-up, once per member, item and day.
 * - `ASSIGNED`: someone else made the member a manager of the item.
 * - `COMMENT`: someone else commented on an item the member manages.
 * Alarms are kept 30 days, deleted with their item, and removed when the member withdraws.
 */
export const ALARM_REASONS = ['DEADLINE', 'ASSIGNED', 'COMMENT'] as const;
export type AlarmReason = (typeof ALARM_REASONS)[number];
export const alarmReasonSchema = z.enum(ALARM_REASONS);

/** Tabs of the notifications page = the path segment of `GET /api/alarms/{type}`. */
export const ALARM_TYPES = ['GOAL', 'ISSUE', 'EXTERNAL'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
export const alarmTypeSchema = z.enum(ALARM_TYPES);

/** Groupings of the notifications page (`query`, case-insensitive). GOAL tab: STATE, PRIORITY; ISSUE: + GOAL; EXTERNAL: + EXTERNAL. */
export const ALARM_GROUPINGS = ['STATE', 'PRIORITY', 'GOAL', 'EXTERNAL'] as const;
export type AlarmGrouping = (typeof ALARM_GROUPINGS)[number];

/** Which groupings each tab offers (others → 400 `ALARM400_0`). */
export const ALARM_GROUPINGS_BY_TYPE: Record<AlarmType, readonly AlarmGrouping[]> = {
  GOAL: ['STATE', 'PRIORITY'],
  ISSUE: ['STATE', 'PRIORITY', 'GOAL'],
  EXTERNAL: ['STATE', 'PRIORITY', 'GOAL', 'EXTERNAL'],
};

/** Notifications page size (spec: 10). */
export const ALARM_PAGE_SIZE = 10;
/** Alarms older than this many days are purged by the daily job. */
export const ALARM_RETENTION_DAYS = 30;

/**
 * One notification row. `typeId` is the item's id, `teamId` its team (the row opens
 * `/workspace/team/{teamId}/{goal|issue|ext}/{typeId}`). `deadline` is the item's own deadline; `goal` for issues and
 * externals (null when none); `extServiceType` for externals (null otherwise). `createdAt`: ISO-8601 with offset.
 */
export const alarmRowSchema = z.object({
  alarmId: z.number().int(),
  reason: alarmReasonSchema,
  read: z.boolean(),
  createdAt: z.string(),
  teamId: z.number().int(),
  typeId: z.number().int(),
  name: z.string(),
  title: z.string(),
  state: stateSchema,
  priority: prioritySchema,
  deadline: deadlineSchema,
  managerList: z.array(managerSchema),
  goal: goalRefSchema.nullable(),
  extServiceType: extServiceTypeSchema.nullable(),
});
export type AlarmRow = z.infer<typeof alarmRowSchema>;

/**
 * A group of the page. `groupKey`: the state/priority/ext-type code, the goal id as a string, or `NONE`;
 * `groupTitle`: its label (the code, the goal's title, or '없음'); `dataCnt`: the group's total for this member and
 * tab (not just this page); `notiList`: this page's rows of the group, newest first.
 */
export const alarmGroupSchema = z.object({
  groupKey: z.string(),
  groupTitle: z.string(),
  dataCnt: z.number().int(),
  notiList: z.array(alarmRowSchema),
});
export type AlarmGroup = z.infer<typeof alarmGroupSchema>;

/**
 * `GET /api/alarms/{type}` result: every non-empty group (in the list's group order) with this page's rows.
 * `deadline`: today's date in Asia/Seoul (`YYYY-MM-DD`); `totalSize`: the member's alarms in this tab;
 * `nextCursor`: opaque, null when `hasNext` is false.
 */
export const alarmPageSchema = z.object({
  type: alarmTypeSchema,
  deadline: z.string(),
  groupedList: z.array(alarmGroupSchema),
  totalSize: z.number().int(),
  hasNext: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AlarmPage = z.infer<typeof alarmPageSchema>;
export const alarmPageResponseSchema = envelopeSchema(alarmPageSchema);

/**
 * `GET /api/alarms/{type}` query: `query` a grouping the tab offers (`ALARM_GROUPINGS_BY_TYPE`, case-insensitive,
 * default STATE; anything else → 400 `ALARM400_0`, checked by the route), `cursor` (absent or '-1' = first page),
 * `size` 1–100 (10).
 */
export const alarmQuerySchema = z.object({
  query: z
    .string()
    .max(32)
    .optional()
    .describe(`Grouping, case-insensitive: ${ALARM_GROUPINGS.join(' | ')} (offered per tab); default STATE`),
  cursor: z.string().optional(),
  size: z.coerce.number().int().min(1).max(100).default(ALARM_PAGE_SIZE),
});
export type AlarmQuery = z.input<typeof alarmQuerySchema>;

/** `GET /api/alarms/unread-count` result: unread alarms per tab and in all. */
export const alarmUnreadCountSchema = z.object({
  total: z.number().int(),
  GOAL: z.number().int(),
  ISSUE: z.number().int(),
  EXTERNAL: z.number().int(),
});
export type AlarmUnreadCount = z.infer<typeof alarmUnreadCountSchema>;
export const alarmUnreadCountResponseSchema = envelopeSchema(alarmUnreadCountSchema);

/** `DELETE /api/alarms` body: a bare JSON array of the caller's alarm ids (1…1,000). */
export const alarmDeleteBodySchema = idListSchema.min(1);

/** `PATCH /api/alarms/{alarmId}` result. */
export const alarmReadResponseSchema = envelopeSchema(z.object({ alarmId: z.number().int() }));

/** `DELETE /api/alarms` result: the deleted ids. */
export const alarmDeleteResponseSchema = envelopeSchema(z.object({ alarmIds: z.array(z.number().int()) }));

/** Instants the development clock accepts (the date pickers' range). */
const CLOCK_MIN = Date.parse('2000-01-01T00:00:00Z');
const CLOCK_MAX = Date.parse('2100-01-01T00:00:00Z');

/**
 * `POST /api/dev/clock` body (development only): `{ now }` — an ISO-8601 date-time with `Z` or an offset, in
 * 2000–2099 — moves the app's clock there (it keeps running from there); `{ reset: true }` goes back to real time.
 */
export const devClockBodySchema = z.union([
  z.strictObject({
    now: z.iso.datetime({ offset: true }).refine((value) => {
      const at = Date.parse(value);
      return at >= CLOCK_MIN && at < CLOCK_MAX;
    }, '2000년부터 2099년 사이의 시각이어야 합니다.'),
  }),
  z.strictObject({ reset: z.literal(true) }),
]);
export type DevClockBody = z.infer<typeof devClockBodySchema>;

/** `POST /api/dev/clock` result: the app's time now (ISO-8601 +09:00) and the DEADLINE alarms the reminder raised. */
export const devClockSchema = z.object({ now: z.string(), raised: z.number().int() });
export type DevClock = z.infer<typeof devClockSchema>;
export const devClockResponseSchema = envelopeSchema(devClockSchema);
