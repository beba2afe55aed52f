import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { idParamSchema } from './ids';
import { ITEM_KINDS, type ItemKind } from './itemEnums';
import { prioritySchema, stateSchema } from './items';

/**
 * Workspace search, `GET /api/search` (docs/product.md "Search"): goals, issues and externals of the caller's
 * workspace by generated name (`Acme-i12`, or `i12` for short), title (substring, 초성, half-composed last
 * syllable — contract/hangul.ts `matchHangul`) and description text, ranked.
 */

/** Longest query, in characters (code points) after trimming. */
export const SEARCH_QUERY_MAX = 50;
/** Most hits one request may ask for; the default. */
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_LIMIT_DEFAULT = 20;

/** How a hit matched, best first: generated name, title substring, title 초성, title letters, description. */
export const SEARCH_MATCHES = ['name', 'title', 'choseong', 'jamo', 'content'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

const QUERY_MESSAGE = `검색어는 1자 이상 ${SEARCH_QUERY_MAX}자 이하로 입력해 주세요.`;
const KINDS_MESSAGE = `종류는 ${ITEM_KINDS.join(', ')} 중에서 쉼표로 구분해 주세요.`;
const LIMIT_MESSAGE = `1 이상 ${SEARCH_LIMIT_MAX} 이하의 정수여야 합니다.`;

/**
 * The query string: `q` trimmed, 1–50 characters; `kinds` a comma-separated subset of goal, issue, external
 * (default all); `teamId` an id (only that team, which must be of the caller's workspace, else 404 `TEAM404_0`);
 * `limit` 1–50 (20). Anything else → 400 `VALID400_1`.
 */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .transform((raw) => raw.trim())
    .refine((q) => {
      const length = Array.from(q).length;
      return length >= 1 && length <= SEARCH_QUERY_MAX;
    }, QUERY_MESSAGE)
    .describe(`Search text, 1–${SEARCH_QUERY_MAX} characters after trimming`),
  kinds: z
    .string()
    .max(64, KINDS_MESSAGE)
    .refine(
      (raw) => raw.split(',').every((kind) => (ITEM_KINDS as readonly string[]).includes(kind)),
      KINDS_MESSAGE,
    )
    .transform((raw) => [...new Set(raw.split(','))] as ItemKind[])
    .optional()
    .describe(`Comma-separated subset of ${ITEM_KINDS.join(', ')}; default all`),
  teamId: idParamSchema.optional().describe("Only this team's items"),
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= SEARCH_LIMIT_MAX, LIMIT_MESSAGE)
    .optional()
    .describe(`Most hits, 1–${SEARCH_LIMIT_MAX}; default ${SEARCH_LIMIT_DEFAULT}`),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * One hit. `ranges`: `[start, end)` UTF-16 ranges of `title` to highlight (empty for `name` and `content` matches);
 * `snippet`: for `content` matches, about 60 characters of the description around the first hit (`…` where cut).
 */
export const searchHitSchema = z.object({
  kind: z.enum(ITEM_KINDS),
  id: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  name: z.string(),
  title: z.string(),
  state: stateSchema,
  priority: prioritySchema,
  match: z.enum(SEARCH_MATCHES),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
  snippet: z.string().optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Hits best first (rank, then newest first); `tookMs` the server's time for the search. */
export const searchResultSchema = z.object({
  items: z.array(searchHitSchema),
  tookMs: z.number().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = envelopeSchema(searchResultSchema);
