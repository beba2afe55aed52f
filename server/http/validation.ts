import { ApiError } from './envelope';

/**
 * Validation failures worded by hand (the schema failures are worded by http/zod-korean.ts), shared by the modules.
 * Id limits and the one id parser live in contract/ids.ts (`MAX_ID`, `isStorableId`, `parseId`).
 */

/** 400 `VALID400_1` with `result[field] = message` and the same `message` (like a schema failure, but worded). */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError('VALID400_1', { [field]: message }, { message });
}

/** `a, b, c` — at most `max` ids, then ` 외 N개` (for Korean messages that name offending ids). */
export function listIds(ids: readonly number[], max = 10): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} 외 ${ids.length - max}개` : shown;
}
