import type { FastifyReply } from 'fastify';
import { CODES, type Code, type Envelope } from '../../contract';

/**
 * The `/api` response envelope (docs/product.md "Errors and messages"): `{ isSuccess, code, message, result }`.
 * The HTTP status always comes from the `CODES` catalogue, so the body's code and the status never disagree.
 * `message` is the catalogue's unless a more precise Korean text is given (e.g. the failing workspace-name rule).
 */
export function envelope<T>(code: Code, result: T, message: string = CODES[code].message): Envelope<T> {
  return { isSuccess: CODES[code].status < 400, code, message, result };
}

/** Sends `envelope(code, result)` with the catalogue's status. */
export function ok<T>(reply: FastifyReply, code: Code, result: T): FastifyReply {
  return reply.code(CODES[code].status).send(envelope(code, result));
}

/** Result of an error envelope: field → Korean message (400 `VALID400_1`), `{ requestId }` (500) or null. */
export type ErrorResult = Record<string, string> | { requestId: string } | null;

export interface ApiErrorOptions {
  /** Korean text for the envelope's `message` instead of the catalogue's. */
  message?: string;
  /** Response headers to send with the error (e.g. `Retry-After`). */
  headers?: Record<string, string>;
}

/**
 * A handled failure: the error handler answers `envelope(code, result, message)` with the catalogue's status (and
 * `headers`). Throw it from handlers and hooks; it is never logged as a server error.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: Code,
    readonly result: ErrorResult = null,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? CODES[code].message);
    this.name = 'ApiError';
    this.statusCode = CODES[code].status;
    this.headers = options.headers ?? {};
  }
}
