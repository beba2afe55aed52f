import { errorEnvelopeSchema } from '../../contract';

/**
 * OpenAPI error responses that several modules' routes share, so each is described in one wording.
 */

/**
 * 401 of every route behind `app.requireMember` (server/modules/auth/require-member.ts): all are refused the same
 * ways (docs/security.md "Sessions").
 */
export const AUTH_ERRORS = errorEnvelopeSchema.describe(
  '`COMMON401` no bearer | `JWT401_0` expired | `JWT401_1` invalid, member gone or withdrawn | `JWT401_2` malformed',
);

/** 404 of the workspace and settings routes while the caller has not created or joined a workspace. */
export const NO_WORKSPACE = errorEnvelopeSchema.describe('`WORKSPACE404_0`: the caller has no workspace yet');
