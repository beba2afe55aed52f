import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { Envelope } from '../../contract/envelope';

/**
 * Error helpers for RTK Query results. Errors keep fetchBaseQuery's shape `{ status, data }`, where `data` is
 * the server's envelope. (The guard mirrors `contract/envelope.ts#isEnvelope`, re-declared here so the client
 * entry does not pull zod in with that module.)
 */
export type ApiError = FetchBaseQueryError;

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Envelope<unknown>>;
  return (
    typeof candidate.isSuccess === 'boolean' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string' &&
    'result' in candidate
  );
}

/** The HTTP status of an RTK Query error (`PARSING_ERROR` keeps the original status), else undefined. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error as { status: unknown; originalStatus?: unknown };
  if (typeof status === 'number') return status;
  const original = (error as { originalStatus?: unknown }).originalStatus;
  return typeof original === 'number' ? original : undefined;
}

/** The envelope carried by an RTK Query error, if any. */
export function errorEnvelope(
  error: FetchBaseQueryError | SerializedError | undefined,
): Envelope<unknown> | undefined {
  if (error && 'data' in error && isEnvelope(error.data)) return error.data;
  return undefined;
}
