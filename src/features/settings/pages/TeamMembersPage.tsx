import { useEffect, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { WorkspaceMember } from '../../../../contract/members';
import { useGetMembersQuery } from '../../../api/membersApi';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { InviteDialog } from '../InviteDialog';
import { MemberTeams } from '../MemberTeams';
import { formatShortDate } from '../format';
import { CalendarIcon } from '../icons';
import { SmallNavyButton } from '../../../shared/ui/buttons';
import { LoadError } from '../LoadError';
import { CellText, SettingsTable, TablePage, TableTitle, Toolbar } from '../SettingsTable';

/*
 * Layout: columns 아이콘 (7.6rem) · 멤버이름 (9.3rem) · 이메일 | 팀 (7.4rem) · 참여일 (11.1rem);
 * rows 5.2rem; the caller's row first, alone between rules.
 */
const TEMPLATE = '7.6rem 9.3rem minmax(0, 1fr) 7.4rem 11.1rem';
const SKELETON_ROWS = 10;

const IconCell = styled('span')({ display: 'inline-flex', paddingLeft: '1.4rem' });
const DateCell = styled('span')({ display: 'inline-flex', alignItems: 'center', gap: '0.6rem' });

/**
 * `/workspace/setting/team-members`: the workspace's members (`GET /api/workspace/setting/members`, the caller
 * first and highlighted) with their teams and joining date; "팀원 초대하기" opens the invite dialog.
 */
export default function TeamMembersPage() {
  const { data, error, isError, isLoading } = useGetMembersQuery();
  const [inviting, setInviting] = useState(false);
  const text = copy.settings.members;

  useEffect(() => {
    if (isError) console.error(text.loadFailed, error);
  }, [isError, error, text.loadFailed]);

  if (isError && !data) return <LoadError error={error} />;

  const columns = [
    { key: 'icon', label: text.columns.icon },
    { key: 'name', label: text.columns.name },
    { key: 'email', label: text.columns.email },
    { key: 'teams', label: text.columns.teams },
    { key: 'joinedAt', label: text.columns.joinedAt },
  ];
  const renderCells = (member: WorkspaceMember) => [
    <IconCell key="icon">
      <Avatar kind="member" size="2rem" src={member.profileImageUrl} />
    </IconCell>,
    <CellText key="name">{member.name}</CellText>,
    <CellText key="email">{member.email}</CellText>,
    <MemberTeams key="teams" member={member} />,
    <DateCell key="date">
      <CalendarIcon />
      <time dateTime={member.joinedAt}>{formatShortDate(member.joinedAt)}</time>
    </DateCell>,
  ];

  return (
    <TablePage aria-labelledby="team-members-title">
      <TableTitle id="team-members-title">{text.title}</TableTitle>
      <Toolbar>
        <SmallNavyButton type="button" aria-haspopup="dialog" onClick={() => setInviting(true)}>
          {text.invite}
        </SmallNavyButton>
      </Toolbar>
      <SettingsTable
        label={text.tableLabel}
        columns={columns}
        template={TEMPLATE}
        rowHeight="5.2rem"
        restGap="2.4rem"
        rows={data ?? []}
        rowKey={(member) => member.memberId}
        renderCells={renderCells}
        skeletonRows={isLoading ? SKELETON_ROWS : 0}
      />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </TablePage>
  );
}
