import type { FastifyInstance } from 'fastify';
import type { ListGroup, ListItem, ListPage } from '../../../contract';
import { upsertGithubInstallation } from '../../../server/modules/integrations/store';
import { type SignedInMember, asMember } from './members';

/** Path segments of the three kinds. */
export type Segment = 'goals' | 'issues' | 'externals';

/** Creates a team named `teamName` (caller + `memberIds`) through the settings API; returns its id. */
export async function createTeamWith(
  app: FastifyInstance,
  who: SignedInMember,
  teamName: string,
  memberIds: number[],
): Promise<number> {
  const res = await asMember(app, who, 'POST', '/api/workspace/setting/teams', {
    payload: { teamName, memberId: memberIds },
  });
  if (res.statusCode !== 201) throw new Error(`team create failed: ${res.statusCode} ${res.body}`);
  return res.json().result.teamId;
}

/**
 * `POST /api/teams/{teamId}/{segment}`; externals get `extServiceType: 'SLACK'` unless the payload says (a SLACK
 * external needs no extra fields; without a Slack link it is saved with `sync.ok: false`). For GITHUB, spread
 * `await githubExternalFields(app, teamId)` into the payload.
 */
export function postItem(
  app: FastifyInstance,
  who: SignedInMember,
  teamId: number,
  segment: Segment,
  payload: Record<string, unknown>,
) {
  const body = segment === 'externals' ? { extServiceType: 'SLACK', ...payload } : payload;
  return asMember(app, who, 'POST', `/api/teams/${teamId}/${segment}`, { payload: body });
}

/**
 * Links `teamId` to GitHub App installation `installationId` straight in the database (no GitHub round trip; see
 * integrations.test.ts for the real flow) and returns the create-body fields of a GITHUB external for it. Test apps
 * without GitHub configuration then save the external with `sync.ok: false`.
 */
export async function githubExternalFields(
  app: FastifyInstance,
  teamId: number,
  installationId = 7,
): Promise<{ extServiceType: 'GITHUB'; owner: string; repo: string; installationId: number }> {
  await upsertGithubInstallation(app.database.db, { teamId, installationId, account: 'octo' });
  return { extServiceType: 'GITHUB', owner: 'octo', repo: 'hello', installationId };
}

/** Creates an item (201 expected) and returns its id. */
export async function createItemOk(
  app: FastifyInstance,
  who: SignedInMember,
  teamId: number,
  segment: Segment,
  payload: Record<string, unknown>,
): Promise<number> {
  const res = await postItem(app, who, teamId, segment, payload);
  if (res.statusCode !== 201) throw new Error(`item create failed: ${res.statusCode} ${res.body}`);
  const result = res.json().result as Record<string, number>;
  return Object.values(result)[0]!;
}

/** One list page (200 expected). */
export async function listPageOk(
  app: FastifyInstance,
  who: SignedInMember,
  teamId: number,
  segment: Segment,
  params: Record<string, string | number>,
): Promise<ListPage> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await asMember(app, who, 'GET', `/api/teams/${teamId}/${segment}?${query}`);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json().result;
}

export interface WalkedList {
  pages: ListPage[];
  /** Group key → the items of that group over all pages, in page order. */
  items: Map<string, ListItem[]>;
  /** The groups of the first page (every page lists the same ones). */
  groups: ListGroup[];
}

/** Reads every page of a list with `size`, following `nextCursor` until `hasNext` is false. */
export async function walkList(
  app: FastifyInstance,
  who: SignedInMember,
  teamId: number,
  segment: Segment,
  query: string,
  size: number,
  maxPages = 10_000,
): Promise<WalkedList> {
  const pages: ListPage[] = [];
  const items = new Map<string, ListItem[]>();
  let cursor: string | null = null;
  for (;;) {
    const page = await listPageOk(app, who, teamId, segment, {
      query,
      size,
      ...(cursor === null ? {} : { cursor }),
    });
    pages.push(page);
    for (const group of page.data) {
      const list = items.get(group.groupKey) ?? [];
      list.push(...group.items);
      items.set(group.groupKey, list);
    }
    if (!page.hasNext) break;
    if (pages.length >= maxPages) throw new Error('too many pages');
    cursor = page.nextCursor;
    if (cursor === null) throw new Error('hasNext without nextCursor');
  }
  return { pages, items, groups: pages[0]!.data };
}
