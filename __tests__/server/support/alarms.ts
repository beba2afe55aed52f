import type { FastifyInstance } from 'fastify';
import { type AlarmPage, type AlarmUnreadCount, alarmPageSchema } from '../../../contract';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db';
import type { Clock } from '../../../server/modules/alarms';
import { type SignedInMember, asMember } from './members';
import { testEnv } from './test-app';

/** A clock tests set by hand (`set`) or move (`advance`). */
export interface FakeClock extends Clock {
  set(to: Date | string): void;
  advanceDays(days: number): void;
}

export function fakeClock(start: Date | string): FakeClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to) {
      current = new Date(to);
    },
    advanceDays(days) {
      current = new Date(current.getTime() + days * 86_400_000);
    },
  };
}

/**
 * A test app on `database` with `clock`, ready, its start-up reminder run finished (so a test's own writes never
 * race it). `env` overrides the test environment (e.g. `NODE_ENV: 'production'`).
 */
export async function createAlarmApp(
  database: Database,
  clock: Clock,
  env: Record<string, string | undefined> = {},
): Promise<FastifyInstance> {
  const app = await buildApp(loadConfig(testEnv(env)), { database, clock });
  await app.ready();
  await app.alarms.reminderIdle();
  return app;
}

/** `GET /api/alarms/{type}` (200 expected), parsed with the contract. */
export async function alarmPageOk(
  app: FastifyInstance,
  who: SignedInMember,
  type: 'GOAL' | 'ISSUE' | 'EXTERNAL',
  params: Record<string, string | number> = {},
): Promise<AlarmPage> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await asMember(app, who, 'GET', `/api/alarms/${type}${query ? `?${query}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`alarm page failed: ${res.statusCode} ${res.body}`);
  return alarmPageSchema.parse(res.json().result);
}

/** `GET /api/alarms/unread-count` (200 expected). */
export async function unreadOk(app: FastifyInstance, who: SignedInMember): Promise<AlarmUnreadCount> {
  const res = await asMember(app, who, 'GET', '/api/alarms/unread-count');
  if (res.statusCode !== 200) throw new Error(`unread count failed: ${res.statusCode} ${res.body}`);
  return res.json().result;
}

/** Every row of a page, in page order. */
export const rowsOf = (page: AlarmPage) => page.groupedList.flatMap((g) => g.notiList);
