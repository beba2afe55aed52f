import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { EVENT_HEARTBEAT_MS, EVENT_REPLAY_WINDOW_MS, EVENT_STREAMS_PER_MEMBER } from '../../../contract';
import type { Database } from '../../db';
import { jobFailures, jobRuns } from '../../metrics';
import { EVENTS_CHANNEL } from './outbox';

/**
 * The event hub of one app server (docs/live-updates.md): it holds this server's open SSE streams, listens on the
 * PostgreSQL channel `momentum_events` (EVENTS_CHANNEL) and, for every notification `"<outbox id> <workspaceId>"`
 * of a workspace that has local streams, reads the outbox row and writes it to each stream of that workspace whose
 * member it is for (`member_id` null = every member). Events of other workspaces never reach a stream: a stream is
 * filed under the workspace its ticket was issued for, and rows are matched on `workspace_id`.
 *
 * Listener: on PostgreSQL a dedicated `pg.Client` (outside the pool, since LISTEN binds to one session) that
 * reconnects with backoff when it drops and then catches every local stream up from the outbox; on PGlite
 * `client.listen()` (in-process NOTIFY).
 *
 * Outbox ids are taken before commit, so notifications may arrive out of id order: rows are delivered by the
 * notified id, and each stream remembers the ids it already wrote (replays and catch-ups never write one twice).
 */

/** Tunables (the contract's values by default; tests lower them). */
export interface HubTuning {
  /** Interval of the `: heartbeat` comment, ms. */
  heartbeatMs: number;
  /** Open streams per member on this server; opening one more closes that member's oldest. */
  streamsPerMember: number;
  /** Outbox rows older than this are pruned (the `Last-Event-ID` replay window), ms. */
  replayWindowMs: number;
  /** How often outbox rows and used tickets are pruned, ms. */
  pruneIntervalMs: number;
}

export const DEFAULT_TUNING: HubTuning = {
  heartbeatMs: EVENT_HEARTBEAT_MS,
  streamsPerMember: EVENT_STREAMS_PER_MEMBER,
  replayWindowMs: EVENT_REPLAY_WINDOW_MS,
  pruneIntervalMs: 60_000,
};

/** The reconnection delay `retry:` the stream tells the browser, ms. */
export const STREAM_RETRY_MS = 3000;
/**
 * issue #25: the reconnection delay told to open streams when this server drains (SIGTERM), ms: each stream gets
 * `DRAIN_RETRY_MS` plus up to `DRAIN_RETRY_SPREAD_MS` at random, so the browsers of a server that stops do not all
 * come back in the same instant (docs/operations.md "Shutdown").
 */
export const DRAIN_RETRY_MS = 500;
export const DRAIN_RETRY_SPREAD_MS = 1000;
/** A stream whose unsent output exceeds this many bytes (a client that stopped reading) is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ids a stream remembers as written (to skip a row delivered both live and by a replay or catch-up). */
const SENT_IDS_KEPT = 2048;
/** Listener reconnection backoff (PostgreSQL), ms. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** Rows written up to this long before the listener dropped are re-read after it reconnects, ms. */
const CATCH_UP_MARGIN_MS = 5_000;

interface OutboxRow {
  id: number;
  workspaceId: number;
  memberId: number | null;
  /** A private team's event (issue #23): only that team's members receive it. */
  teamId: number | null;
  payload: string;
}

/** One open SSE stream. */
class Stream {
  readonly sent = new Set<number>();
  /** Rows that arrived while the replay was running (written after it), or null once it is done. */
  queue: OutboxRow[] | null = [];
  /** Highest id written. */
  lastId = 0;
  heartbeat: NodeJS.Timeout | undefined;
  closed = false;

  constructor(
    readonly memberId: number,
    readonly workspaceId: number,
    readonly res: ServerResponse,
  ) {}

  /** Writes `text` unless the stream is closed; closes it when the client stopped reading. */
  write(text: string): void {
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
  }

  /** A live row: queued during the replay, else written. */
  deliver(row: OutboxRow): void {
    if (this.queue) this.queue.push(row);
    else this.writeRow(row);
  }

  /** Writes one outbox row as `id / event: change / data`, once. */
  writeRow(row: OutboxRow): void {
    if (this.sent.has(row.id)) return;
    this.sent.add(row.id);
    if (this.sent.size > SENT_IDS_KEPT) this.sent.delete(this.sent.values().next().value!);
    this.lastId = Math.max(this.lastId, row.id);
    this.write(`id: ${row.id}\nevent: change\ndata: ${row.payload}\n\n`);
  }

  /** Ends the replay phase: writes what arrived meanwhile, in id order. */
  flush(): void {
    const queued = (this.queue ?? []).sort((a, b) => a.id - b.id);
    this.queue = null;
    for (const row of queued) this.writeRow(row);
  }

  /** `teamMembers`: the members of the row's private team (`row.teamId`), when it has one. */
  matches(row: OutboxRow, teamMembers?: ReadonlySet<number>): boolean {
    return (
      row.workspaceId === this.workspaceId &&
      (row.memberId === null || row.memberId === this.memberId) &&
      (row.teamId === null || teamMembers?.has(this.memberId) === true)
    );
  }
}

/** Result of `EventHub.resumePoint`. */
type Resume = { kind: 'replay'; after: number } | { kind: 'resync'; latest: number } | { kind: 'live' };

export class EventHub {
  readonly tuning: HubTuning;
  readonly #database: Database;
  readonly #log: FastifyBaseLogger;
  /** Local streams by workspace id. */
  readonly #streams = new Map<number, Set<Stream>>();
  /** Outbox ids notified and not read yet (read together, once per event-loop turn). */
  #pending = new Set<number>();
  #flushScheduled = false;
  #reading: Promise<void> = Promise.resolve();
  #pruneTimer: NodeJS.Timeout | undefined;
  #pruning: Promise<void> = Promise.resolve();
  #closed = false;
  /** issue #25: the server drains: new streams are ended at once, open ones were told to reconnect elsewhere. */
  #draining = false;
  #unlisten: (() => Promise<void>) | undefined;
  #pgClient: pg.Client | undefined;
  #reconnectTimer: NodeJS.Timeout | undefined;
  #reconnectDelay = RECONNECT_MIN_MS;
  /** When the PostgreSQL listener dropped (null while connected). */
  #droppedAt: number | null = null;
  /** Newest outbox id notified (of any workspace), or read from the sequence at start. */
  #mark = 0;

  constructor(database: Database, log: FastifyBaseLogger, tuning: Partial<HubTuning> = {}) {
    this.#database = database;
    this.#log = log;
    this.tuning = { ...DEFAULT_TUNING, ...tuning };
  }

  /** Number of open local streams (benchmark, tests). */
  get streamCount(): number {
    let n = 0;
    for (const set of this.#streams.values()) n += set.size;
    return n;
  }

  /**
   * The newest outbox id this server has seen (notified, or the sequence's value when listening started): what
   * `EVENT_MARK_HEADER` carries. Every event with a higher id is in the outbox or still to come, so a stream
   * resuming after it misses nothing that data read from now on does not show. It may lag the database by the
   * notification's delay, which only makes a resume replay a few events the data already shows (applying an event
   * twice changes nothing). Never above the sequence.
   */
  get mark(): number {
    return this.#mark;
  }

  /** Starts listening and the periodic pruning. Resolves once LISTEN is in place. */
  async start(): Promise<void> {
    const driver = this.#database.driver;
    if (driver.kind === 'pglite') {
      this.#unlisten = await driver.client.listen(EVENTS_CHANNEL, (payload) => this.#onNotify(payload));
    } else {
      await this.#connectPg(driver.client.options);
    }
    // After LISTEN: an event committed meanwhile is at most notified too (the mark only moves up).
    const [row] = await this.#rows<{ last_value: string | number; is_called: boolean }>(
      sql`select last_value, is_called from event_outbox_id_seq`,
    );
    if (row?.is_called) this.#mark = Math.max(this.#mark, Number(row.last_value));
    this.#schedulePrune(0);
  }

  /** Ends every stream (for shutdown: open streams would keep `server.close()` waiting). */
  endStreams(): void {
    for (const set of this.#streams.values()) {
      for (const stream of set) this.#end(stream);
    }
    this.#streams.clear();
  }

  /**
   * issue #25, shutdown (docs/operations.md "Shutdown"): tells every open stream to reconnect elsewhere — a
   * `retry: <ms>` line (`DRAIN_RETRY_MS` + a random share of `DRAIN_RETRY_SPREAD_MS`), then the end of the stream,
   * so the browser reconnects (to another server, through the proxy) and resumes with its last event id — and
   * stops the outbox pruning (no new job run). A stream opened later is ended the same way at once. Listening goes
   * on until `close()`.
   */
  drain(random: () => number = Math.random): void {
    this.#draining = true;
    clearTimeout(this.#pruneTimer);
    for (const set of this.#streams.values()) {
      for (const stream of set) this.#endWithRetry(stream, random);
    }
    this.#streams.clear();
  }

  #endWithRetry(stream: Stream, random: () => number): void {
    stream.write(`retry: ${DRAIN_RETRY_MS + Math.round(random() * DRAIN_RETRY_SPREAD_MS)}\n\n`);
    this.#end(stream);
  }

  /** Ends the streams, stops listening and pruning; waits for a read or prune in progress. */
  async close(): Promise<void> {
    this.#closed = true;
    this.endStreams();
    clearTimeout(this.#pruneTimer);
    clearTimeout(this.#reconnectTimer);
    const client = this.#pgClient;
    this.#pgClient = undefined;
    await client?.end().catch(() => {});
    await this.#unlisten?.().catch(() => {});
    await this.#reading;
    await this.#pruning;
  }

  /**
   * Starts streaming to `res` (headers already written) for `memberId` of `workspaceId`. With `lastEventId`
   * (the browser's `Last-Event-ID`), first writes the outbox rows after it that are meant for the member — or one
   * `{"type":"resync"}` event (whose id is the newest outbox id) when rows after it may have been pruned — then
   * live rows. Beyond `streamsPerMember` streams of the member on this server, the oldest is closed.
   */
  async open(memberId: number, workspaceId: number, res: ServerResponse, lastEventId: number | null) {
    const stream = new Stream(memberId, workspaceId, res);
    if (this.#closed) {
      res.end();
      return;
    }
    if (this.#draining) {
      this.#endWithRetry(stream, Math.random);
      return;
    }
    let set = this.#streams.get(workspaceId);
    if (!set) {
      set = new Set();
      this.#streams.set(workspaceId, set);
    }
    // Registered before the replay query, so nothing committed meanwhile is missed (it waits in `queue`).
    set.add(stream);
    const own = [...set].filter((s) => s.memberId === memberId);
    for (const old of own.slice(0, Math.max(0, own.length - this.tuning.streamsPerMember))) {
      this.#remove(old);
    }
    res.on('close', () => this.#remove(stream));
    stream.write(`retry: ${STREAM_RETRY_MS}\n\n`);
    stream.heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), this.tuning.heartbeatMs);
    stream.heartbeat.unref();

    try {
      const resume = lastEventId === null ? { kind: 'live' as const } : await this.#resumePoint(lastEventId);
      if (resume.kind === 'resync') {
        stream.lastId = resume.latest;
        stream.write(`id: ${resume.latest}\nevent: change\ndata: ${JSON.stringify({ type: 'resync' })}\n\n`);
        // Rows up to `latest` are covered by the client's refetch.
        for (const row of stream.queue ?? []) if (row.id <= resume.latest) stream.sent.add(row.id);
      } else if (resume.kind === 'replay') {
        const rows = await this.#readAfter(workspaceId, memberId, resume.after, null);
        for (const row of rows) stream.writeRow(row);
      }
    } catch (error) {
      this.#log.error({ err: error }, 'event stream replay failed');
      this.#remove(stream);
      return;
    }
    stream.flush();
  }

  /** Where a stream resuming after `lastEventId` starts (see `open`). */
  async #resumePoint(lastEventId: number): Promise<Resume> {
    const rows = await this.#rows<{
      oldest: string | number | null;
      last_value: string | number;
      is_called: boolean;
    }>(
      sql`select (select min(id) from event_outbox) as oldest, s.last_value, s.is_called
          from event_outbox_id_seq s`,
    );
    const row = rows[0]!;
    const latest = row.is_called ? Number(row.last_value) : 0;
    const oldest = row.oldest === null ? latest + 1 : Number(row.oldest);
    // An id from the future (another database, a reset) or one before a gap that pruning may have made.
    if (lastEventId > latest || lastEventId < oldest - 1) return { kind: 'resync', latest };
    return { kind: 'replay', after: lastEventId };
  }

  /**
   * Outbox rows of the workspace for the member with id > `after` (or, with `since`, written after it); rows of a
   * private team only when the member belongs to it now (issue #23).
   */
  async #readAfter(workspaceId: number, memberId: number, after: number, since: Date | null) {
    const recent = since === null ? sql`false` : sql`created_at >= ${since.toISOString()}::timestamptz`;
    return this.#outbox(sql`
      select id, workspace_id, member_id, team_id, payload from event_outbox
      where workspace_id = ${workspaceId} and (member_id is null or member_id = ${memberId})
        and (team_id is null or exists (
          select 1 from team_member tm where tm.team_id = event_outbox.team_id and tm.member_id = ${memberId}))
        and (id > ${after} or ${recent})
      order by id`);
  }

  async #outbox(query: ReturnType<typeof sql>): Promise<OutboxRow[]> {
    const rows = await this.#rows<{
      id: string | number;
      workspace_id: number;
      member_id: number | null;
      team_id: number | null;
      payload: string;
    }>(query);
    return rows.map((r) => ({
      id: Number(r.id),
      workspaceId: Number(r.workspace_id),
      memberId: r.member_id === null ? null : Number(r.member_id),
      teamId: r.team_id === null || r.team_id === undefined ? null : Number(r.team_id),
      payload: r.payload,
    }));
  }

  async #rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = await this.#database.db.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  }

  /** A notification `"<id> <workspaceId>"`: queued when the workspace has local streams. */
  #onNotify(payload: string): void {
    const [idText, workspaceText] = payload.split(' ');
    const id = Number(idText);
    const workspaceId = Number(workspaceText);
    if (!Number.isSafeInteger(id)) return;
    if (id > this.#mark) this.#mark = id;
    if (!this.#streams.has(workspaceId)) return;
    this.#pending.add(id);
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.#reading = this.#reading.then(() => this.#readPending());
    });
  }

  /** Reads every pending id in one query and delivers the rows. */
  async #readPending(): Promise<void> {
    const ids = [...this.#pending];
    this.#pending = new Set();
    if (ids.length === 0 || this.#closed) return;
    try {
      const rows = await this.#outbox(sql`
        select id, workspace_id, member_id, team_id, payload from event_outbox
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by id`);
      const members = await this.#teamMembers(rows);
      for (const row of rows) this.#deliver(row, row.teamId === null ? undefined : members.get(row.teamId));
    } catch (error) {
      this.#log.error({ err: error, ids }, 'reading live events from the outbox failed');
    }
  }

  /** The current members of the private teams of `rows` (issue #23), one query; none when no row has a team. */
  async #teamMembers(rows: readonly OutboxRow[]): Promise<Map<number, Set<number>>> {
    const teams = [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId])))];
    const members = new Map<number, Set<number>>();
    if (teams.length === 0) return members;
    const found = await this.#rows<{ team_id: number; member_id: number }>(sql`
      select team_id, member_id from team_member where team_id in (${sql.join(
        teams.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const r of found) {
      const teamId = Number(r.team_id);
      let set = members.get(teamId);
      if (!set) members.set(teamId, (set = new Set()));
      set.add(Number(r.member_id));
    }
    return members;
  }

  #deliver(row: OutboxRow, teamMembers?: ReadonlySet<number>): void {
    const set = this.#streams.get(row.workspaceId);
    if (!set) return;
    let withdrew: number | null = null;
    let removed: number | null = null;
    try {
      const event = JSON.parse(row.payload) as { type?: string; memberId?: number };
      // A withdrawn or removed member's streams end; the removed member first receives the event (their tabs
      // sign out on it), then their stream ends.
      if (event.type === 'member.withdrew' && typeof event.memberId === 'number') withdrew = event.memberId;
      if (event.type === 'member.removed' && typeof event.memberId === 'number') removed = event.memberId;
    } catch {
      // Stored by publishEvent as JSON; never expected.
    }
    for (const stream of set) {
      if (!stream.matches(row, teamMembers)) continue;
      // A withdrawn member's own streams end (their tickets and tokens are refused from now on).
      if (stream.memberId === withdrew) this.#remove(stream);
      else if (stream.memberId === removed) {
        stream.deliver(row);
        // After the queued replay is written, if any (`deliver` queues during a replay).
        setImmediate(() => this.#remove(stream));
      } else stream.deliver(row);
    }
  }

  #remove(stream: Stream): void {
    const set = this.#streams.get(stream.workspaceId);
    set?.delete(stream);
    if (set && set.size === 0) this.#streams.delete(stream.workspaceId);
    this.#end(stream);
  }

  #end(stream: Stream): void {
    if (stream.closed) return;
    stream.closed = true;
    clearInterval(stream.heartbeat);
    stream.res.end();
  }

  /** PostgreSQL: a dedicated client LISTENing on the channel; on error or end, reconnect with backoff. */
  async #connectPg(options: pg.PoolConfig): Promise<void> {
    const { Client } = (await import('pg')).default;
    const client = new Client({ ...options, keepAlive: true });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.#pgClient === client) this.#pgClient = undefined;
      client.end().catch(() => {});
      if (this.#closed) return;
      this.#droppedAt ??= Date.now();
      this.#log.warn({ err: error }, 'event listener lost its database connection; reconnecting');
      this.#scheduleReconnect(options);
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) this.#onNotify(message.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#pgClient = client;
    this.#reconnectDelay = RECONNECT_MIN_MS;
    if (this.#droppedAt !== null) {
      const since = new Date(this.#droppedAt - CATCH_UP_MARGIN_MS);
      this.#droppedAt = null;
      this.#reading = this.#reading.then(() => this.#catchUp(since));
    }
  }

  #scheduleReconnect(options: pg.PoolConfig): void {
    clearTimeout(this.#reconnectTimer);
    const delay = this.#reconnectDelay;
    this.#reconnectDelay = Math.min(this.#reconnectDelay * 2, RECONNECT_MAX_MS);
    this.#reconnectTimer = setTimeout(() => {
      this.#connectPg(options).catch((error: unknown) => {
        this.#log.warn({ err: error, retryInMs: this.#reconnectDelay }, 'event listener reconnect failed');
        if (!this.#closed) this.#scheduleReconnect(options);
      });
    }, delay);
    this.#reconnectTimer.unref();
  }

  /**
   * After the listener reconnected: every local stream gets the rows it may have missed — those after the last id
   * it wrote, and those written since shortly before the drop (a lower id can commit later); ids already written
   * are skipped.
   */
  async #catchUp(since: Date): Promise<void> {
    for (const set of [...this.#streams.values()]) {
      for (const stream of [...set]) {
        try {
          const rows = await this.#readAfter(stream.workspaceId, stream.memberId, stream.lastId, since);
          for (const row of rows) stream.deliver(row);
        } catch (error) {
          this.#log.error({ err: error }, 'event stream catch-up failed');
        }
      }
    }
  }

  /** Test hook: drops the PostgreSQL listener connection as a network failure would. */
  async dropListenerForTest(): Promise<void> {
    const client = this.#pgClient;
    if (!client) return;
    client.emit('error', new Error('dropped for a test'));
  }

  #schedulePrune(delay: number): void {
    if (this.#closed || this.#draining) return;
    this.#pruneTimer = setTimeout(() => {
      this.#pruning = this.#prune().finally(() => this.#schedulePrune(this.tuning.pruneIntervalMs));
    }, delay);
    this.#pruneTimer.unref();
  }

  /** Deletes outbox rows older than the replay window and used tickets past their expiry. */
  async #prune(): Promise<void> {
    jobRuns.inc({ job: 'outbox_prune' });
    try {
      const cutoff = new Date(Date.now() - this.tuning.replayWindowMs).toISOString();
      await this.#database.db.execute(
        sql`delete from event_outbox where created_at < ${cutoff}::timestamptz`,
      );
      await this.#database.db.execute(sql`delete from event_ticket_use where expires_at < now()`);
    } catch (error) {
      jobFailures.inc({ job: 'outbox_prune' });
      if (!this.#closed) this.#log.warn({ err: error }, 'pruning the event outbox failed');
    }
  }

  /** Runs one prune now (tests). */
  async pruneNow(): Promise<void> {
    await this.#prune();
  }
}
