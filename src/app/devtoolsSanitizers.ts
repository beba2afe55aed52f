/*
 * What Redux DevTools may see (docs/security.md; README "Debugging a production build with time-travel"). The
 * store holds the access token (session slice) and, transiently, invite secrets (the invite token of an opened
 * link, a rejected password, the invite link and password in the RTK Query cache and in the actions that carry
 * them); a ticket for the event stream passes through one action. DevTools gets a copy of every action and state
 * with those redacted — by key, in this one place — and with any other string shaped like a JWT redacted too.
 * Class instances (a `Request` or `Response` in an RTK Query action's meta, whose headers hold the bearer token)
 * become their class name. The store itself is never changed.
 */

/** What a redacted value reads as in DevTools. */
export const REDACTED = '[redacted]';

/** Keys whose values are secret wherever they appear (state slices, RTK Query args and results, action payloads). */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'accessToken',
  'refreshToken',
  'token',
  'ticket',
  'password',
  'failedPassword',
  'invitePassword',
  'inviteUrl',
  'authorization',
  'Authorization',
]);

/** A compact JWT (header `eyJ…`): access tokens and event tickets. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || proto === Object.prototype;
}

/** Redacted copies of objects already seen: state is immutable, so unchanged subtrees are copied once. */
let copies = new WeakMap<object, unknown>();

function redact(value: unknown): unknown {
  if (typeof value === 'string') return JWT.test(value) ? REDACTED : value;
  if (typeof value !== 'object' || value === null) return value;
  const cached = copies.get(value);
  if (cached !== undefined) return cached;
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map(redact);
  } else if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      out[key] = SECRET_KEYS.has(key) && entry !== null && entry !== undefined ? REDACTED : redact(entry);
    }
    copy = out;
  } else {
    copy = `[${(value as { constructor?: { name?: string } }).constructor?.name ?? 'object'}]`;
  }
  copies.set(value, copy);
  return copy;
}

/**
 * A copy of `value` with every secret redacted: the values of `SECRET_KEYS` (null and undefined stay, so DevTools
 * still shows whether a token is there), JWT-shaped strings, and class instances. Same shape otherwise.
 */
export function redactSecrets<T>(value: T): T {
  return redact(value) as T;
}

/** Forgets the copies (tests). */
export function resetRedactionCache(): void {
  copies = new WeakMap();
}

/** `devTools.actionSanitizer` of `configureStore`. */
export const actionSanitizer = <A>(action: A): A => redactSecrets(action);
/** `devTools.stateSanitizer` of `configureStore`. */
export const stateSanitizer = <S>(state: S): S => redactSecrets(state);
