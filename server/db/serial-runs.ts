/**
 * Runs of one background job of one app server, one after another (the database upkeep, server/db/upkeep.ts, and
 * the deadline reminder, server/modules/alarms/reminder.ts; docs/architecture.md): a run starts after the one in
 * progress has settled, so two never overlap; a failed run does not stop the next.
 */
export class SerialRuns {
  private tail: Promise<unknown> = Promise.resolve();

  /** Starts `job` after the run in progress; resolves or rejects as `job` does. */
  next<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves when no run is in progress (also the runs queued while it waits). */
  async idle(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }
}
