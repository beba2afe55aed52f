import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db';
import { DeadlineReminder, type ReminderResult } from './reminder';
import { alarmRoutes, movableClock } from './routes';

/** The time source of alarms (reminder days, "today"); tests and the development switch move it. */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export function systemClock(): Clock {
  return { now: () => new Date() };
}

export interface AlarmsPluginOptions {
  config: AppConfig;
  database: Database;
  clock: Clock;
}

/** What the alarms plugin exposes on the app (tests, scripts). */
export interface AlarmsHandle {
  /** The app's clock: the injected one, moved by `POST /api/dev/clock`. */
  clock: Clock;
  /** Runs the deadline reminder now with the app's clock (after a run in progress). */
  runReminder(): Promise<ReminderResult>;
  /** Resolves when no reminder run of this app is in progress (e.g. the start-up run). */
  reminderIdle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    alarms: AlarmsHandle;
  }
}

/**
 * Notifications: the `/api/alarms…` routes and `POST /api/dev/clock` (routes.ts), the daily deadline reminder
 * (reminder.ts: croner at 09:00 Asia/Seoul, plus one run once the app is ready, not holding `ready` up; closing the
 * app stops the job and waits for a run in progress; so does draining, issue #25). The injected `clock` is wrapped
 * so the development switch can move it. Raising ASSIGNED / COMMENT alarms happens in the item and comment writes
 * (events/raise-alarms.ts).
 */
export async function alarmsPlugin(app: FastifyInstance, options: AlarmsPluginOptions): Promise<void> {
  const { config, database } = options;
  const clock = movableClock(options.clock);
  const reminder = new DeadlineReminder(database.db, () => clock.now(), app.log);
  app.decorate('alarms', {
    clock,
    runReminder: () => reminder.run(),
    reminderIdle: () => reminder.idle(),
  } satisfies AlarmsHandle);
  app.addHook('onReady', async () => reminder.schedule());
  app.addHook('onClose', async () => reminder.stop());
  // issue #25: no new reminder run once the server drains (SIGTERM, server/lifecycle.ts); one in progress finishes.
  app.lifecycle?.onDrain(() => void reminder.stop());
  await app.register(alarmRoutes, { config, db: database.db, clock, reminder });
}

// Not encapsulated (Fastify "Plugins": the `skip-override` property, what fastify-plugin sets), so `app.alarms` and
// the lifecycle hooks belong to the app; the routes and their `Cache-Control` hook stay in their own child plugin.
(alarmsPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
