import { inArray } from 'drizzle-orm';
import type { Db } from '../../db';
import { workspace } from '../../db/schema';

/**
 * Slugs that would shadow a top-level route of the app or the server (`/onboarding/invite` is onboarding step 2,
 * `/workspace/...` the workspace shell, the rest are reserved server prefixes and the static assets). A workspace
 * whose name lower-cases to one of these gets the `-2` suffix, as if the slug were taken.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'api',
  'assets',
  'login',
  'oauth2',
  'onboarding',
  'slack',
  'uploads',
  'workspace',
]);

/** Candidates checked per query. */
const BATCH = 20;
/** Give up (500) after this many candidates: something is badly wrong by then. */
const MAX_CANDIDATES = 10_000;

/** The `n`-th slug for `base`: `base`, `base-2`, `base-3`, … (docs/product.md "Workspace and invitations"). */
export function slugCandidate(base: string, n: number): string {
  return n === 1 ? base : `${base}-${n}`;
}

/**
 * The first of `base`, `base-2`, `base-3`, … that no workspace uses, is not reserved and is not in `alsoTaken`
 * (slugs a caller just lost to a concurrent insert). Reads only; uniqueness is enforced by the `slug` unique index
 * when the workspace is inserted.
 */
export async function firstFreeSlug(
  db: Db,
  base: string,
  alsoTaken: ReadonlySet<string> = new Set(),
): Promise<string> {
  for (let from = 1; from <= MAX_CANDIDATES; from += BATCH) {
    const candidates = Array.from({ length: BATCH }, (_, i) => slugCandidate(base, from + i)).filter(
      (slug) => !RESERVED_SLUGS.has(slug) && !alsoTaken.has(slug),
    );
    if (candidates.length === 0) continue;
    const rows = await db
      .select({ slug: workspace.slug })
      .from(workspace)
      .where(inArray(workspace.slug, candidates));
    const taken = new Set(rows.map((row) => row.slug));
    const free = candidates.find((slug) => !taken.has(slug));
    if (free) return free;
  }
  throw new Error(`no free workspace slug for "${base}"`);
}
