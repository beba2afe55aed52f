import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '../../../contract';
import { type SignedInMember, asMember } from './members';

/** One message of a server-sent events stream. */
export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

/**
 * A minimal SSE client over `fetch` (what a browser's EventSource does, without its reconnects): parses `id:`,
 * `event:`, `data:` fields and `:` comments as they arrive.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  retry: number | null = null;
  ended = false;
  #waiters: Array<() => void> = [];
  readonly #abort = new AbortController();

  private constructor(readonly response: Response) {}

  /** Opens `url`; resolves with the client once the response headers are in (the body is read in the background). */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    const client = new SseClient(response);
    client.#abort.signal.addEventListener('abort', () => controller.abort());
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) void client.#read();
    return client;
  }

  /** The `LiveEvent`s received so far (`event: change` messages). */
  get events(): Array<LiveEvent & { eventId: number }> {
    return this.messages
      .filter((m) => m.event === 'change')
      .map((m) => ({ ...(JSON.parse(m.data) as LiveEvent), eventId: Number(m.id) }));
  }

  get lastEventId(): string | undefined {
    return [...this.messages].reverse().find((m) => m.id !== undefined)?.id;
  }

  async #read(): Promise<void> {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let current: Partial<SseMessage> & { data?: string } = {};
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.data !== undefined) {
              this.messages.push({ id: current.id, event: current.event, data: current.data });
            }
            current = {};
          } else if (line.startsWith(':')) {
            this.comments.push(line.slice(1).trim());
          } else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') current.id = value;
            else if (field === 'event') current.event = value;
            else if (field === 'data')
              current.data = current.data === undefined ? value : `${current.data}\n${value}`;
            else if (field === 'retry') this.retry = Number(value);
          }
        }
        this.#notify();
      }
    } catch {
      // Aborted or reset.
    }
    this.ended = true;
    this.#notify();
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `predicate` holds (checked on every chunk), or fails after `timeoutMs`. */
  async waitFor(predicate: (client: SseClient) => boolean, what: string, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for a change event matching `predicate` and returns it. */
  async next(
    predicate: (event: LiveEvent) => boolean,
    what: string,
    timeoutMs = 5000,
  ): Promise<LiveEvent & { eventId: number }> {
    await this.waitFor((c) => c.events.some(predicate), what, timeoutMs);
    return this.events.find(predicate)!;
  }

  close(): void {
    this.#abort.abort();
  }
}

/** A fresh ticket of `who`. */
export async function ticketOf(app: FastifyInstance, who: SignedInMember): Promise<string> {
  const res = await asMember(app, who, 'POST', '/api/events/ticket');
  if (res.statusCode !== 200) throw new Error(`ticket: ${res.statusCode} ${res.body}`);
  return res.json<{ result: { ticket: string } }>().result.ticket;
}

/** `http://127.0.0.1:<port>` of a listening app. */
export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Opens a stream of `who` on `app` (`server` answers the HTTP; tickets come from `app`). */
export async function openStream(
  app: FastifyInstance,
  who: SignedInMember,
  options: { lastEventId?: string; server?: FastifyInstance; header?: boolean } = {},
): Promise<SseClient> {
  const ticket = await ticketOf(app, who);
  const query = new URLSearchParams({ ticket });
  const headers: Record<string, string> = {};
  if (options.lastEventId !== undefined) {
    if (options.header) headers['last-event-id'] = options.lastEventId;
    else query.set('lastEventId', options.lastEventId);
  }
  const client = await SseClient.open(`${baseUrl(options.server ?? app)}/api/events?${query}`, headers);
  if (client.response.status !== 200) throw new Error(`stream: ${client.response.status}`);
  // `retry:` is the first thing written: the stream is registered on the server once it is read.
  await client.waitFor((c) => c.retry !== null, 'retry line');
  return client;
}
