import { lazy, Suspense, useEffect, useId, useMemo, useRef } from 'react';
import { styled } from '@mui/material/styles';
import NotificationsIcon from '@mui/icons-material/Notifications';
import type { Team } from '../../../../contract/teams';
import { useGetAlarmUnreadCountQuery } from '../../../api/alarmsApi';
import { useGetMyTeamsInfiniteQuery } from '../../../api/teamsApi';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { tokens } from '../../../shared/ui/tokens';
import { copy, teamCopy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { unreadBadgeText } from '../../notifications';
import { defaultTeamIssuePath, workspacePaths } from '../../../app/paths';
import {
  CollapseChevron,
  QuietLink,
  RowList,
  SearchRow,
  Section,
  SectionHeader,
  SidebarItem,
  TopLink,
  TopRow,
  WorkspaceName,
  sectionKeys,
  useSectionOpen,
} from './parts';
import { GearIcon } from './icons';
import { TeamGroup } from './TeamGroup';
import { TeamList } from './TeamList';
import { allTeams, splitTeams } from './teamOrder';

/**
 * Workspace mode of the sidebar (docs/product.md "Sidebar"): workspace avatar and name, the
 * collapse chevron and settings gear, the search button (command palette), 알림, the default team, and "나의 팀" (drag-to-reorder in the full
 * sidebar, infinite scroll). The mini variant keeps icons, avatars, carets and "+" links only.
 */

/** The drag-and-drop list: its own chunk (`sidebar-dnd`), requested only when the full sidebar renders. */
const SortableTeamList = lazy(() => import(/* webpackChunkName: "sidebar-dnd" */ './SortableTeamList'));

const GearLink = styled(TopLink)({
  flex: 'none',
  width: '3.2rem',
  height: '3.2rem',
  justifyContent: 'center',
  '& svg': { fontSize: '3.2rem' },
  '&:hover': { color: tokens.navy },
});

/** 알림 sits flush with the avatar above it: its icon (not its hover box) starts at the content edge. */
const NotiList = styled(RowList)({
  '& > li, & > li[data-mini]': { marginLeft: '-0.4rem', paddingLeft: '0.4rem' },
});

/** The infinite-scroll trigger under "나의 팀" (takes no room: it cancels the section's row gap). */
const Sentinel = styled('div')({ height: '1px', marginTop: 'calc(-1.6rem - 1px)' });

/**
 * Calls `onVisible` when the returned element scrolls into view (IntersectionObserver; a no-op where there is
 * none, such as jsdom). The observer is renewed after each page so a sentinel that stays visible loads on.
 */
function useSentinel(enabled: boolean, renewKey: number, onVisible: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, renewKey]);
  return ref;
}

interface WorkspaceSidebarProps {
  mini: boolean;
  onToggle: () => void;
  /** Show the search button (not in the phone drawer: the app bar has one). */
  search: boolean;
}

export function WorkspaceSidebar({ mini, onToggle, search }: WorkspaceSidebarProps) {
  const { data: profile } = useGetWorkspaceProfileQuery();
  const { data, isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = useGetMyTeamsInfiniteQuery();
  const { defaultTeam, myTeams } = useMemo(() => splitTeams(data ? allTeams(data.pages) : []), [data]);
  const defaultTeamId = profile?.defaultTeamId ?? defaultTeam?.teamId;
  const homePath = defaultTeamId ? defaultTeamIssuePath(defaultTeamId) : workspacePaths.root;
  const workspaceName = profile?.workspaceName ?? '';

  const [defaultOpen, toggleDefault] = useSectionOpen(sectionKeys.defaultTeam);
  const [myTeamsOpen, toggleMyTeams] = useSectionOpen(sectionKeys.myTeams);
  const defaultListId = useId();
  const myTeamsListId = useId();
  const sentinel = useSentinel(
    myTeamsOpen && hasNextPage && !isFetchingNextPage,
    data?.pages.length ?? 0,
    () => void fetchNextPage(),
  );
  const text = copy.sidebar;
  // Refetched when the window regains focus and when the live stream reports an alarm (tag `Notification`).
  const { data: unreadCount } = useGetAlarmUnreadCountQuery();
  const unread = unreadCount?.total;
  const unreadText = unreadBadgeText(unread);

  return (
    <>
      <TopRow data-mini={mini}>
        <TopLink
          className="sidebar-top-link"
          to={homePath}
          aria-label={mini ? workspaceName || undefined : undefined}
        >
          <Avatar src={profile?.workspaceImageUrl} kind="workspace" size="3.2rem" />
          {!mini && <WorkspaceName>{workspaceName}</WorkspaceName>}
        </TopLink>
        <CollapseChevron mini={mini} onToggle={onToggle} />
        {!mini && (
          <GearLink className="sidebar-gear" to={workspacePaths.wsProfile} aria-label={text.settings}>
            <GearIcon width="3.2rem" height="3.2rem" />
          </GearLink>
        )}
      </TopRow>

      <NotiList>
        {search && <SearchRow mini={mini} />}
        <SidebarItem
          mini={mini}
          to={workspacePaths.noti}
          icon={<NotificationsIcon />}
          label={text.noti}
          badge={unreadText ? { text: unreadText, label: copy.notifications.unreadBadge(unread ?? 0) } : null}
        />
      </NotiList>

      <Section>
        <SectionHeader
          label={mini ? text.defaultTeamSectionMini : text.defaultTeamSection}
          accessibleLabel={text.defaultTeamSection}
          open={defaultOpen}
          onToggle={toggleDefault}
          controls={defaultListId}
        />
        {defaultOpen && (
          <TeamList id={defaultListId} aria-label={text.defaultTeamSection}>
            {defaultTeam && <TeamGroup team={defaultTeam} scope="default" mini={mini} />}
          </TeamList>
        )}
      </Section>

      <Section>
        <SectionHeader
          label={text.myTeamsSection}
          open={myTeamsOpen}
          onToggle={toggleMyTeams}
          controls={myTeamsListId}
        />
        {myTeamsOpen &&
          (isSuccess && myTeams.length === 0 && !hasNextPage ? (
            <QuietLink id={myTeamsListId} to={workspacePaths.teamList}>
              {text.createTeam}
            </QuietLink>
          ) : mini ? (
            <StaticTeamList id={myTeamsListId} teams={myTeams} mini />
          ) : (
            <Suspense fallback={<StaticTeamList id={myTeamsListId} teams={myTeams} mini={false} />}>
              <SortableTeamList id={myTeamsListId} teams={myTeams} />
            </Suspense>
          ))}
        {myTeamsOpen && <Sentinel ref={sentinel} aria-hidden />}
        {/* issue #23 (teams and membership): the public teams I could join */}
        {myTeamsOpen && !mini && (
          <QuietLink to={workspacePaths.teamBrowse}>{teamCopy.browse.sidebarLink}</QuietLink>
        )}
      </Section>
    </>
  );
}

/** "나의 팀" without drag and drop: the mini sidebar, and the full one while the drag chunk loads. */
function StaticTeamList({ id, teams, mini }: { id: string; teams: Team[]; mini: boolean }) {
  return (
    <TeamList id={id} aria-label={copy.sidebar.myTeamsSection}>
      {teams.map((team) => (
        <TeamGroup key={team.teamId} team={team} scope="team" mini={mini} sortable={!mini} />
      ))}
    </TeamList>
  );
}
