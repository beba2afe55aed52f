import { useId, type ReactNode } from 'react';
import { styled } from '@mui/material/styles';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import TableChartOutlinedIcon from '@mui/icons-material/TableChartOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import { isAdminRole } from '../../../../contract/roles';
import { useGetWorkspaceProfileQuery } from '../../../api/workspaceApi';
import { copy } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { defaultTeamIssuePath, workspacePaths } from '../../../app/paths';
import { BackChevronIcon, MembersIcon } from './icons';
import {
  CollapseChevron,
  RowList,
  SearchRow,
  Section,
  SectionHeader,
  SidebarItem,
  TopLink,
  TopRow,
  sectionKeys,
  useSectionOpen,
} from './parts';

/**
 * Settings mode of the sidebar (paths under `/workspace/setting`): "‹ 홈" back to the
 * default team's issue list, the collapse chevron, the search button, and the sections 워크스페이스 / 팀 / 계정 with their pages.
 * The mini variant shows icons only.
 */

const HomeLink = styled(TopLink)({
  gap: '1.2rem',
  paddingLeft: '0.4rem',
  '& svg': { fontSize: '2.4rem' },
  '& .home-label': { fontSize: '2rem', lineHeight: '140%', fontWeight: 700 },
});

const SettingsChevron = styled(CollapseChevron)({ marginRight: '1.2rem' });

interface SettingsGroupProps {
  sectionKey: string;
  label: string;
  miniLabel?: string;
  mini: boolean;
  children: ReactNode;
}

function SettingsGroup({ sectionKey, label, miniLabel, mini, children }: SettingsGroupProps) {
  const [open, toggle] = useSectionOpen(sectionKey);
  const listId = useId();
  return (
    <Section>
      <SectionHeader
        label={mini && miniLabel ? miniLabel : label}
        accessibleLabel={label}
        open={open}
        onToggle={toggle}
        controls={listId}
      />
      {open && (
        <RowList id={listId} aria-label={label} data-trailing>
          {children}
        </RowList>
      )}
    </Section>
  );
}

interface SettingsSidebarProps {
  mini: boolean;
  onToggle: () => void;
  /** Show the search button (not in the phone drawer: the app bar has one). */
  search: boolean;
}

export function SettingsSidebar({ mini, onToggle, search }: SettingsSidebarProps) {
  const { data: profile } = useGetWorkspaceProfileQuery();
  const homePath = profile ? defaultTeamIssuePath(profile.defaultTeamId) : workspacePaths.root;
  const text = copy.sidebar;
  const labels = text.settingsSections;

  return (
    <>
      <TopRow data-mini={mini}>
        <HomeLink className="sidebar-top-link" to={homePath} aria-label={mini ? text.home : undefined}>
          <BackChevronIcon />
          {!mini && <span className="home-label">{text.home}</span>}
        </HomeLink>
        <SettingsChevron mini={mini} onToggle={onToggle} />
      </TopRow>

      {search && (
        <RowList>
          <SearchRow mini={mini} />
        </RowList>
      )}

      <SettingsGroup
        sectionKey={sectionKeys.settingsWorkspace}
        label={labels.workspace}
        miniLabel={labels.workspaceMini}
        mini={mini}
      >
        <SidebarItem
          mini={mini}
          to={workspacePaths.wsProfile}
          icon={<Avatar src={profile?.workspaceImageUrl} kind="workspace" size="2.4rem" />}
          label={labels.wsProfile}
        />
        {/* issue #23 (admin): the audit log, for admins (the role comes with the profile). */}
        {isAdminRole(profile?.myRole) && (
          <SidebarItem
            mini={mini}
            to={workspacePaths.auditLog}
            icon={<HistoryOutlinedIcon />}
            label={copy.admin.audit.title}
          />
        )}
      </SettingsGroup>

      <SettingsGroup sectionKey={sectionKeys.settingsTeam} label={labels.team} mini={mini}>
        <SidebarItem
          mini={mini}
          to={workspacePaths.teamList}
          icon={<TableChartOutlinedIcon />}
          label={labels.teamList}
        />
        <SidebarItem
          mini={mini}
          to={workspacePaths.teamMembers}
          icon={<MembersIcon />}
          label={labels.teamMembers}
        />
      </SettingsGroup>

      <SettingsGroup sectionKey={sectionKeys.settingsAccount} label={labels.account} mini={mini}>
        <SidebarItem
          mini={mini}
          to={workspacePaths.myProfile}
          icon={<ManageAccountsOutlinedIcon />}
          label={labels.myProfile}
        />
      </SettingsGroup>
    </>
  );
}
