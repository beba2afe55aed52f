import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alarmDeleteBodySchema,
  alarmDeleteResponseSchema,
  alarmPageResponseSchema,
  alarmQuerySchema,
  alarmReadResponseSchema,
  alarmTypeSchema,
  alarmUnreadCountResponseSchema,
  devClockBodySchema,
  devClockResponseSchema,
  errorEnvelopeSchema,
  idParamSchema,
} from '../../../contract';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { AUTH_ERRORS } from '../../http/route-errors';
import { ApiError, ok } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { noStoreByDefault } from '../../http/no-store';
import type { Clock } from '.';
import { seoulDay } from './day';
import { alarmPage, parseAlarmGrouping, unreadCount } from './list';
import type { DeadlineReminder } from './reminder';
import { deleteAlarms, markAlarmRead } from './service';

/** The app's clock as the development switch moves it: the injected clock plus an offset. */
export interface MovableClock extends Clock {
  /** Moves the clock so that `now()` is `to` now (and runs on from there); null: back to the injected clock. */
  set(to: Date | null): void;
}

/** `clock` moved by an offset (0 until `set`). */
export function movableClock(clock: Clock): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(clock.now().getTime() + offsetMs),
    set(to) {
      offsetMs = to === null ? 0 : to.getTime() - clock.now().getTime();
    },
  };
}

export interface AlarmRoutesOptions {
  config: AppConfig;
  db: Db;
  clock: MovableClock;
  reminder: DeadlineReminder;
}

/**
 * Notifications (docs/product.md "Notifications"). Every route sees only the caller's own alarms about items of
 * their current workspace: another member's alarm id answers like a missing one (404) and is never changed.
 */
export async function alarmRoutes(
  app: FastifyInstance,
  { config, db, clock, reminder }: AlarmRoutesOptions,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  noStoreByDefault(app);

  r.get(
    '/api/alarms/unread-count',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['alarms'],
        summary: 'Unread notifications per tab',
        description: "The caller's unread alarms per tab and in all, in their current workspace.",
        security: [{ bearerAuth: [] }],
        response: { 200: alarmUnreadCountResponseSchema, 401: AUTH_ERRORS },
      },
    },
    async (request, reply) => ok(reply, 'ALARM200_3', await unreadCount(db, request.memberId)),
  );

  r.get(
    '/api/alarms/:type',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['alarms'],
        summary: 'Notifications of one tab, grouped and paged',
        description:
          'Own alarms only. `query` STATE | PRIORITY (every tab), GOAL (ISSUE, EXTERNAL), EXTERNAL (EXTERNAL), ' +
          "case-insensitive, default STATE. Groups in the item lists' order, rows newest alarm first; pass " +
          '`nextCursor` back as `cursor`. `deadline` is today in Asia/Seoul. docs/product.md "Notifications".',
        security: [{ bearerAuth: [] }],
        params: z.object({ type: alarmTypeSchema }),
        querystring: alarmQuerySchema,
        response: {
          200: alarmPageResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`ALARM400_0` grouping not offered by the tab | `VALID400_1` bad type, cursor or size',
          ),
          401: AUTH_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { type } = request.params;
      const grouping = parseAlarmGrouping(type, request.query.query);
      const { cursor, size } = request.query;
      const today = seoulDay(clock.now());
      return ok(
        reply,
        'ALARM200_0',
        await alarmPage(db, request.memberId, type, grouping, cursor, size, today),
      );
    },
  );

  r.patch(
    '/api/alarms/:alarmId',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['alarms'],
        summary: 'Mark a notification read',
        description: "Idempotent. Another member's alarm answers like a missing one.",
        security: [{ bearerAuth: [] }],
        params: z.object({ alarmId: idParamSchema }),
        response: {
          200: alarmReadResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: malformed alarm id'),
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe("`ALARM404_0`: no such alarm of the caller's"),
        },
      },
    },
    async (request, reply) => {
      const { alarmId } = request.params;
      await markAlarmRead(db, request.memberId, alarmId);
      return ok(reply, 'ALARM200_1', { alarmId });
    },
  );

  r.delete(
    '/api/alarms',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['alarms'],
        summary: 'Delete notifications (all or nothing)',
        description:
          "Body: a JSON array of the caller's alarm ids. When any is not the caller's, none is deleted and " +
          '`result.alarmIds` names those.',
        security: [{ bearerAuth: [] }],
        body: alarmDeleteBodySchema,
        response: {
          200: alarmDeleteResponseSchema,
          400: errorEnvelopeSchema.describe('`VALID400_1`: not an array of 1–1,000 ids'),
          401: AUTH_ERRORS,
          404: errorEnvelopeSchema.describe(
            "`ALARM404_1`: some ids are not the caller's alarms; nothing deleted",
          ),
        },
      },
    },
    async (request, reply) => {
      const alarmIds = await deleteAlarms(db, request.memberId, request.body);
      request.log.info({ count: alarmIds.length }, 'alarms deleted');
      return ok(reply, 'ALARM200_2', { alarmIds });
    },
  );

  r.post(
    '/api/dev/clock',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['alarms'],
        summary: 'Development: move the clock and run the deadline reminder',
        description:
          "Development and tests only: `{ now }` moves this server's clock (the reminder's today, the " +
          "notifications' `deadline`), `{ reset: true }` restores real time; then the deadline reminder runs " +
          'once. Refused (403 `CLOCK403_0`, nothing changes) wherever the development sign-in is off: in ' +
          'production, and on a non-loopback `PUBLIC_URL` unless `DEV_SIGN_IN=true` (docs/security.md).',
        security: [{ bearerAuth: [] }],
        body: devClockBodySchema,
        response: {
          200: devClockResponseSchema,
          400: errorEnvelopeSchema.describe(
            '`VALID400_1`: neither `{ now }` (2000–2099) nor `{ reset: true }`',
          ),
          401: AUTH_ERRORS,
          403: errorEnvelopeSchema.describe('`CLOCK403_0`: the development sign-in is off here'),
        },
      },
    },
    async (request, reply) => {
      if (!config.devSignIn) throw new ApiError('CLOCK403_0'); // issue #23: as the development sign-in
      const body = request.body;
      clock.set('now' in body ? new Date(body.now) : null);
      const result = await reminder.run();
      request.log.info({ now: clock.now().toISOString(), ...result }, 'development clock moved');
      return ok(reply, 'CLOCK200_0', { now: formatTimestamp(clock.now()), raised: result.raised });
    },
  );
}
