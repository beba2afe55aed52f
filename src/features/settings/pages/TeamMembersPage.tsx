import { useMemo, useState } from 'react';
import { styled } from '@mui/material/styles';
import { rankByMatch } from '../../../../contract/hangul';
import type { WorkspaceMember } from '../../../../contract/members';
import { useGetMembersQuery } from '../../../api/membersApi';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { PHONE } from '../../../shared/ui/layout';
import { tokens } from '../../../shared/ui/tokens';
import { usePageTitle } from '../../../shared/lib/pageTitle';
import { InviteDialog } from '../InviteDialog';
import { MemberAdminMenu, memberActions } from '../MemberAdminMenu';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { isAdminRole, type WorkspaceRole } from '../../../../contract/roles';
import { MemberTeams } from '../MemberTeams';
import { CellText, DateCell, IconCell, SettingsTablePage } from '../SettingsTable';

/*
 * Layout: columns 아이콘 (7.6rem) · 멤버이름 (9.3rem) · 이메일 | 팀 (7.4rem) · 참여일 (11.1rem);
 * rows 5.2rem; the caller's row first, alone between rules.
 */
const LAYOUT = {
  template: '7.6rem 9.3rem minmax(0, 1fr) 7.4rem 11.1rem',
  rowHeight: '5.2rem',
  restGap: '2.4rem',
  // Phone card: avatar, name, the email on its own line, then teams and joining date as chips.
  phoneRoles: ['lead', 'title', 'line', 'meta', 'meta'],
} as const;
/**
 * issue #23 (admin): with the role column (after the email) and, for admins, the "관리" column at the end (on
 * phones the menu button sits in the card's top-right corner).
 */
const ROLE_LAYOUT = {
  ...LAYOUT,
  template: '7.6rem 9.3rem minmax(0, 1fr) 7.2rem 7.4rem 11.1rem',
  phoneRoles: ['lead', 'title', 'line', 'meta', 'meta', 'meta'],
} as const;
const ADMIN_LAYOUT = {
  ...LAYOUT,
  template: '7.6rem 9.3rem minmax(0, 1fr) 7.2rem 7.4rem 11.1rem 4.8rem',
  phoneRoles: ['lead', 'title', 'line', 'meta', 'meta', 'meta', 'corner'],
} as const;

/** The role chip: owner and admins stand out, members stay quiet. */
const RoleBadge = styled('span', { shouldForwardProp: (prop) => prop !== 'role' })<{ role: WorkspaceRole }>(
  ({ theme, role }) => ({
    display: 'inline-flex',
    alignItems: 'center',
    height: '2.4rem',
    padding: '0 0.8rem',
    borderRadius: '1.2rem',
    fontSize: '1.3rem',
    fontWeight: role === 'member' ? 400 : 700,
    color: role === 'member' ? theme.palette.text.secondary : theme.palette.common.white,
    backgroundColor:
      role === 'owner'
        ? tokens.navyVariant
        : role === 'admin'
          ? theme.palette.secondary.main
          : tokens.grey[200],
  }),
);
const SKELETON_ROWS = 10;

/** The member filter, left of the invite button. */
const FilterField = styled('input')(({ theme }) => ({
  marginRight: 'auto',
  width: '24rem',
  height: '3.2rem',
  padding: '0 1rem',
  border: `1px solid ${tokens.grey[300]}`,
  borderRadius: '0.4rem',
  font: 'inherit',
  fontSize: '1.4rem',
  color: theme.palette.text.primary,
  '&::placeholder': { color: tokens.grey[500] },
  '&:focus-visible': { outline: 'none', borderColor: tokens.navyVariant },
  // Phones: takes the toolbar's width left of the button; 1.6rem text so iOS does not zoom in on focus.
  [PHONE]: {
    order: 1,
    flex: '1 1 100%',
    width: 'auto',
    minWidth: 0,
    height: '4.4rem',
    marginRight: 0,
    fontSize: '1.6rem',
  },
}));

/**
 * Members whose name or email `query` matches (contract/hangul.ts: 초성 and a half-composed last syllable too, so
 * ㄱㅁㅅ finds 김민수 — docs/product.md "Search"), those whose name or email starts with the match first, ties in
 * the list's order; every member, in order, for a blank query.
 */
function filterMembers(members: readonly WorkspaceMember[], query: string): WorkspaceMember[] {
  return rankByMatch(members, query, (member) => [member.name, member.email]);
}

/**
 * `/workspace/setting/team-members`: the workspace's members (`GET /api/workspace/setting/members`, the caller
 * first and highlighted) with their teams and joining date, a filter by name or email; "팀원 초대하기" opens the
 * invite dialog.
 */
export default function TeamMembersPage() {
  const { data, error, isError, isLoading } = useGetMembersQuery();
  // issue #23 (admin): the caller's role (read from the server on every request) decides the admin controls.
  const { data: profile } = useGetWorkspaceProfileQuery();
  const myRole = profile?.myRole;
  const isAdmin = isAdminRole(myRole);
  const [inviting, setInviting] = useState(false);
  usePageTitle({ section: copy.settings.pageTitle }, copy.settings.pageTitles.members);
  const [query, setQuery] = useState('');
  const text = copy.settings.members;
  const members = useMemo(() => data ?? [], [data]);
  // Filtering as the text changes, composition included: the list narrows with every jamo, nothing is submitted.
  const shown = useMemo(() => filterMembers(members, query), [members, query]);

  const myId = members[0]?.memberId;
  const renderCells = (member: WorkspaceMember) => [
    <IconCell key="icon">
      <Avatar kind="member" size="2rem" src={member.profileImageUrl} />
    </IconCell>,
    <CellText key="name">{member.name}</CellText>,
    <CellText key="email">{member.email}</CellText>,
    <RoleBadge key="role" role={member.role}>
      {copy.admin.roles[member.role]}
    </RoleBadge>,
    <MemberTeams key="teams" member={member} />,
    <DateCell key="date" iso={member.joinedAt} />,
    ...(isAdmin
      ? [<MemberAdminMenu key="admin" member={member} actions={memberActions(myRole, myId, member)} />]
      : []),
  ];
  const { email, teams, joinedAt, ...lead } = text.columns;
  const columns = {
    ...lead,
    email,
    role: copy.admin.roleColumn,
    teams,
    joinedAt,
    ...(isAdmin ? { actions: copy.admin.actionsColumn } : {}),
  };

  return (
    <SettingsTablePage
      titleId="team-members-title"
      text={{ ...text, columns }}
      actionLabel={text.invite}
      // Members do not see the invite (docs/security.md "Roles"): no button.
      onAction={isAdmin ? () => setInviting(true) : undefined}
      tools={
        <FilterField
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.filter.members}
          aria-label={copy.filter.members}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      }
      load={{ isError, error, hasData: Boolean(data) }}
      {...(isAdmin ? ADMIN_LAYOUT : ROLE_LAYOUT)}
      rows={shown}
      rowKey={(member) => member.memberId}
      renderCells={renderCells}
      // The highlighted row is the caller's (the first member), not whoever a filter puts first.
      highlightFirst={shown[0] !== undefined && shown[0] === members[0]}
      emptyText={query.trim() !== '' ? copy.filter.noMembers : undefined}
      skeletonRows={isLoading ? SKELETON_ROWS : 0}
    >
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </SettingsTablePage>
  );
}
