import { forwardRef, useId, type CSSProperties, type HTMLAttributes } from 'react';
import { styled } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import type { Team } from '../../../../contract/teams';
import { tokens } from '../../../shared/ui/tokens';
import { copy, type ItemScope } from '../../../shared/copy';
import { Avatar } from '../../../shared/ui/Avatar';
import { teamCreatePath, teamListPath, teamSettingsPath } from '../../../app/paths';
import { teamCopy } from '../../../shared/copy';
import { Link } from 'react-router-dom';
import { GearIcon } from './icons';
import { ExternalIcon, GoalIcon, IssueIcon } from '../../../shared/ui/icons/kindIcons';
import { BareButton, Caret, RowList, SidebarItem, sectionKeys, useSectionOpen } from './parts';

/**
 * A team in the sidebar: a header (2.4rem avatar, 1.6rem bold name, caret) that collapses the team, and its
 * items 목표 (+), 이슈 (+), 외부. Teams under "나의 팀" in the full sidebar also get a drag handle (passed in
 * by the lazily loaded drag-and-drop list) that fades in on hover.
 */

/** What `@hello-pangea/dnd` hands a draggable team (kept structural so this module does not import it). */
export interface TeamDragProps {
  draggableProps: HTMLAttributes<HTMLLIElement> & { style?: CSSProperties };
  dragHandleProps: HTMLAttributes<HTMLElement> | null;
  isDragging: boolean;
}

interface TeamGroupProps {
  team: Team;
  scope: ItemScope;
  mini: boolean;
  /** Full "나의 팀": the header leaves room for the drag handle (2.8rem). */
  sortable?: boolean;
  drag?: TeamDragProps;
}

const Group = styled('li')({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
  listStyle: 'none',
  // Teams are 1.6rem apart. A margin (not the list's gap) so the drag library measures the spacing.
  marginBottom: '1.6rem',
  // While lifted: a card of the sidebar's grey, widened by a spread shadow (no layout change mid-drag).
  '&[data-dragging="true"]': {
    backgroundColor: tokens.grey[200],
    borderRadius: '0.6rem',
    boxShadow: `0 0 0 0.8rem ${tokens.grey[200]}, 0 0.4rem 1.2rem 0.8rem rgba(0, 0, 0, 0.15)`,
  },
});

const Header = styled('div')({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.4rem',
  '&[data-sortable="true"]': { minHeight: '2.8rem' },
  '&:hover .drag-handle, & .drag-handle:focus-visible, [data-dragging="true"] > & .drag-handle': {
    opacity: 1,
  },
  '&:hover .team-settings': { opacity: 1 },
});

const HeaderToggle = styled(BareButton)({
  gap: '0.8rem',
  minWidth: 0,
  color: tokens.grey[600],
  '&[data-mini="true"]': { gap: 0 },
  '& .team-name': {
    fontSize: '1.6rem',
    lineHeight: '140%',
    fontWeight: 700,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  // The caret sits right after the name; in the mini sidebar 0.8rem after the avatar.
  '& > svg': { marginLeft: '-0.8rem' },
  '&[data-mini="true"] > svg': { marginLeft: '0.8rem' },
});

/** The look the header's end controls share: a grey 2.8rem square, transparent until the header is hovered. */
const headerControl = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: '2.8rem',
  height: '2.8rem',
  marginLeft: 'auto',
  borderRadius: '0.4rem',
  color: tokens.grey[500],
  opacity: 0,
  transition: 'opacity 200ms ease-in-out',
} as const;

const Handle = styled('div')({
  ...headerControl,
  '& svg': { fontSize: '2rem' },
  '&:hover': { color: tokens.navy, backgroundColor: tokens.grey[300] },
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.1rem' },
  '@media (hover: none)': { opacity: 1 },
});

/** issue #23: the team's settings page, a small gear at the header's end (fades in on hover like the handle). */
const SettingsGear = styled(Link)({
  ...headerControl,
  '& svg': { width: '1.8rem', height: '1.8rem' },
  '& + .drag-handle': { marginLeft: 0 },
  '&:hover': { color: tokens.navy, backgroundColor: tokens.grey[300] },
  '&:focus-visible': { opacity: 1, outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.1rem' },
  '@media (hover: none)': { opacity: 1 },
});

const Items = styled(RowList)({
  paddingLeft: '3.2rem',
  '&[data-mini="true"]': { paddingLeft: 0 },
});

/** A team's items in order; externals are only listed (nothing is created from the sidebar). */
const TEAM_ITEMS = [
  { kind: 'goal', Icon: GoalIcon },
  { kind: 'issue', Icon: IssueIcon },
  { kind: 'external', Icon: ExternalIcon },
] as const;

export const TeamGroup = forwardRef<HTMLLIElement, TeamGroupProps>(function TeamGroup(
  { team, scope, mini, sortable = false, drag },
  ref,
) {
  const [open, toggle] = useSectionOpen(sectionKeys.team(team.teamId));
  const itemsId = useId();
  const labels = copy.sidebar.items;
  const creates = copy.sidebar.create;
  const nameTestId = scope === 'default' ? 'default-team-name' : 'my-team-name';

  return (
    <Group ref={ref} {...drag?.draggableProps} data-dragging={drag?.isDragging ?? false}>
      <Header data-sortable={sortable && !mini}>
        <HeaderToggle
          className="team-toggle"
          type="button"
          data-mini={mini}
          aria-expanded={open}
          aria-controls={open ? itemsId : undefined}
          aria-label={mini ? team.teamName : undefined}
          onClick={toggle}
        >
          <Avatar src={team.teamImageUrl} kind="team" size="2.4rem" />
          {!mini && (
            <span className="team-name" data-testid={nameTestId}>
              {team.teamName}
            </span>
          )}
          <Caret open={open} />
        </HeaderToggle>
        {!mini && (
          <SettingsGear
            className="team-settings"
            to={teamSettingsPath(team.teamId)}
            aria-label={teamCopy.settingsLink(team.teamName)}
          >
            <GearIcon aria-hidden />
          </SettingsGear>
        )}
        {drag?.dragHandleProps && (
          <Handle
            className="drag-handle"
            {...drag.dragHandleProps}
            aria-label={copy.sidebar.reorderHandle(team.teamName)}
          >
            <MenuIcon aria-hidden />
          </Handle>
        )}
      </Header>
      {open && (
        <Items id={itemsId} data-mini={mini} aria-label={team.teamName}>
          {TEAM_ITEMS.map(({ kind, Icon }) => (
            <SidebarItem
              key={kind}
              mini={mini}
              to={teamListPath(scope, team.teamId, kind)}
              icon={<Icon />}
              label={labels[kind]}
              add={
                kind === 'external'
                  ? undefined
                  : { to: teamCreatePath(scope, team.teamId, kind), label: creates[kind] }
              }
            />
          ))}
        </Items>
      )}
    </Group>
  );
});
