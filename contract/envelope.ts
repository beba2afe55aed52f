import { z } from 'zod';

/**
 * The response envelope of every `/api` route (docs/product.md "Errors and messages"):
 * `{ isSuccess, code, message (Korean), result }`.
 */
export interface Envelope<T> {
  isSuccess: boolean;
  code: string;
  message: string;
  result: T;
}

/** Zod schema of an envelope whose `result` is `result` (used for response validation and OpenAPI). */
export function envelopeSchema<T extends z.ZodType>(result: T) {
  return z.object({
    isSuccess: z.boolean(),
    code: z.string(),
    message: z.string(),
    result,
  });
}

/**
 * Error envelope: `result` is a field → Korean message map for validation errors (400 `VALID400_1`),
 * `{ requestId }` for a 500, otherwise `null`.
 */
export const errorEnvelopeSchema = envelopeSchema(
  z.union([z.record(z.string(), z.string()), z.object({ requestId: z.string() }), z.null()]),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** True when `value` has the envelope's four keys (used by the client to read error bodies). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope<unknown>).isSuccess === 'boolean' &&
    typeof (value as Envelope<unknown>).code === 'string' &&
    typeof (value as Envelope<unknown>).message === 'string' &&
    'result' in value
  );
}
