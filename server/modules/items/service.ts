import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ExtServiceType, ItemKind, Priority, SimpleList, State } from '../../../contract';
import type { Db } from '../../db';
import { item, itemCounter, itemManager, teamMember, workspace } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { raiseAlarms } from '../events';
import { searchColumnsFor } from '../search';
import { isTeamInstallation } from '../integrations';
import { isStorableId } from '../../../contract/ids';
import { lexicalProblem } from '../../../contract/lexical';
import type { TeamScope } from '../../http/team-scope';
import { invalidField, listIds } from '../../http/validation';
import type { CreateBody, KindSpec } from './kinds';

/** A create payload after parsing, the same shape for every kind. */
export interface CreateItemInput {
  title: string;
  content: string;
  state: State;
  priority: Priority;
  managersId: number[];
  deadline: { start: string | null; end: string | null };
  /** Issues and externals: the goal, null for none (`-1` and null in the payload). Always null for goals. */
  goalId: number | null;
  /** Goals: the issues to link to the new goal. Always empty for other kinds. */
  issuesId: number[];
  /** Externals only. */
  extServiceType: ExtServiceType | null;
  /** GITHUB externals: the repository and the team's installation (checked by `createItem`). Else null. */
  github: GithubTarget | null;
  /**
   * GITHUB externals created from a GitHub webhook (github-webhook/routes.ts): the issue that already exists, stored
   * as `github_number` / `github_url` at once. Absent for the create route (the issue is opened after commit).
   */
  githubIssue?: { number: number; url: string } | null;
}

/** Where a GITHUB external's issue is opened. */
export interface GithubTarget {
  owner: string;
  repo: string;
  installationId: number;
}

/** GitHub login rules (user or organization): letters, digits, single hyphens inside, ≤ 39 characters. */
const GITHUB_OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** Repository names: letters, digits, `.`, `_`, `-`, ≤ 100 characters, not `.` or `..`. */
const GITHUB_REPO = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

/**
 * The GitHub target of a GITHUB external's create body: `owner`, `repo` (trimmed, GitHub's name rules) and
 * `installationId` (a positive integer) are all required, else 400 `GITHUB400_0` with `result` naming each bad
 * field. That the installation is the team's is checked in `createItem`.
 */
export function toGithubTarget(body: {
  owner?: string;
  repo?: string;
  installationId?: number;
}): GithubTarget {
  const owner = body.owner?.trim() ?? '';
  const repo = body.repo?.trim() ?? '';
  const installationId = body.installationId;
  const problems: Record<string, string> = {};
  if (!GITHUB_OWNER.test(owner)) problems.owner = 'GitHub 저장소 소유자(owner)가 없거나 올바르지 않습니다.';
  if (!GITHUB_REPO.test(repo)) problems.repo = 'GitHub 저장소 이름(repo)이 없거나 올바르지 않습니다.';
  if (installationId === undefined || !Number.isSafeInteger(installationId) || installationId <= 0) {
    problems.installationId = 'GitHub 앱 설치 정보(installationId)가 없습니다.';
  }
  if (Object.keys(problems).length > 0) throw new ApiError('GITHUB400_0', problems);
  return { owner, repo, installationId: installationId! };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

export const DEADLINE_ORDER_MESSAGE = '시작일은 마감일보다 늦을 수 없습니다.';
export const CONTENT_FORMAT_MESSAGE = '본문은 비어 있거나 JSON 객체여야 합니다.';
export const CONTENT_SHAPE_MESSAGE = '본문 형식이 올바르지 않습니다.';

/**
 * Content is '' (the empty default) or a description in Lexical's serialized editor state, checked on save by the
 * rule of contract/lexical.ts `lexicalProblem` (docs/product.md "Description"). 400 `VALID400_1` (`result.content`):
 * not JSON or not an object → `CONTENT_FORMAT_MESSAGE`; any other rule → `CONTENT_SHAPE_MESSAGE`. The 1 MB limit
 * is the schema's.
 */
export function assertContent(content: string): void {
  const problem = lexicalProblem(content);
  if (problem === 'format') throw invalidField('content', CONTENT_FORMAT_MESSAGE);
  if (problem === 'shape') throw invalidField('content', CONTENT_SHAPE_MESSAGE);
}

/**
 * Parsed body (any kind) → `CreateItemInput`, checking the deadline order and the content (400 `VALID400_1`
 * otherwise) and, for GITHUB externals, the GitHub target (400 `GITHUB400_0`, `toGithubTarget`).
 */
export function toCreateInput(spec: KindSpec, body: CreateBody): CreateItemInput {
  const start = body.deadline.start ?? null;
  const end = body.deadline.end ?? null;
  // `YYYY-MM-DD` with a four-digit year compares like the dates it names.
  if (start !== null && end !== null && start > end) throw invalidField('deadline', DEADLINE_ORDER_MESSAGE);
  assertContent(body.content);
  const goalId = spec.kind !== 'goal' && 'goalId' in body ? (body.goalId ?? null) : null;
  return {
    title: body.title,
    content: body.content,
    state: body.state,
    priority: body.priority,
    managersId: unique(body.managersId),
    deadline: { start, end },
    goalId: goalId === -1 ? null : goalId,
    issuesId: spec.kind === 'goal' && 'issuesId' in body ? unique(body.issuesId) : [],
    extServiceType: spec.kind === 'external' && 'extServiceType' in body ? body.extServiceType : null,
    github:
      spec.kind === 'external' && 'extServiceType' in body && body.extServiceType === 'GITHUB'
        ? toGithubTarget(body)
        : null,
  };
}

/** `<workspaceName>-g|i|e<n>`. */
export function itemName(scope: TeamScope, spec: KindSpec, number: number): string {
  return `${scope.workspaceName}-${spec.prefix}${number}`;
}

/**
 * Creates an item of `spec.kind` in the scope's team, in one transaction:
 * 1. `FOR KEY SHARE` on the workspace row — the same lock order as withdrawal (workspace first), which takes it
 *    `FOR UPDATE`: a manager cannot withdraw halfway through and be left managing the new item;
 * 2. every `managersId` must be a member of the team, else 400 `ITEM400_0` naming the others
 *    (`result.managersId`);
 * 3. issues/externals: `goalId` (unless none) must be a goal of the same team, locked `FOR KEY SHARE` so it cannot
 *    be deleted before we link to it, else 400 `ITEM400_1`;
 * 4. goals: every `issuesId` must be an issue of the same team (locked `FOR UPDATE`, in id order), else 400
 *    `ITEM400_2` naming the others (`result.issuesId`);
 * 5. take the number: `INSERT INTO item_counter … ON CONFLICT DO UPDATE SET next = next + 1 RETURNING next`
 *    (the row stays locked until commit, so concurrent creations queue here and never share a number);
 * 6. GITHUB externals: `input.github.installationId` must be the team's GitHub App installation (locked
 *    `FOR KEY SHARE`), else 400 `GITHUB400_0` — before anything is written;
 * 7. insert the item (author = caller, or null for an external created by a GitHub webhook; GITHUB:
 *    `github_owner` / `github_repo`, and `github_number` / `github_url` when `input.githubIssue` is given), its
 *    managers — each manager other than the author gets an ASSIGNED alarm (events/raise-alarms.ts) — and for goals link
 *    the issues (moving them off any other goal). Returns the new id.
 * Inside a caller's transaction (`db` a transaction) this runs as a savepoint of it.
 * Externals are mirrored on GitHub/Slack only after this commits (integrations/integrations.ts `syncExternal`), so
 * a failing tool never loses the item.
 */
export async function createItem(
  db: Db,
  spec: KindSpec,
  scope: TeamScope,
  authorId: number | null,
  input: CreateItemInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: workspace.id })
      .from(workspace)
      .where(eq(workspace.id, scope.workspaceId))
      .for('key share');

    await assertManagers(tx, scope, input.managersId);
    if (input.goalId !== null) await lockGoal(tx, scope, input.goalId);
    await lockIssues(tx, scope, input.issuesId);
    if (input.github && !(await isTeamInstallation(tx, scope.teamId, input.github.installationId))) {
      throw new ApiError('GITHUB400_0', {
        installationId: '이 팀에 연동된 GitHub 앱 설치가 아닙니다. GitHub 연동을 먼저 완료해 주세요.',
      });
    }

    const number = await takeNumber(tx, scope.workspaceId, spec.kind);
    const now = new Date();
    const [created] = await tx
      .insert(item)
      .values({
        kind: spec.kind,
        teamId: scope.teamId,
        workspaceId: scope.workspaceId,
        number,
        name: itemName(scope, spec, number),
        title: input.title,
        content: input.content,
        ...searchColumnsFor({ title: input.title, content: input.content }),
        state: input.state,
        priority: input.priority,
        deadlineStart: input.deadline.start,
        deadlineEnd: input.deadline.end,
        goalId: input.goalId,
        extServiceType: input.extServiceType,
        githubOwner: input.github?.owner ?? null,
        githubRepo: input.github?.repo ?? null,
        githubNumber: input.githubIssue?.number ?? null,
        githubUrl: input.githubIssue?.url ?? null,
        authorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: item.id });
    const itemId = created!.id;
    if (input.managersId.length > 0) {
      await tx.insert(itemManager).values(input.managersId.map((memberId) => ({ itemId, memberId })));
      // Every manager but the author hears of it (ASSIGNED, server/modules/events/raise-alarms.ts).
      await raiseAlarms(tx, {
        workspaceId: scope.workspaceId,
        itemId,
        kind: spec.kind,
        reason: 'ASSIGNED',
        memberIds: input.managersId,
        actorId: authorId,
      });
    }
    if (input.issuesId.length > 0) {
      await tx
        .update(item)
        .set({ goalId: itemId, updatedAt: now })
        .where(and(inArray(item.id, input.issuesId), eq(item.kind, 'issue')));
    }
    return itemId;
  });
}

/** Every id must be a member of the scope's team, else 400 `ITEM400_0` naming the others (`result.managersId`). */
export async function assertManagers(tx: Db, scope: TeamScope, managersId: readonly number[]): Promise<void> {
  if (managersId.length === 0) return;
  const storable = managersId.filter(isStorableId);
  const members =
    storable.length === 0
      ? []
      : await tx
          .select({ id: teamMember.memberId })
          .from(teamMember)
          .where(and(eq(teamMember.teamId, scope.teamId), inArray(teamMember.memberId, storable)));
  const inTeam = new Set(members.map((m) => m.id));
  const foreign = managersId.filter((id) => !inTeam.has(id));
  if (foreign.length > 0) {
    const message = `팀 멤버가 아닌 담당자가 있습니다: ${listIds(foreign)}`;
    throw new ApiError('ITEM400_0', { managersId: message }, { message });
  }
}

/** `goalId` must be a goal of the scope's team (locked `FOR KEY SHARE`), else 400 `ITEM400_1`. */
export async function lockGoal(tx: Db, scope: TeamScope, goalId: number): Promise<void> {
  const found = isStorableId(goalId)
    ? await tx
        .select({ id: item.id })
        .from(item)
        .where(and(eq(item.id, goalId), eq(item.kind, 'goal'), eq(item.teamId, scope.teamId)))
        .for('key share')
    : [];
  if (found.length === 0) {
    const message = `이 팀의 목표가 아닙니다: ${goalId}`;
    throw new ApiError('ITEM400_1', { goalId: message }, { message });
  }
}

/** Every id must be an issue of the scope's team (locked `FOR UPDATE`, id order), else 400 `ITEM400_2`. */
export async function lockIssues(tx: Db, scope: TeamScope, issuesId: readonly number[]): Promise<void> {
  if (issuesId.length === 0) return;
  const storable = issuesId.filter(isStorableId);
  const issues =
    storable.length === 0
      ? []
      : await tx
          .select({ id: item.id })
          .from(item)
          .where(and(inArray(item.id, storable), eq(item.kind, 'issue'), eq(item.teamId, scope.teamId)))
          .orderBy(item.id)
          .for('update');
  const known = new Set(issues.map((i) => i.id));
  const foreign = issuesId.filter((id) => !known.has(id));
  if (foreign.length > 0) {
    const message = `이 팀의 이슈가 아닙니다: ${listIds(foreign)}`;
    throw new ApiError('ITEM400_2', { issuesId: message }, { message });
  }
}

/** Allocates the next number of (workspace, kind) inside the caller's transaction (see `item_counter`). */
async function takeNumber(tx: Db, workspaceId: number, kind: ItemKind): Promise<number> {
  const [row] = await tx
    .insert(itemCounter)
    .values({ workspaceId, kind, next: 2 })
    .onConflictDoUpdate({
      target: [itemCounter.workspaceId, itemCounter.kind],
      set: { next: sql`${itemCounter.next} + 1` },
    })
    .returning({ next: itemCounter.next });
  return row!.next - 1;
}

/** The name the next item of `spec.kind` would get now (takes nothing; a concurrent create may take it first). */
export async function nextItemName(db: Db, spec: KindSpec, scope: TeamScope): Promise<string> {
  const [row] = await db
    .select({ next: itemCounter.next })
    .from(itemCounter)
    .where(and(eq(itemCounter.workspaceId, scope.workspaceId), eq(itemCounter.kind, spec.kind)));
  return itemName(scope, spec, row?.next ?? 1);
}

/**
 * Permanently deletes items of `spec.kind` (docs/product.md "Items": delete is permanent), all or nothing, in one
 * transaction: the rows are locked `FOR UPDATE` in id order; any id of another team's item of this kind (same
 * workspace) → 403 `ITEM403_0`; then any id that is no item of this kind in the workspace → 404 `ITEM404_0` (another
 * workspace's items count as missing, so their existence is not revealed) (both name the ids in `message` and
 * `result.<idsKey>`). Managers and comments go with the items (`ON DELETE CASCADE`; a comment being added holds the
 * item `FOR KEY SHARE`, so the delete waits for it and removes it too); issues and externals of a deleted goal lose their goal
 * (`ON DELETE SET NULL`). Returns the deleted ids, duplicates removed, in request order.
 */
export async function deleteItems(
  db: Db,
  spec: KindSpec,
  scope: TeamScope,
  requested: readonly number[],
): Promise<number[]> {
  const ids = unique(requested);
  return db.transaction(async (tx) => {
    const storable = ids.filter(isStorableId);
    const rows =
      storable.length === 0
        ? []
        : await tx
            .select({ id: item.id, teamId: item.teamId })
            .from(item)
            .where(
              and(
                inArray(item.id, storable),
                eq(item.kind, spec.kind),
                eq(item.workspaceId, scope.workspaceId),
              ),
            )
            .orderBy(item.id)
            .for('update');
    const foreign = rows.filter((r) => r.teamId !== scope.teamId).map((r) => r.id);
    if (foreign.length > 0) {
      const message = `다른 팀의 ${spec.label}는 삭제할 수 없습니다: ${listIds(foreign)}`;
      throw new ApiError('ITEM403_0', { [spec.idsKey]: message }, { message });
    }
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const message = `존재하지 않는 ${spec.label}입니다: ${listIds(missing)}`;
      throw new ApiError('ITEM404_0', { [spec.idsKey]: message }, { message });
    }
    await tx.delete(item).where(inArray(item.id, ids));
    return ids;
  });
}

/** `{ cnt, info: [{ id, title }] }` of the team's items of `spec.kind`, newest first (empty is a success). */
export async function simpleList(db: Db, spec: KindSpec, scope: TeamScope): Promise<SimpleList> {
  const info = await db
    .select({ id: item.id, title: item.title })
    .from(item)
    .where(and(eq(item.teamId, scope.teamId), eq(item.kind, spec.kind)))
    // `DESC NULLS LAST` as `item_team_kind_id_idx` is declared (list.ts `NEWEST_FIRST`): read in order, no Sort.
    .orderBy(sql`${item.id} desc nulls last`);
  return { cnt: info.length, info };
}
