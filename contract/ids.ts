import { z } from 'zod';

/**
 * Row ids on the wire. Every id column is a PostgreSQL `integer` (int4), so an id is a whole number in
 * 1…2,147,483,647. Path and query ids arrive as text and are parsed here, strictly and once (digits only, no sign,
 * no exponent, no spaces), so `08`, `8e0`, `+8` or ` 8` can never reach a handler in a form another check missed.
 * See docs/security.md "Input".
 */
export const MAX_ID = 2_147_483_647;

/** Most ids one request may carry in an array (deletes, managers, linked issues, team order, team members). */
export const MAX_IDS_PER_REQUEST = 1000;

const DIGITS = /^[0-9]{1,10}$/;

/** `raw` as an id (text of 1–10 digits in 1…MAX_ID, leading zeros allowed), or null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !DIGITS.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}

/** Whether a JSON number can be an id (whole, 1…MAX_ID). */
export const isStorableId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;

/** The field message of a malformed id. */
export const INVALID_ID_MESSAGE = `1 이상 ${MAX_ID} 이하의 정수여야 합니다.`;
const ID_MESSAGE = INVALID_ID_MESSAGE;

/** An id in a JSON body: a whole number in 1…MAX_ID. */
export const idSchema = z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_ID, ID_MESSAGE);

/**
 * A list of ids in a JSON body: positive whole numbers, at most `MAX_IDS_PER_REQUEST` of them. Numbers past MAX_ID
 * are accepted here and treated as ids that match no row (the routes name them in their 400/404 answers).
 */
export const idListSchema = z
  .array(z.number().int().positive())
  .max(MAX_IDS_PER_REQUEST, `한 번에 ${MAX_IDS_PER_REQUEST}개까지 보낼 수 있습니다.`);

/** An id in a path or query string (text), parsed with `parseId`. */
export const idParamSchema = z
  .string()
  .refine((raw) => parseId(raw) !== null, ID_MESSAGE)
  .transform((raw) => parseId(raw)!);
