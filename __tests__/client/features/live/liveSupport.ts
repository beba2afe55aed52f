import type { LiveEvent } from '../../../../contract/events';
import type { EventSourceLike } from '../../../../src/features/live/liveConnection';

/* A fake EventSource for the live update tests: records every stream opened, lets the test open, feed and break it. */

export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];

  static reset() {
    FakeEventSource.instances = [];
  }

  static get latest(): FakeEventSource {
    const last = FakeEventSource.instances[FakeEventSource.instances.length - 1];
    if (!last) throw new Error('no EventSource opened');
    return last;
  }

  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: Array<(event: MessageEvent<string>) => void> = [];

  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    if (type === 'change') this.listeners.push(listener);
  }

  close() {
    this.closed = true;
  }

  /** The server answered: the stream is open. */
  open() {
    this.onopen?.(new Event('open'));
  }

  /** One `id: <id>` / `event: change` / `data: <json>` message. */
  emit(id: string, event: LiveEvent) {
    const message = new MessageEvent('change', { data: JSON.stringify(event), lastEventId: id });
    for (const listener of this.listeners) listener(message);
  }

  /** The connection broke (or the ticket was refused). */
  fail() {
    this.onerror?.(new Event('error'));
  }

  /** Query parameters of the stream URL. */
  param(name: string): string | null {
    return new URL(this.url, 'http://localhost').searchParams.get(name);
  }
}

/**
 * A Web Locks manager for several "tabs" in one test: one holder per name, waiters in order, an aborted waiter
 * rejects (as `navigator.locks` does).
 */
export function fakeLocks(): Pick<LockManager, 'request'> {
  const queues = new Map<string, Array<() => void>>();
  const held = new Set<string>();
  const grant = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  const request = (
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => Promise<unknown> | unknown,
  ): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const run = () => {
        held.add(name);
        Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).then(
          (value) => {
            grant(name);
            resolve(value);
          },
          (error: unknown) => {
            grant(name);
            reject(error);
          },
        );
      };
      if (!held.has(name)) {
        run();
        return;
      }
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      queue.push(run);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(run);
        if (index >= 0) queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  return { request: request as LockManager['request'] };
}
