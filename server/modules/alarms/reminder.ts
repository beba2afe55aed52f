import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { ALARM_RETENTION_DAYS, type ItemKind } from '../../../contract';
import type { Database, Db } from '../../db';
import { SerialRuns } from '../../db/serial-runs';
import { countJob } from '../../metrics';
import { DEFAULT_TIME_ZONE } from '../../http/time';
import { publishEvent } from '../events';
import { addDays, seoulDay } from './day';
import { ALARM_TYPE_OF_KIND } from '../events';
import { AUDIT_RETENTION_DAYS } from '../../../contract/roles';
import { pruneAudit } from '../audit';

/**
 * The daily deadline reminder (contract/alarms.ts "Reasons": DEADLINE). It runs at 09:00 Asia/Seoul
 * (`REMINDER_SCHEDULE`, croner) and once when the app is ready, which catches up after downtime: whatever is due
 * "today" by the app's clock is raised at the first run of the day, on whichever server runs it first.
 */

/** croner pattern and zone of the daily run. */
export const REMINDER_SCHEDULE = '0 9 * * *';
export const REMINDER_TIME_ZONE = DEFAULT_TIME_ZONE;

/**
 * Key of the transaction-level advisory lock that lets one app server scan at a time (PostgreSQL
 * `pg_try_advisory_xact_lock`; 0x4d6f6d41 = "MomA"). Other servers skip instead of waiting; the alarm table's unique
 * key (member, item, reason, day) keeps even an overlapping run from raising anything twice.
 */
export const REMINDER_LOCK_KEY = 0x4d6f6d41;

/** What one run did: alarms raised, alarms purged, and whether it skipped because another server was scanning. */
export interface ReminderResult {
  raised: number;
  purged: number;
  skipped: boolean;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One reminder run at instant `now` (the app's clock), in one transaction:
 * 1. `pg_try_advisory_xact_lock(REMINDER_LOCK_KEY)`; when another server holds it → `{ skipped: true }`, nothing done;
 * 2. for every manager of an item whose `deadline_end` is today (Asia/Seoul date of `now`) or earlier and whose state
 *    is neither FINISH nor DELETE (the product's "canceled"), the manager not withdrawn and still in the item's
 *    workspace (not removed by an admin), insert a DEADLINE alarm of
 *    today (`created_at` = `now`) — `ON CONFLICT DO NOTHING`, so a second run the same day raises nothing;
 * 3. publish one `alarm.raised` event per new alarm to its member (delivered on commit);
 * 4. delete alarms whose day is more than `ALARM_RETENTION_DAYS` (30) days before today, and audit entries older
 *    than `AUDIT_RETENTION_DAYS` (issue #23).
 * Accepts the `Database` or its Drizzle handle.
 */
export async function runDeadlineReminder(database: Database | Db, now: Date): Promise<ReminderResult> {
  const db = 'db' in database && 'driver' in database ? database.db : (database as Db);
  const today = seoulDay(now);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY}) as locked`),
    );
    if (!lock?.locked) return { raised: 0, purged: 0, skipped: true };

    const raised = rowsOf<{ id: number; member_id: number; workspace_id: number; kind: ItemKind }>(
      await tx.execute(sql`
        with inserted as (
          insert into alarm (member_id, item_id, reason, day, created_at)
          select m.member_id, i.id, 'DEADLINE', ${today}::date, ${now.toISOString()}::timestamptz
          from item i
          join item_manager m on m.item_id = i.id
          join member mb on mb.id = m.member_id and mb.withdrawn_at is null and mb.workspace_id = i.workspace_id
          where i.deadline_end <= ${today}::date and i.state not in ('FINISH', 'DELETE')
          order by m.member_id, i.id
          on conflict (member_id, item_id, reason, day) do nothing
          returning id, member_id, item_id
        )
        select inserted.id, inserted.member_id, i.workspace_id, i.kind
        from inserted join item i on i.id = inserted.item_id
        order by inserted.id`),
    );
    for (const row of raised) {
      await publishEvent(
        tx,
        Number(row.workspace_id),
        {
          type: 'alarm.raised',
          actorId: null,
          alarmId: Number(row.id),
          alarmType: ALARM_TYPE_OF_KIND[row.kind],
        },
        Number(row.member_id),
      );
    }

    const purged = rowsOf<{ id: number }>(
      await tx.execute(
        sql`delete from alarm where day < ${addDays(today, -ALARM_RETENTION_DAYS)}::date returning id`,
      ),
    );
    // issue #23 (admin): audit entries older than AUDIT_RETENTION_DAYS go, under the same lock (docs/security.md
    // "Audit log").
    await pruneAudit(tx, AUDIT_RETENTION_DAYS, now);
    return { raised: raised.length, purged: purged.length, skipped: false };
  });
}

/**
 * The reminder of one app server: `schedule()` starts the daily croner job and one run at once (not awaited);
 * `run()` runs it now, after any run in progress (runs of one server never overlap); `idle()` waits for the runs
 * in progress; `stop()` stops the job and waits for a run in progress. Scheduled runs log failures and never throw.
 */
export class DeadlineReminder {
  private job: Cron | null = null;
  private readonly runs = new SerialRuns();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs the reminder now (after a run in progress) with the clock's time; rejects when the run fails. */
  run(): Promise<ReminderResult> {
    return this.runs.next(() =>
      countJob('deadline_reminder', () => runDeadlineReminder(this.db, this.now())),
    );
  }

  /** Starts the 09:00 Asia/Seoul job and the start-up run (catch-up); returns at once. */
  schedule(): void {
    if (this.stopped || this.job) return;
    this.job = new Cron(REMINDER_SCHEDULE, { timezone: REMINDER_TIME_ZONE, protect: true, unref: true }, () =>
      this.scheduledRun('daily'),
    );
    void this.scheduledRun('start-up');
  }

  /** Resolves when no run is in progress. */
  idle(): Promise<void> {
    return this.runs.idle();
  }

  /** Stops the daily job; waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.job?.stop();
    this.job = null;
    await this.idle();
  }

  private async scheduledRun(trigger: 'daily' | 'start-up'): Promise<void> {
    if (this.stopped) return;
    try {
      const result = await this.run();
      this.log.info({ ...result, trigger }, 'deadline reminder ran');
    } catch (error) {
      this.log.warn({ err: error, trigger }, 'deadline reminder failed');
    }
  }
}
