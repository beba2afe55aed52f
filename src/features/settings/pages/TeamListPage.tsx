import { useEffect, useMemo, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { Team } from '../../../../contract/teams';
import { useGetTeamsInfiniteQuery } from '../../../api/teamsApi';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { CreateTeamDialog } from '../CreateTeamDialog';
import { formatShortDate } from '../format';
import { CalendarIcon, UserSearchIcon } from '../icons';
import { SmallNavyButton } from '../../../shared/ui/buttons';
import { LoadError } from '../LoadError';
import { CellText, SettingsTable, TablePage, TableTitle, Toolbar } from '../SettingsTable';
import { useSentinel } from '../../../shared/lib/useSentinel';

/*
 * `/workspace/setting/team-list` (docs/product.md "Teams and members"): columns 아이콘 (7.6rem) · 팀 이름 | 멤버 수 (7.9rem) ·
 * 생성일 (11.1rem); rows 6rem.
 */
const TEMPLATE = '7.6rem minmax(0, 1fr) 7.9rem 11.1rem';
const FIRST_LOAD_SKELETONS = 10;
const NEXT_PAGE_SKELETONS = 3;

const IconCell = styled('span')({ display: 'inline-flex', paddingLeft: '1.4rem' });
const CountCell = styled('span')({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.6rem',
  paddingLeft: '1.4rem',
});
const DateCell = styled('span')({ display: 'inline-flex', alignItems: 'center', gap: '0.6rem' });
const Sentinel = styled('div')({ height: 1 });

/**
 * `/workspace/setting/team-list`: the workspace's teams (`GET /api/workspace/setting/teams`, 20 per page, loaded
 * by infinite scroll), the default team first and highlighted; "팀 생성하기" opens the create-team dialog.
 */
export default function TeamListPage() {
  const { data, error, isError, isLoading, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useGetTeamsInfiniteQuery();
  const [creating, setCreating] = useState(false);
  const teams = useMemo(() => data?.pages.flatMap((page) => page.teamList) ?? [], [data]);
  const sentinel = useSentinel(
    () => void fetchNextPage(),
    Boolean(hasNextPage) && !isFetchingNextPage && !isError,
  );

  useEffect(() => {
    if (isError) console.error(copy.settings.teamList.loadFailed, error);
  }, [isError, error]);

  const text = copy.settings.teamList;
  if (isError && !data) return <LoadError error={error} />;

  const columns = [
    { key: 'icon', label: text.columns.icon },
    { key: 'name', label: text.columns.name },
    { key: 'memberCount', label: text.columns.memberCount },
    { key: 'createdAt', label: text.columns.createdAt },
  ];
  const renderCells = (team: Team) => [
    <IconCell key="icon">
      <Avatar kind="team" size="2rem" src={team.teamImageUrl} />
    </IconCell>,
    <CellText key="name">{team.teamName}</CellText>,
    <CountCell key="count">
      <UserSearchIcon />
      {team.memberCount}
    </CountCell>,
    <DateCell key="date">
      <CalendarIcon />
      <time dateTime={team.createdAt}>{formatShortDate(team.createdAt)}</time>
    </DateCell>,
  ];

  return (
    <TablePage aria-labelledby="team-list-title">
      <TableTitle id="team-list-title">{text.title}</TableTitle>
      <Toolbar>
        <SmallNavyButton type="button" aria-haspopup="dialog" onClick={() => setCreating(true)}>
          {text.create}
        </SmallNavyButton>
      </Toolbar>
      <SettingsTable
        label={text.tableLabel}
        columns={columns}
        template={TEMPLATE}
        rowHeight="6rem"
        restGap="0.8rem"
        rows={teams}
        rowKey={(team) => team.teamId}
        renderCells={renderCells}
        skeletonRows={isLoading ? FIRST_LOAD_SKELETONS : isFetchingNextPage ? NEXT_PAGE_SKELETONS : 0}
        after={<Sentinel ref={sentinel} aria-hidden="true" />}
      />
      {creating && <CreateTeamDialog onClose={() => setCreating(false)} />}
    </TablePage>
  );
}
