import type { ExternalLink, GoalRef, Manager } from '../../../../contract/items';
import {
  ITEM_TITLE_MAX,
  type ExtServiceType,
  type ItemKind,
  type Priority,
  type State,
} from '../../../../contract/itemEnums';
import type { DeadlinePatch, ItemDetail, ItemPatch } from '../../../api/itemDetailApi';
import type { CreateItemArg } from '../../../api/itemsApi';
import type { GithubTarget } from '../../integrations';
import { shortDate } from '../listModel';

/*
 * Pure rules of the detail screens (docs/product.md "Item detail"): title limit, payloads,
 * deadline rules, picker options and labels. No React, no store.
 */

/** Title length in characters (code points, so emoji count once). */
export const titleLength = (value: string) => Array.from(value).length;

/** Cuts `value` to the title limit; `overflow` when something was cut. */
export function clampTitle(value: string, max = ITEM_TITLE_MAX): { value: string; overflow: boolean } {
  const chars = Array.from(value);
  if (chars.length <= max) return { value, overflow: false };
  return { value: chars.slice(0, max).join(''), overflow: true };
}

/** Line breaks are not part of a title (Enter is blocked; pasted newlines become spaces). */
export const singleLine = (value: string) => value.replace(/\r?\n/g, ' ');

export interface DeadlineValue {
  start: string | null;
  end: string | null;
}

/** The form of every detail mode. */
export interface DetailForm {
  title: string;
  content: string;
  state: State;
  priority: Priority;
  managers: Manager[];
  deadline: DeadlineValue;
  /** Issues and externals. */
  goal: GoalRef | null;
  /** Goals. */
  issues: GoalRef[];
  /** Externals: fixed at creation. */
  extServiceType: ExtServiceType | null;
  /** Externals being created with GITHUB: the issue's repository and installation (null otherwise). */
  github: GithubTarget | null;
  /** Saved externals: the GitHub issue or Slack message made at creation (read-only; null when none). */
  externalLink: ExternalLink | null;
}

export const EMPTY_FORM: DetailForm = {
  title: '',
  content: '',
  state: 'NONE',
  priority: 'NONE',
  managers: [],
  deadline: { start: null, end: null },
  goal: null,
  issues: [],
  extServiceType: null,
  github: null,
  externalLink: null,
};

/** A loaded detail as the form. */
export function formFromDetail(detail: ItemDetail): DetailForm {
  return {
    title: detail.title,
    content: detail.content ?? '',
    state: detail.state,
    priority: detail.priority,
    managers: detail.managers?.info ?? [],
    deadline: { start: detail.deadline?.start ?? null, end: detail.deadline?.end ?? null },
    goal: detail.goal ?? null,
    issues: detail.issues?.info ?? [],
    extServiceType: detail.extServiceType ?? null,
    github: null,
    externalLink: detail.externalLink ?? null,
  };
}

/** Create deadline: only the set sides (an empty object when unset). */
function createDeadline({ start, end }: DeadlineValue): { start?: string; end?: string } {
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/** A goal id worth sending: -1 and null mean none and are omitted. */
const realGoalId = (goal: GoalRef | null): number | null => (goal && goal.id !== -1 ? goal.id : null);

/** Why an external create cannot be sent yet (the toast's copy key), or null when it can. */
export type ExternalCreateBlock = 'extRequired' | 'githubLoading' | 'githubMissing';

/**
 * Create rules of externals: a tool is required; GITHUB also needs owner, repo and installationId —
 * while they load the save waits ('githubLoading'), without them it is refused ('githubMissing').
 */
export function externalCreateBlock(form: DetailForm): ExternalCreateBlock | null {
  if (!form.extServiceType) return 'extRequired';
  if (form.extServiceType !== 'GITHUB') return null;
  if (form.github?.status === 'loading') return 'githubLoading';
  return form.github?.status === 'ready' ? null : 'githubMissing';
}

/**
 * The create request of `kind` (`createItem`'s argument, src/api/itemsApi.ts): the body that kind's POST takes.
 * Externals add `extServiceType` and, for GITHUB with a ready target, `owner`, `repo` and `installationId`; the
 * caller checks `externalCreateBlock` first (an external without a tool throws).
 */
export function createRequest(kind: ItemKind, teamId: number, form: DetailForm): CreateItemArg {
  const common = {
    title: form.title.trim(),
    content: form.content,
    state: form.state,
    priority: form.priority,
    managersId: form.managers.map((manager) => manager.memberId),
    deadline: createDeadline(form.deadline),
  };
  if (kind === 'goal') {
    return { kind, teamId, body: { ...common, issuesId: form.issues.map((issue) => issue.id) } };
  }
  const goalId = realGoalId(form.goal);
  const withGoal = goalId === null ? common : { ...common, goalId };
  if (kind === 'issue') return { kind, teamId, body: withGoal };
  if (!form.extServiceType) throw new Error('an external needs its tool (externalCreateBlock)');
  const external = { ...withGoal, extServiceType: form.extServiceType };
  if (form.extServiceType !== 'GITHUB' || form.github?.status !== 'ready')
    return { kind, teamId, body: external };
  const { owner, repo, installationId } = form.github;
  return { kind, teamId, body: { ...external, owner, repo, installationId } };
}

/** One deadline side of a patch: a date, or the text 'null' to clear. */
const patchSide = (value: string | null) => value ?? 'null';

/** Only the changed sides of a deadline; undefined when nothing changed. */
export function deadlinePatch(before: DeadlineValue, after: DeadlineValue): DeadlinePatch | undefined {
  const patch: DeadlinePatch = {};
  if (before.start !== after.start) patch.start = patchSide(after.start);
  if (before.end !== after.end) patch.end = patchSide(after.end);
  return patch.start === undefined && patch.end === undefined ? undefined : patch;
}

/** Edit submit: the whole form, goalId only when set, the changed deadline sides. */
export function editPatch(kind: ItemKind, form: DetailForm, loaded: DetailForm): ItemPatch {
  const patch: ItemPatch = {
    title: form.title.trim(),
    content: form.content,
    state: form.state,
    priority: form.priority,
    managersId: form.managers.map((manager) => manager.memberId),
  };
  const deadline = deadlinePatch(loaded.deadline, form.deadline);
  if (deadline) patch.deadline = deadline;
  if (kind === 'goal') patch.issuesId = form.issues.map((issue) => issue.id);
  else {
    const goalId = realGoalId(form.goal);
    if (goalId !== null) patch.goalId = goalId;
    else if (loaded.goal) patch.goalId = null;
  }
  return patch;
}

/** Picking a start: a later start pushes the end to it. */
export function withStart(deadline: DeadlineValue, start: string | null): DeadlineValue {
  if (start && deadline.end && start > deadline.end) return { start, end: start };
  return { ...deadline, start };
}

/** Picking an end: an earlier end pulls the start back to it. */
export function withEnd(deadline: DeadlineValue, end: string | null): DeadlineValue {
  if (end && deadline.start && end < deadline.start) return { start: end, end };
  return { ...deadline, end };
}

/** The deadline row: '기한' placeholder when unset, `YY.MM.DD` or `YY.MM.DD - YY.MM.DD`. */
export function deadlineLabel({ start, end }: DeadlineValue): string | null {
  if (!start && !end) return null;
  if (!start || !end || start === end) return shortDate((start ?? end) as string);
  return `${shortDate(start)} - ${shortDate(end)}`;
}

/** Names of the managers on the detail: up to 4 names, then ' 외 N명'. */
export const MAX_DETAIL_MANAGERS = 4;
export function managersLabel(managers: readonly Manager[], more: (count: number) => string): string {
  const names = managers.slice(0, MAX_DETAIL_MANAGERS).map((manager) => manager.name);
  const rest = managers.length - MAX_DETAIL_MANAGERS;
  return names.join(', ') + (rest > 0 ? more(rest) : '');
}

/** Issues of a goal on the detail: the first title, then ' 외 N개'. */
export function issuesLabel(issues: readonly GoalRef[], more: (count: number) => string): string | null {
  if (issues.length === 0) return null;
  return issues[0]!.title + (issues.length > 1 ? more(issues.length - 1) : '');
}

/**
 * Toggling one option of a multi-select with a '없음' choice: '없음' (null) clears; any other choice
 * toggles that entry (so '없음' drops out as soon as something is picked).
 */
export function toggleChoice<T>(current: readonly T[], choice: T | null, same: (a: T, b: T) => boolean): T[] {
  if (choice === null) return [];
  return current.some((entry) => same(entry, choice))
    ? current.filter((entry) => !same(entry, choice))
    : [...current, choice];
}

/** Goal picker labels: titles that occur more than once get ' (#id)'. */
export function goalOptions(goals: readonly GoalRef[]): Array<GoalRef & { label: string }> {
  const counts = new Map<string, number>();
  for (const goal of goals) counts.set(goal.title, (counts.get(goal.title) ?? 0) + 1);
  return goals.map((goal) => ({
    ...goal,
    label: (counts.get(goal.title) ?? 0) > 1 ? `${goal.title} (#${goal.id})` : goal.title,
  }));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A comment's time as `YY.MM.DD HH:mm` in the viewer's time zone; the raw text when unparsable. */
export function commentDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pad(date.getFullYear() % 100)}.${pad(date.getMonth() + 1)}.${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** The detail states offered by the dropdown, in the reference's order (no 삭제). */
export const DETAIL_STATES: readonly State[] = ['NONE', 'TODO', 'IN_PROGRESS', 'FINISH', 'REVIEW'];
export const DETAIL_PRIORITIES: readonly Priority[] = ['NONE', 'URGENT', 'HIGH', 'NORMAL', 'LOW'];

const sameRefs = (a: readonly GoalRef[], b: readonly GoalRef[]) =>
  a.length === b.length && a.every((ref, index) => ref.id === b[index]!.id && ref.title === b[index]!.title);

/**
 * Whether two forms hold the same saved item (title, description, state, priority, managers, deadline, goal,
 * issues): what decides, in edit mode, that someone else changed the item meanwhile.
 */
export function sameItemContent(a: DetailForm, b: DetailForm): boolean {
  return (
    a.title === b.title &&
    a.content === b.content &&
    a.state === b.state &&
    a.priority === b.priority &&
    a.managers.length === b.managers.length &&
    a.managers.every((manager, index) => manager.memberId === b.managers[index]!.memberId) &&
    a.deadline.start === b.deadline.start &&
    a.deadline.end === b.deadline.end &&
    (a.goal?.id ?? null) === (b.goal?.id ?? null) &&
    (a.goal?.title ?? null) === (b.goal?.title ?? null) &&
    sameRefs(a.issues, b.issues)
  );
}
