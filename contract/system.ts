import { z } from 'zod';
import { envelopeSchema } from './envelope';

/** `GET /api/health` → `result: { status: 'ok', database: 'pglite' | 'postgres' }`. */
export const healthResultSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResult = z.infer<typeof healthResultSchema>;
export const healthResponseSchema = envelopeSchema(healthResultSchema);
