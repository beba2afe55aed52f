import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_TICKET_TTL_SECONDS, errorEnvelopeSchema, eventTicketResponseSchema } from '../../../contract';
import type { AppConfig } from '../../config';
import type { Database } from '../../db';
import { AUTH_ERRORS } from '../../http/route-errors';
import { ApiError, ok } from '../../http/envelope';
import { callerWorkspaceId } from '../../http/team-scope';
import { EventHub, type HubTuning } from './hub';
import { redeemTicket, signTicket, ticketKey } from './ticket';

export { EventHub, type HubTuning } from './hub';
export { EVENTS_CHANNEL, publishEvent } from './outbox';

export interface EventsPluginOptions {
  config: AppConfig;
  database: Database;
  /** Hub tunables (the contract's values by default). */
  tuning?: Partial<HubTuning>;
}

/** The hub of each app, by its HTTP server (shared by the app and its plugin contexts). */
const hubs = new WeakMap<Server, EventHub>();

/** The event hub of `app` (tests and the benchmark read or lower its tunables); undefined before registration. */
export function eventHubOf(app: FastifyInstance): EventHub | undefined {
  return hubs.get(app.server);
}

/** `Last-Event-ID` / `lastEventId`: an outbox id (decimal, no sign). */
const EVENT_ID = /^\d{1,15}$/;

const streamQuerySchema = z.object({
  ticket: z.string().max(2048).optional().describe('One-time ticket from `POST /api/events/ticket`'),
  lastEventId: z
    .string()
    .regex(EVENT_ID, '이벤트 id는 숫자여야 합니다.')
    .optional()
    .describe('Resume after this event id (the `Last-Event-ID` header does the same; the query wins)'),
});

/** Headers of the stream, on top of the ones every response gets (helmet's, CORS, `x-request-id`). */
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // nginx and similar proxies would otherwise buffer the stream.
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

/**
 * Live updates (issue #10; docs/live-updates.md; contract/events.ts): the event hub (LISTEN/NOTIFY fan-out,
 * server/modules/events/hub.ts), `POST /api/events/ticket` and the server-sent events stream `GET /api/events`.
 * Closing the app ends every stream first (`preClose`), then stops the listener.
 */
export async function eventsPlugin(app: FastifyInstance, options: EventsPluginOptions): Promise<void> {
  const { config, database } = options;
  const db = database.db;
  const hub = new EventHub(database, app.log.child({ module: 'events' }), options.tuning);
  hubs.set(app.server, hub);
  const key = ticketKey(config.jwtSecret);
  const r = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onReady', async () => hub.start());
  // issue #25: on SIGTERM (server/lifecycle.ts) open streams are told to reconnect elsewhere and end at once.
  app.lifecycle?.onDrain(() => hub.drain());
  // Before the HTTP server closes: it waits for open connections, and a stream never ends by itself.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());

  /**
   * `POST /api/events/ticket` — a one-time ticket for the event stream: 200 `EVENTS200_0` `{ ticket, expiresIn: 30
   * (seconds) }`. Single use; pass it as `GET /api/events?ticket=`. 401 as every bearer route; 404 `WORKSPACE404_0`
   * while the caller has no workspace (there is nothing to stream yet). `Cache-Control: no-store`.
   */
  r.post(
    '/api/events/ticket',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['events'],
        summary: 'A one-time ticket for the live event stream',
        description:
          'Valid 30 seconds, usable once (on any app server). Open `GET /api/events?ticket=<ticket>` with it.',
        security: [{ bearerAuth: [] }],
        response: {
          200: eventTicketResponseSchema,
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe('`WORKSPACE404_0`: the caller has no workspace yet'),
        },
      },
    },
    async (request, reply) => {
      const workspaceId = await callerWorkspaceId(db, request.memberId);
      const ticket = await signTicket(key, request.memberId, workspaceId);
      reply.header('cache-control', 'no-store');
      return ok(reply, 'EVENTS200_0', { ticket, expiresIn: EVENT_TICKET_TTL_SECONDS });
    },
  );

  /**
   * `GET /api/events?ticket=<ticket>[&lastEventId=<id>]` (or the `Last-Event-ID` header) — the member's live event
   * stream, `text/event-stream`: `retry: 3000`, then per event `id: <outbox id>\nevent: change\ndata: <LiveEvent
   * JSON>\n\n`, a `: heartbeat` comment every 25 s. With a resume id, the events after it still in the outbox
   * (10 minutes) come first, or one `{ "type": "resync" }` event when some may be gone. Never ends by itself, except
   * when the server shuts down (issue #25): then a `retry: <ms>` line (0.5–1.5 s) and the end of the stream, so the
   * client reconnects elsewhere and resumes from its last id. Before streaming, errors are the JSON envelope: 401
   * `EVENTS401_0` missing, forged, expired or used ticket, or the member withdrew or left the workspace; 400
   * `VALID400_1` malformed `lastEventId`; 503 `SYSTEM503_0` (`Retry-After: 1`) while the server shuts down (the
   * ticket is not used up).
   */
  r.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'The live event stream (server-sent events)',
        description:
          'Authenticated by a one-time `ticket` (not the bearer token: `EventSource` cannot send headers). ' +
          'Messages `id`/`event: change`/`data: LiveEvent` (contract/events.ts), `: heartbeat` every 25 s; ' +
          '`Last-Event-ID` resumes within the replay window, else a `resync` event. When the server shuts down ' +
          'the stream gets `retry: <ms>` and ends (reconnect elsewhere); a new one is refused with 503.',
        querystring: streamQuerySchema,
        response: {
          200: z
            .string()
            .describe('`text/event-stream` (never ends by itself; ends when the server shuts down)'),
          400: errorEnvelopeSchema.describe('`VALID400_1`: malformed `lastEventId`'),
          401: errorEnvelopeSchema.describe('`EVENTS401_0`: missing, invalid, expired or used ticket'),
          503: errorEnvelopeSchema.describe(
            '`SYSTEM503_0`: the server is shutting down (reconnect elsewhere)',
          ),
        },
      },
    },
    async (request, reply) => {
      if (app.lifecycle?.draining) {
        throw new ApiError('SYSTEM503_0', null, { headers: { 'retry-after': '1' } });
      }
      const { ticket, lastEventId: fromQuery } = request.query;
      const claims = await redeemTicket(db, key, ticket);
      const header = request.headers['last-event-id'];
      const fromHeader =
        typeof header === 'string' && EVENT_ID.test(header.trim()) ? header.trim() : undefined;
      const resume = fromQuery ?? fromHeader;

      reply.hijack();
      const res = reply.raw;
      // Headers set so far by hooks through `reply.header` (CORS, x-request-id); helmet's are on `res` already.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !res.hasHeader(name)) res.setHeader(name, value as string);
      }
      res.writeHead(200, STREAM_HEADERS);
      res.flushHeaders();
      const socket = request.raw.socket as Partial<Socket> | undefined;
      socket?.setNoDelay?.(true);
      socket?.setTimeout?.(0);
      request.log.debug({ memberId: claims.memberId, resume }, 'event stream opened');
      await hub.open(claims.memberId, claims.workspaceId, res, resume === undefined ? null : Number(resume));
    },
  );
}

// The public entry for other modules (eslint.config.js: modules use each other only through index.ts).
export { publishCommentAdded, publishSafely } from './publish';
export { ALARM_TYPE_OF_KIND, raiseAlarms } from './raise-alarms';
