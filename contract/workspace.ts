import { z } from 'zod';
import { envelopeSchema } from './envelope';

/**
 * `GET /api/workspace/setting` result: the caller's workspace profile (spec §3 "Workspace profile").
 * 404 `WORKSPACE404_0` while the member has no workspace yet.
 */
export const workspaceProfileSchema = z.object({
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  workspaceUrl: z.string(),
  workspaceImageUrl: z.string().nullable(),
  defaultTeamId: z.number().int(),
  inviteUrl: z.string(),
  invitePassword: z.string(),
});
export type WorkspaceProfile = z.infer<typeof workspaceProfileSchema>;
export const workspaceProfileResponseSchema = envelopeSchema(workspaceProfileSchema);
