import { useMemo, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { Team } from '../../../../contract/teams';
import { useGetTeamsInfiniteQuery } from '../../../api/teamsApi';
import { copy, teamCopy } from '../../../shared/copy';
import { Link } from 'react-router-dom';
import { teamSettingsPath } from '../../../app/paths';
import { Avatar } from '../../../shared/ui/Avatar';
import { PHONE } from '../../../shared/ui/layout';
import { CreateTeamDialog } from '../CreateTeamDialog';
import { UserSearchIcon } from '../icons';
import { CellText, DateCell, IconCell, SettingsTablePage } from '../SettingsTable';
import { useSentinel } from '../../../shared/lib/useSentinel';
import { usePageTitle } from '../../../shared/lib/pageTitle';

/*
 * `/workspace/setting/team-list` (docs/product.md "Teams and members"): columns 아이콘 (7.6rem) · 팀 이름 | 멤버 수 (7.9rem) ·
 * 생성일 (11.1rem); rows 6rem.
 */
const LAYOUT = {
  template: '7.6rem minmax(0, 1fr) 7.9rem 11.1rem',
  rowHeight: '6rem',
  restGap: '0.8rem',
  // Phone card: icon, name, then member count and creation date as chips.
  phoneRoles: ['lead', 'title', 'meta', 'meta'],
} as const;
const FIRST_LOAD_SKELETONS = 10;
const NEXT_PAGE_SKELETONS = 3;

const CountCell = styled('span')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.6rem',
  paddingLeft: '1.4rem',
});
const Sentinel = styled('div')({ height: 1 });
const NameLink = styled(Link)({
  color: 'inherit',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  // A 44 × 44 touch target on phones (docs/responsive.md).
  [PHONE]: { display: 'inline-flex', alignItems: 'center', minHeight: '4.4rem', minWidth: '4.4rem' },
});
const PrivateBadge = styled('span')(({ theme }) => ({
  marginLeft: '0.6rem',
  padding: '0.1rem 0.6rem',
  borderRadius: '0.4rem',
  backgroundColor: theme.palette.grey[200],
  fontSize: '1.2rem',
}));

/**
 * `/workspace/setting/team-list`: the workspace's teams (`GET /api/workspace/setting/teams`, 20 per page, loaded
 * by infinite scroll), the default team first and highlighted; "팀 생성하기" opens the create-team dialog. A team's
 * name opens its settings (issue #23); private teams are marked 비공개 (admins see every private team here).
 */
export default function TeamListPage() {
  const { data, error, isError, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetTeamsInfiniteQuery();
  const [creating, setCreating] = useState(false);
  usePageTitle({ section: copy.settings.pageTitle }, copy.settings.pageTitles.teamList);
  const teams = useMemo(() => data?.pages.flatMap((page) => page.teamList) ?? [], [data]);
  const sentinel = useSentinel(
    () => void fetchNextPage(),
    Boolean(hasNextPage) && !isFetchingNextPage && !isError,
  );

  const text = copy.settings.teamList;

  const renderCells = (team: Team) => [
    <IconCell key="icon">
      <Avatar kind="team" size="2rem" src={team.teamImageUrl} />
    </IconCell>,
    <CellText key="name">
      {/* issue #23: the team's settings page; private teams are marked. */}
      <NameLink to={teamSettingsPath(team.teamId)}>{team.teamName}</NameLink>
      {team.visibility === 'private' && <PrivateBadge>{teamCopy.private}</PrivateBadge>}
    </CellText>,
    <CountCell key="count">
      <UserSearchIcon />
      {team.memberCount}
    </CountCell>,
    <DateCell key="date" iso={team.createdAt} />,
  ];

  return (
    <SettingsTablePage
      titleId="team-list-title"
      text={text}
      actionLabel={text.create}
      onAction={() => setCreating(true)}
      load={{ isError, error, hasData: Boolean(data) }}
      {...LAYOUT}
      rows={teams}
      rowKey={(team) => team.teamId}
      renderCells={renderCells}
      skeletonRows={isLoading ? FIRST_LOAD_SKELETONS : isFetchingNextPage ? NEXT_PAGE_SKELETONS : 0}
      after={<Sentinel ref={sentinel} aria-hidden="true" />}
    >
      {creating && <CreateTeamDialog onClose={() => setCreating(false)} />}
    </SettingsTablePage>
  );
}
