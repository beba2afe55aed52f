/**
 * The life of one app server (docs/operations.md): shared by the readiness check (`GET /readyz`,
 * server/modules/system/), the event stream (server/modules/events/, which tells open streams to reconnect
 * elsewhere when draining begins) and the background jobs (the deadline reminder, the outbox pruning and the
 * database upkeep, which start no new run while draining).
 *
 * States, in order (never backwards):
 * - `starting`: the app is being built (database opened and migrated, routes registered);
 * - `warming`: it listens, `GET /healthz` answers, but the warm-up (server/modules/system/warmup.ts) still runs —
 *   `GET /readyz` answers 503 so a proxy sends no user yet;
 * - `ready`: it serves at normal speed, `GET /readyz` answers 200 (while the database answers);
 * - `draining`: SIGTERM (or SIGINT) arrived — `GET /readyz` answers 503 at once, event streams are ended with a
 *   `retry` hint, no new job run starts, in-flight requests finish, then the process exits (server/main.ts).
 */
export type LifecycleState = 'starting' | 'warming' | 'ready' | 'draining';

const ORDER: Record<LifecycleState, number> = { starting: 0, warming: 1, ready: 2, draining: 3 };

export class Lifecycle {
  #state: LifecycleState = 'starting';
  readonly #drainListeners = new Set<() => void>();

  /** The current state (see the module comment). */
  get state(): LifecycleState {
    return this.#state;
  }

  /** True once draining began: jobs start no new run, streams are being ended. */
  get draining(): boolean {
    return this.#state === 'draining';
  }

  /** `starting` → `warming` (the warm-up runs). No effect from a later state. */
  warming(): void {
    this.#advance('warming');
  }

  /** → `ready` (the warm-up is done, or there is none). No effect once draining. */
  ready(): void {
    this.#advance('ready');
  }

  /**
   * → `draining`, once: calls every `onDrain` listener (synchronously, in registration order; a listener that
   * throws does not stop the others). Later calls do nothing.
   */
  drain(): void {
    if (this.#state === 'draining') return;
    this.#advance('draining');
    for (const listener of [...this.#drainListeners]) {
      try {
        listener();
      } catch {
        // A listener's failure must not keep the others (or the shutdown) from running.
      }
    }
    this.#drainListeners.clear();
  }

  /** Calls `listener` when draining begins (at once if it already has); returns a function that unregisters it. */
  onDrain(listener: () => void): () => void {
    if (this.#state === 'draining') {
      listener();
      return () => {};
    }
    this.#drainListeners.add(listener);
    return () => this.#drainListeners.delete(listener);
  }

  #advance(to: LifecycleState): void {
    if (ORDER[to] > ORDER[this.#state]) this.#state = to;
  }
}
