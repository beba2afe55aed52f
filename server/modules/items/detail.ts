import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { ItemDetail, Priority, State } from '../../../contract';
import type { Db } from '../../db';
import { item, itemManager, member, team, workspace } from '../../db/schema';
import { isTeamMember } from './access';
import { ApiError } from '../../http/envelope';
import { formatTimestamp } from '../../http/time';
import { invalidField } from '../../http/validation';
import { raiseAlarms } from '../events';
import { searchColumnsFor } from '../search';
import { isStorableId } from '../../../contract/ids';
import type { KindSpec, UpdateBody } from './kinds';
import { listRowJson, toListItem } from './list';
import { DEADLINE_ORDER_MESSAGE, assertContent, assertManagers, lockGoal, lockIssues } from './service';
import type { TeamScope } from '../../http/team-scope';

/**
 * Item detail and partial update (issue #6; docs/product.md "Items").
 */

/**
 * The detail of item `itemId` of `spec.kind` as seen by `memberId`, in one read-only REPEATABLE READ transaction:
 * 404 `spec.codes.notFound` when no item of that kind has the id, it is not of `teamId` (when given) or it is in
 * another workspace than the caller's. Managers by name (Korean collation);
 * goals' `issues` newest first.
 */
export async function itemDetail(
  db: Db,
  spec: KindSpec,
  memberId: number,
  itemId: number,
  teamId: number | null,
): Promise<ItemDetail> {
  if (!isStorableId(itemId)) throw new ApiError(spec.codes.notFound);
  return db.transaction(
    async (tx) => {
      const [found] = await tx
        .select({ row: item, listRow: listRowJson(), teamName: team.name, visibility: team.visibility })
        .from(item)
        .innerJoin(team, eq(team.id, item.teamId))
        .where(and(eq(item.id, itemId), eq(item.kind, spec.kind)));
      if (!found || (teamId !== null && found.row.teamId !== teamId)) throw new ApiError(spec.codes.notFound);
      const [caller] = await tx
        .select({ workspaceId: member.workspaceId })
        .from(member)
        .where(and(eq(member.id, memberId), isNull(member.withdrawnAt)));
      // Another workspace's item answers like a missing one: its existence is not revealed.
      if (!caller || caller.workspaceId !== found.row.workspaceId) throw new ApiError(spec.codes.notFound);
      // issue #23 (teams): so does an item of a private team the caller is not in (docs/security.md "Teams").
      if (found.visibility === 'private' && !(await isTeamMember(tx, found.row.teamId, memberId))) {
        throw new ApiError(spec.codes.notFound);
      }

      const { row } = found;
      let issues: ItemDetail['issues'] = null;
      if (spec.kind === 'goal') {
        const info = await tx
          .select({ id: item.id, title: item.title })
          .from(item)
          .where(and(eq(item.goalId, row.id), eq(item.kind, 'issue')))
          .orderBy(desc(item.id));
        issues = { cnt: info.length, info };
      }
      return {
        ...toListItem(found.listRow),
        content: row.content,
        externalLink: externalLinkOf(row),
        issues,
        teamId: row.teamId,
        teamName: found.teamName,
        updatedAt: formatTimestamp(row.updatedAt),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Where an external lives on its tool (contract `externalLink`): the GitHub issue or the Slack message. */
function externalLinkOf(row: typeof item.$inferSelect): ItemDetail['externalLink'] {
  if (row.kind !== 'external') return null;
  if (row.extServiceType === 'GITHUB' && row.githubUrl) {
    const where = row.githubOwner && row.githubRepo ? `${row.githubOwner}/${row.githubRepo}` : 'GitHub';
    return { url: row.githubUrl, label: row.githubNumber ? `${where}#${row.githubNumber}` : where };
  }
  if (row.extServiceType === 'SLACK' && row.slackPermalink) {
    return { url: row.slackPermalink, label: 'Slack' };
  }
  return null;
}

/** A parsed PATCH body, the same shape for every kind; `undefined` = unchanged. */
export interface UpdateItemInput {
  title?: string;
  content?: string;
  state?: State;
  priority?: Priority;
  managersId?: number[];
  /** Each side: a date, null (clear) or undefined (unchanged). */
  deadline: { start?: string | null; end?: string | null };
  /** Issues and externals: a goal of the team, null = clear (`-1` and null in the payload). */
  goalId?: number | null;
  /** Goals: the issues the goal has afterwards. */
  issuesId?: number[];
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
/** `'null'` and null clear a side; absent leaves it. */
const deadlineSide = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value === 'null' ? null : value;

/**
 * Parsed body (any kind) → `UpdateItemInput`: checks the content (400 `VALID400_1` `result.content`) and, for
 * externals, that `extServiceType` is absent (400 `EXTERNAL400_0`).
 */
export function toUpdateInput(spec: KindSpec, body: UpdateBody): UpdateItemInput {
  if (spec.kind === 'external' && 'extServiceType' in body && body.extServiceType !== undefined) {
    throw new ApiError('EXTERNAL400_0', { extServiceType: '외부 툴은 생성 시에만 설정할 수 있습니다.' });
  }
  if (body.content !== undefined) assertContent(body.content);
  const goalId = spec.kind !== 'goal' && 'goalId' in body ? body.goalId : undefined;
  return {
    title: body.title,
    content: body.content,
    state: body.state,
    priority: body.priority,
    managersId: body.managersId === undefined ? undefined : unique(body.managersId),
    deadline: { start: deadlineSide(body.deadline?.start), end: deadlineSide(body.deadline?.end) },
    goalId: goalId === undefined ? undefined : goalId === null || goalId === -1 ? null : goalId,
    issuesId: spec.kind === 'goal' && 'issuesId' in body && body.issuesId ? unique(body.issuesId) : undefined,
  };
}

/**
 * Partial update of item `itemId` of `spec.kind` in the scope's team, in one transaction (docs/product.md "Items":
 * absent = unchanged; unknown or foreign ids → 400, never dropped):
 * 1. the item must be of this kind in this team, else 404 `spec.codes.notFound`;
 * 2. `FOR KEY SHARE` on the workspace row (the lock order of create and withdrawal), then a new `goalId` is
 *    locked `FOR KEY SHARE` (400 `ITEM400_1` unless a goal of the team) before the item itself is locked
 *    `FOR UPDATE` — goal before issue, the order a goal delete or goal update takes them in;
 * 3. `managersId` must be team members (400 `ITEM400_0`), `issuesId` issues of the team (400 `ITEM400_2`);
 * 4. the deadline's sides are merged with the stored ones and start ≤ end is checked on the result (400
 *    `VALID400_1` `result.deadline`);
 * 5. the given columns and `updated_at` are written; `managersId` replaces the managers (`[]` clears);
 *    `issuesId` unlinks the goal's other issues and links these (moving them off any other goal).
 * 6. every manager `managersId` adds (not there before) other than `actorId` gets an ASSIGNED alarm
 *    (events/raise-alarms.ts; `actorId` null: all of them).
 * Returns what the item's GitHub issue needs to follow the change (`UpdatedItem`); the caller answers
 * `{ <idKey>: itemId }`.
 */
export async function updateItem(
  db: Db,
  spec: KindSpec,
  scope: TeamScope,
  itemId: number,
  input: UpdateItemInput,
  actorId: number | null = null,
): Promise<UpdatedItem> {
  if (!isStorableId(itemId)) throw new ApiError(spec.codes.notFound);
  const ofTeam = and(eq(item.id, itemId), eq(item.kind, spec.kind), eq(item.teamId, scope.teamId));
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: item.id }).from(item).where(ofTeam);
    if (!exists) throw new ApiError(spec.codes.notFound);
    await tx
      .select({ id: workspace.id })
      .from(workspace)
      .where(eq(workspace.id, scope.workspaceId))
      .for('key share');
    if (input.goalId !== undefined && input.goalId !== null) await lockGoal(tx, scope, input.goalId);
    const [row] = await tx
      .select({
        deadlineStart: item.deadlineStart,
        deadlineEnd: item.deadlineEnd,
        state: item.state,
        title: item.title,
        extServiceType: item.extServiceType,
        githubOwner: item.githubOwner,
        githubRepo: item.githubRepo,
        githubNumber: item.githubNumber,
      })
      .from(item)
      .where(ofTeam)
      .for('update');
    if (!row) throw new ApiError(spec.codes.notFound);
    if (input.managersId !== undefined) await assertManagers(tx, scope, input.managersId);
    if (input.issuesId !== undefined) await lockIssues(tx, scope, input.issuesId);

    const start = input.deadline.start === undefined ? row.deadlineStart : input.deadline.start;
    const end = input.deadline.end === undefined ? row.deadlineEnd : input.deadline.end;
    // `YYYY-MM-DD` with a four-digit year compares like the dates it names.
    if (start !== null && end !== null && start > end) throw invalidField('deadline', DEADLINE_ORDER_MESSAGE);

    const now = new Date();
    await tx
      .update(item)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.content !== undefined ? { content: input.content } : {}),
        ...searchColumnsFor({ title: input.title, content: input.content }),
        ...(input.state !== undefined ? { state: input.state } : {}),
        ...(input.priority !== undefined ? { priority: input.priority } : {}),
        ...(input.goalId !== undefined ? { goalId: input.goalId } : {}),
        deadlineStart: start,
        deadlineEnd: end,
        updatedAt: now,
      })
      .where(eq(item.id, itemId));

    if (input.managersId !== undefined) {
      const before = await tx
        .delete(itemManager)
        .where(eq(itemManager.itemId, itemId))
        .returning({ memberId: itemManager.memberId });
      if (input.managersId.length > 0) {
        await tx.insert(itemManager).values(input.managersId.map((memberId) => ({ itemId, memberId })));
      }
      const kept = new Set(before.map((m) => m.memberId));
      await raiseAlarms(tx, {
        workspaceId: scope.workspaceId,
        itemId,
        kind: spec.kind,
        reason: 'ASSIGNED',
        memberIds: input.managersId.filter((id) => !kept.has(id)),
        actorId,
      });
    }

    if (input.issuesId !== undefined) {
      const keep = input.issuesId;
      await tx
        .update(item)
        .set({ goalId: null, updatedAt: now })
        .where(
          and(
            eq(item.goalId, itemId),
            eq(item.kind, 'issue'),
            ...(keep.length > 0 ? [notInArray(item.id, keep)] : []),
          ),
        );
      if (keep.length > 0) {
        await tx
          .update(item)
          .set({ goalId: itemId, updatedAt: now })
          .where(and(inArray(item.id, keep), eq(item.kind, 'issue')));
      }
    }

    const linked =
      row.extServiceType === 'GITHUB' && row.githubOwner && row.githubRepo && row.githubNumber !== null;
    return {
      before: { state: row.state, title: row.title },
      after: { state: input.state ?? row.state, title: input.title ?? row.title },
      github: linked ? { owner: row.githubOwner!, repo: row.githubRepo!, number: row.githubNumber! } : null,
    };
  });
}

/** What `updateItem` changed, for mirroring on the item's GitHub issue (integrations/issue-sync.ts). */
export interface UpdatedItem {
  before: { state: State; title: string };
  after: { state: State; title: string };
  /** GITHUB externals whose issue exists (number stored); else null. */
  github: { owner: string; repo: string; number: number } | null;
}
