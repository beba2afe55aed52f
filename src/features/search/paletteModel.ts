import { matchHangul, rankByMatch } from '../../../contract/hangul';
import type { ItemKind } from '../../../contract/itemEnums';
import type { SearchHit } from '../../api/searchApi';
import { teamCreatePath, teamListPath, workspacePaths } from '../../app/paths';
import { copy } from '../../shared/copy';
import type { TeamRef } from './currentTeam';
import { itemDetailPath } from './currentTeam';
import type { RecentItem } from './recentSlice';

/*
 * What the command palette lists (docs/product.md "Search"): with a query, the server's hits grouped by kind and
 * the actions that match, best first (contract/hangul.ts `rankByMatch`: the server's matcher and order); with an
 * empty query, the recently opened items and every action. One flat list of options, in display order, for the
 * arrow keys; `section` groups them on screen.
 */

export type PaletteSection = ItemKind | 'recent' | 'actions';

export interface ItemOption {
  type: 'item';
  key: string;
  section: PaletteSection;
  to: string;
  item: RecentItem;
  /** Ranges of the title / name to highlight. */
  titleRanges: Array<[number, number]>;
  nameRanges: Array<[number, number]>;
  snippet?: string;
}

export interface ActionOption {
  type: 'action';
  key: string;
  section: 'actions';
  to: string;
  label: string;
  ranges: Array<[number, number]>;
}

export type PaletteOption = ItemOption | ActionOption;

const KIND_ORDER: ItemKind[] = ['goal', 'issue', 'external'];

/** The palette's actions, for the current team when there is one. */
export function paletteActions(team: TeamRef | null): Array<Omit<ActionOption, 'ranges'>> {
  const text = copy.search.actions;
  const action = (key: string, label: string, to: string) =>
    ({ type: 'action', section: 'actions', key: `action-${key}`, label, to }) as const;
  const teamActions = team
    ? [
        action('new-issue', text.newIssue, teamCreatePath(team.scope, team.teamId, 'issue')),
        action('new-goal', text.newGoal, teamCreatePath(team.scope, team.teamId, 'goal')),
        action('go-goals', text.goGoals, teamListPath(team.scope, team.teamId, 'goal')),
        action('go-issues', text.goIssues, teamListPath(team.scope, team.teamId, 'issue')),
        action('go-externals', text.goExternals, teamListPath(team.scope, team.teamId, 'external')),
      ]
    : [];
  return [
    ...teamActions,
    action('noti', text.noti, workspacePaths.noti),
    action('ws-profile', text.wsProfile, workspacePaths.wsProfile),
    action('team-list', text.teamList, workspacePaths.teamList),
    action('team-members', text.teamMembers, workspacePaths.teamMembers),
    action('my-profile', text.myProfile, workspacePaths.myProfile),
  ];
}

const itemKey = (item: { kind: ItemKind; id: number }) => `${item.kind}-${item.id}`;

/** A hit as the palette shows it (and as it is remembered once opened). */
export function hitToRecent(hit: SearchHit): RecentItem {
  return {
    kind: hit.kind,
    id: hit.id,
    teamId: hit.teamId,
    teamName: hit.teamName,
    name: hit.name,
    title: hit.title,
    state: hit.state,
  };
}

export interface PaletteInput {
  /** The text as typed (actions filter on it at once). */
  text: string;
  /** The query the hits answer (debounced; may lag behind `text`). */
  query: string;
  hits: readonly SearchHit[] | undefined;
  recent: readonly RecentItem[];
  team: TeamRef | null;
  defaultTeamId: number | undefined;
}

/** The options in display order: hits by kind (goals, issues, externals) then actions; or recent then actions. */
export function paletteOptions({
  text,
  query,
  hits,
  recent,
  team,
  defaultTeamId,
}: PaletteInput): PaletteOption[] {
  const typed = text.trim();
  const actions = paletteActions(team);
  if (typed === '') {
    const recentOptions: PaletteOption[] = recent.map((item) => ({
      type: 'item',
      key: `recent-${itemKey(item)}`,
      section: 'recent',
      to: itemDetailPath(item, defaultTeamId),
      item,
      titleRanges: [],
      nameRanges: [],
    }));
    return [...recentOptions, ...actions.map((action) => ({ ...action, ranges: [] }))];
  }

  const hitOptions: PaletteOption[] = KIND_ORDER.flatMap((kind) =>
    (hits ?? [])
      .filter((hit) => hit.kind === kind)
      .map((hit): ItemOption => {
        const nameMatch = hit.match === 'name' ? matchHangul(hit.name, query) : null;
        return {
          type: 'item',
          key: itemKey(hit),
          section: kind,
          to: itemDetailPath(hit, defaultTeamId),
          item: hitToRecent(hit),
          titleRanges: hit.ranges,
          nameRanges: nameMatch?.ranges ?? [],
          ...(hit.snippet ? { snippet: hit.snippet } : {}),
        };
      }),
  );
  // Best first, as the server ranks hits: a label that starts with the match before one that has it in the middle.
  const matchedActions = rankByMatch(actions, typed, (action) => [action.label]).map(
    (action): PaletteOption => ({ ...action, ranges: matchHangul(action.label, typed)?.ranges ?? [] }),
  );
  return [...hitOptions, ...matchedActions];
}

export interface TextPart {
  text: string;
  marked: boolean;
}

/** `text` cut at the highlight ranges (clamped, sorted, overlaps merged). */
export function highlightParts(text: string, ranges: ReadonlyArray<readonly [number, number]>): TextPart[] {
  const sorted = ranges
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const parts: TextPart[] = [];
  let at = 0;
  for (const [start, end] of sorted) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    const last = parts[parts.length - 1];
    if (from > at) parts.push({ text: text.slice(at, from), marked: false });
    else if (last?.marked) {
      // Touching or overlapping ranges make one mark.
      last.text += text.slice(from, end);
      at = end;
      continue;
    }
    parts.push({ text: text.slice(from, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
