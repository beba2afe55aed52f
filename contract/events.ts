import { z } from 'zod';
import { alarmTypeSchema } from './alarms';
import { envelopeSchema } from './envelope';
import { ITEM_KINDS } from './itemEnums';
import { listItemSchema } from './items';

/**
 * Live updates (docs/live-updates.md): one tab per browser (the leader) holds one server-sent events stream,
 * `GET /api/events?ticket=…`, receives small change events of its member's workspace and relays them to the
 * browser's other tabs. Each tab dispatches them as `live/eventReceived` and refreshes or patches what it shows
 * (src/features/live/liveSaga.ts). Nothing here carries more than a list row.
 *
 * Wire format: `id: <outbox id>` (a decimal string, the resume point for `Last-Event-ID`), `event: change`,
 * `data: <one LiveEvent as JSON>`; a `: heartbeat` comment every ~25 s. After a reconnect with `Last-Event-ID` the
 * server replays the events after that id that are still in its outbox (≥ 5 minutes); when the id is older than
 * the outbox, it sends one `{ "type": "resync" }` first and the tab refetches everything it shows.
 */

const kindSchema = z.enum(ITEM_KINDS);

/** Fields of an item an `item.updated` event can name (the PATCH body's fields, `managers` for `managersId`). */
export const LIVE_ITEM_FIELDS = [
  'title',
  'content',
  'state',
  'priority',
  'managers',
  'deadline',
  'goal',
  'issues',
] as const;
export type LiveItemField = (typeof LIVE_ITEM_FIELDS)[number];

/** Who caused the event (null for the server itself: webhooks, the reminder). Tabs skip nothing because of it. */
const actorIdSchema = z.number().int().nullable();

export const liveEventSchema = z.discriminatedUnion('type', [
  /** An item was created; `item` is its list row as `GET /api/teams/{teamId}/…` would return it. */
  z.object({
    type: z.literal('item.created'),
    actorId: actorIdSchema,
    kind: kindSchema,
    teamId: z.number().int(),
    id: z.number().int(),
    item: listItemSchema,
  }),
  /** An item changed; `fields` names what changed, `item` is its list row after the change. */
  z.object({
    type: z.literal('item.updated'),
    actorId: actorIdSchema,
    kind: kindSchema,
    teamId: z.number().int(),
    id: z.number().int(),
    fields: z.array(z.enum(LIVE_ITEM_FIELDS)),
    item: listItemSchema,
  }),
  /** Items were deleted (one request may delete many of one kind and team). */
  z.object({
    type: z.literal('item.deleted'),
    actorId: actorIdSchema,
    kind: kindSchema,
    teamId: z.number().int(),
    ids: z.array(z.number().int()),
  }),
  /** A comment was added to an item. */
  z.object({
    type: z.literal('comment.added'),
    actorId: actorIdSchema,
    kind: kindSchema,
    teamId: z.number().int(),
    itemId: z.number().int(),
    commentId: z.number().int(),
  }),
  /** An alarm was raised for the receiving member (sent to that member only). */
  z.object({
    type: z.literal('alarm.raised'),
    actorId: actorIdSchema,
    alarmId: z.number().int(),
    alarmType: alarmTypeSchema,
  }),
  /** Alarms of the receiving member were read or deleted in another tab (sent to that member only). */
  z.object({
    type: z.literal('alarm.changed'),
    actorId: actorIdSchema,
    alarmIds: z.array(z.number().int()),
    change: z.enum(['read', 'deleted']),
  }),
  /** A team was created in the workspace. */
  z.object({ type: z.literal('team.created'), actorId: actorIdSchema, teamId: z.number().int() }),
  /** The workspace's team order changed. */
  z.object({ type: z.literal('team.reordered'), actorId: actorIdSchema }),
  /** A member joined the workspace. */
  z.object({ type: z.literal('member.joined'), actorId: actorIdSchema, memberId: z.number().int() }),
  /** A member withdrew (their alarms are gone; what they wrote shows as '탈퇴한 사용자'). */
  z.object({ type: z.literal('member.withdrew'), actorId: actorIdSchema, memberId: z.number().int() }),
  /**
   * An admin removed a member from the workspace (issue #23): the removed member's open streams end and their tabs
   * sign out; the others refresh members and names ("(내보낸 멤버)").
   */
  z.object({ type: z.literal('member.removed'), actorId: actorIdSchema, memberId: z.number().int() }),
  /** A member's role changed (issue #23): everyone refreshes the members list; that member's tabs their role. */
  z.object({
    type: z.literal('member.role_changed'),
    actorId: actorIdSchema,
    memberId: z.number().int(),
    role: z.enum(['owner', 'admin', 'member']),
  }),
  // issue #23 (teams and membership): a private team's events reach only its members (event_outbox.team_id).
  /** A team's name, image or visibility changed: tabs refresh their team lists and that team's settings. */
  z.object({ type: z.literal('team.updated'), actorId: actorIdSchema, teamId: z.number().int() }),
  /** A team was deleted with its items: tabs refresh their team lists and leave its pages. */
  z.object({ type: z.literal('team.deleted'), actorId: actorIdSchema, teamId: z.number().int() }),
  /** Someone joined, left, was added to or removed from a team: tabs refresh team lists and members. */
  z.object({
    type: z.literal('team.membership_changed'),
    actorId: actorIdSchema,
    teamId: z.number().int(),
    memberIds: z.array(z.number().int()),
    change: z.enum(['joined', 'left', 'added', 'removed']),
  }),
  // issue #23 (admin): an admin renamed the workspace or changed its logo; every tab refreshes the profile.
  z.object({ type: z.literal('workspace.updated'), actorId: actorIdSchema }),
  /** Sent by the server only: the resume point is older than the outbox; refetch everything shown. */
  z.object({ type: z.literal('resync') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];
/** A `LiveEvent` as published by the server (the `resync` marker is the stream's own). */
export type PublishedLiveEvent = Exclude<LiveEvent, { type: 'resync' }>;

/** `POST /api/events/ticket` result: a one-time ticket for `GET /api/events?ticket=`, valid `expiresIn` seconds. */
export const eventTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type EventTicket = z.infer<typeof eventTicketSchema>;
export const eventTicketResponseSchema = envelopeSchema(eventTicketSchema);

/** Seconds a ticket stays valid (it is also single-use). */
export const EVENT_TICKET_TTL_SECONDS = 30;
/** Heartbeat comment interval of the stream. */
export const EVENT_HEARTBEAT_MS = 25_000;
/** How long events stay in the outbox for `Last-Event-ID` replay. */
export const EVENT_REPLAY_WINDOW_MS = 10 * 60_000;
/** Open streams one member may hold (one per tab); the oldest is closed beyond it. */
export const EVENT_STREAMS_PER_MEMBER = 8;
