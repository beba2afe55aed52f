import { useCallback, type MouseEvent, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import SearchIcon from '@mui/icons-material/Search';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { copy } from '../../../shared/copy';
import { openCommandPalette, paletteShortcutLabel } from '../../../shared/lib/commandPalette';
import { tokens } from '../../../shared/ui/tokens';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { sectionToggled, selectSectionOpen } from '../../uiPrefs';
import { DoubleChevronIcon } from './icons';

/**
 * Building blocks of both sidebar modes (measured on the reference screenshots):
 * rows 3.2rem apart, section label rows 2.4rem (1.2rem text + caret), 1.6rem between the rows of a section,
 * items 3.2rem tall with 0.4rem padding and a 0.6rem radius, a 2.4rem icon and a 1.4rem label. The row of the
 * page on screen is marked (`aria-current="page"`, set by NavLink) with the hover grey and a navy bold label.
 * Class names (`sidebar-row`, `item-link`, `sidebar-add`, …) let the phone drawer (Sidebar.tsx) enlarge every
 * control to 4.4rem.
 */

export const SIDEBAR_TRANSITION = '300ms ease-in-out';

/** Open state of a collapsible section or team, remembered in `uiPrefs.sectionOpen` (open by default). */
export function useSectionOpen(key: string): [boolean, () => void] {
  const open = useAppSelector((state) => selectSectionOpen(state, key));
  const dispatch = useAppDispatch();
  const toggle = useCallback(() => dispatch(sectionToggled(key)), [dispatch, key]);
  return [open, toggle];
}

/** Keys of `uiPrefs.sectionOpen`. */
export const sectionKeys = {
  defaultTeam: 'ws-default-team',
  myTeams: 'my-teams',
  team: (teamId: number) => `team-${teamId}`,
  settingsWorkspace: 'settings-workspace',
  settingsTeam: 'settings-team',
  settingsAccount: 'settings-account',
} as const;

const focusRing = {
  '&:focus-visible': { outline: `0.2rem solid ${tokens.navyVariant}`, outlineOffset: '0.1rem' },
} as const;

/** A plain, unstyled button (icons and toggles). */
export const BareButton = styled('button')({
  display: 'inline-flex',
  alignItems: 'center',
  margin: 0,
  padding: 0,
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  borderRadius: '0.4rem',
  ...focusRing,
});

/** The top row: avatar + name (or "‹ 홈") on the left, chevron (and gear) on the right. */
export const TopRow = styled('div')({
  display: 'flex',
  alignItems: 'center',
  minHeight: '3.2rem',
  gap: '1.6rem',
  flex: 'none',
  // Full: the chevron goes right (before the gear); mini: it follows the avatar.
  '& > .sidebar-chevron': { marginLeft: 'auto' },
  '&[data-mini="true"] > .sidebar-chevron': { marginLeft: 0 },
});

/** A link of the top row (workspace / "‹ 홈"): never marked as the current page, the list rows are. */
export const TopLink = styled(Link)({
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  minWidth: 0,
  flex: '0 1 auto',
  color: tokens.grey[600],
  textDecoration: 'none',
  borderRadius: '0.4rem',
  ...focusRing,
});

export const WorkspaceName = styled('span')({
  fontSize: '1.6rem',
  lineHeight: '140%',
  fontWeight: 700,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

/** The collapse/expand chevron: 2.4rem, light grey, darker on hover. */
export const ChevronButton = styled(BareButton)({
  flex: 'none',
  width: '2.4rem',
  height: '2.4rem',
  justifyContent: 'center',
  color: tokens.grey[400],
  '& svg': { fontSize: '2.4rem' },
  '&:hover': { color: tokens.navy },
});

/** The top row's collapse / expand chevron (both sidebar modes); `className` adds styles (`styled(...)`). */
export function CollapseChevron({
  mini,
  onToggle,
  className,
}: {
  mini: boolean;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <ChevronButton
      className={className ? `sidebar-chevron ${className}` : 'sidebar-chevron'}
      type="button"
      aria-label={mini ? copy.sidebar.expand : copy.sidebar.collapse}
      onClick={onToggle}
    >
      <DoubleChevronIcon direction={mini ? 'right' : 'left'} />
    </ChevronButton>
  );
}

/** A rotating caret (▼ open, ▶ closed). */
export function Caret({ open }: { open: boolean }) {
  return (
    <ArrowDropDownIcon
      aria-hidden
      sx={{
        fontSize: '2.4rem',
        flex: 'none',
        transform: open ? 'none' : 'rotate(-90deg)',
        transition: 'transform 200ms ease-in-out',
      }}
    />
  );
}

/**
 * A section of rows (label + content). Sections are 3.2rem apart and their content ends with 1.6rem of space
 * (team groups carry it as a bottom margin, plain lists as padding: `RowList data-trailing`).
 */
const SectionBox = styled('div')({
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
});

export function Section({ children }: { children: ReactNode }) {
  return <SectionBox className="sidebar-section">{children}</SectionBox>;
}

const SectionToggleButton = styled(BareButton)({
  alignSelf: 'flex-start',
  maxWidth: '100%',
  height: '2.4rem',
  fontSize: '1.2rem',
  lineHeight: '140%',
  color: tokens.grey[600],
  '& .section-label': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'clip' },
});

interface SectionHeaderProps {
  /** Shown text (the mini sidebar uses a shorter one). */
  label: string;
  /** Accessible name when it differs from the shown text. */
  accessibleLabel?: string;
  open: boolean;
  onToggle: () => void;
  controls: string;
}

/** A section label (1.2rem) with its caret; toggles the section. */
export function SectionHeader({ label, accessibleLabel, open, onToggle, controls }: SectionHeaderProps) {
  return (
    <SectionToggleButton
      className="section-toggle"
      type="button"
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={accessibleLabel && accessibleLabel !== label ? accessibleLabel : undefined}
      onClick={onToggle}
    >
      <span className="section-label">{label}</span>
      <Caret open={open} />
    </SectionToggleButton>
  );
}

/** A vertical list with 1.6rem between its rows. */
export const RowList = styled('ul')({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '1.6rem',
  '&[data-trailing="true"]': { paddingBottom: '1.6rem' },
});

const ItemRow = styled('li')({
  display: 'flex',
  alignItems: 'center',
  minHeight: '3.2rem',
  padding: '0.4rem',
  borderRadius: '0.6rem',
  color: tokens.grey[600],
  '&:hover, &:has(> .item-link[aria-current="page"])': { backgroundColor: tokens.grey[300] },
  '&:hover .item-link, & > .item-link[aria-current="page"]': { color: tokens.navy, fontWeight: 700 },
  '&[data-mini="true"]': { paddingLeft: '0.6rem' },
});

const itemControl = {
  display: 'flex',
  alignItems: 'center',
  gap: '0.8rem',
  flex: '1 1 auto',
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
  fontSize: '1.4rem',
  lineHeight: '140%',
  borderRadius: '0.4rem',
  '& svg': { flex: 'none', width: '2.4rem', height: '2.4rem', fontSize: '2.4rem' },
  '& .item-label': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
} as const;

/** The search row's button: the look of a row's link. */
const ItemButton = styled(BareButton)({
  ...itemControl,
  textAlign: 'left',
  '& .item-shortcut': {
    marginLeft: 'auto',
    flex: 'none',
    fontSize: '1.2rem',
    // grey.default, not grey[500]: readable (WCAG AA 4.5:1) on the sidebar's grey and on the hover grey.
    color: tokens.grey.default,
    fontWeight: 400,
  },
});

const ItemLink = styled(NavLink)({
  ...itemControl,
  '& .item-icon': { position: 'relative', display: 'inline-flex', flex: 'none' },
  ...focusRing,
});

const AddLink = styled(NavLink)({
  display: 'inline-flex',
  flex: 'none',
  alignItems: 'center',
  justifyContent: 'center',
  width: '2.4rem',
  height: '2.4rem',
  marginLeft: 'auto',
  borderRadius: '0.4rem',
  color: tokens.grey[500],
  '& svg': { fontSize: '2.4rem' },
  '&:hover': { backgroundColor: tokens.grey[400], color: tokens.grey[600] },
  ...focusRing,
});

/* The unread badge: a 1.8rem red pill with white 1.1rem bold digits; in the mini sidebar it sits on the icon's
   top-right corner. */
const Badge = styled('span')({
  boxSizing: 'border-box',
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.8rem',
  height: '1.8rem',
  marginLeft: 'auto',
  padding: '0 0.5rem',
  borderRadius: '0.9rem',
  backgroundColor: tokens.error,
  color: '#ffffff',
  fontSize: '1.1rem',
  lineHeight: 1,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  '.item-icon > &': {
    position: 'absolute',
    top: '-0.6rem',
    right: '-0.8rem',
    minWidth: '1.6rem',
    height: '1.6rem',
    padding: '0 0.4rem',
    fontSize: '1rem',
    boxShadow: `0 0 0 0.15rem ${tokens.grey[200]}`,
  },
});

export interface SidebarItemProps {
  to: string;
  icon: ReactNode;
  label: string;
  mini: boolean;
  /** The "+" link to a create screen. */
  add?: { to: string; label: string };
  /**
   * A small count badge (알림's unread alarms): `text` is shown (right of the label; on the icon's corner in the
   * mini sidebar), `label` is read out after the row's name.
   */
  badge?: { text: string; label: string } | null;
  className?: string;
}

/** One sidebar row: icon + label link (icon only in the mini sidebar), and an optional "+" link. */
export function SidebarItem({ to, icon, label, mini, add, badge, className }: SidebarItemProps) {
  return (
    <ItemRow className={className ? `sidebar-row ${className}` : 'sidebar-row'} data-mini={mini}>
      <ItemLink
        className="item-link"
        to={to}
        end
        aria-label={mini ? (badge ? `${label} ${badge.label}` : label) : undefined}
      >
        {badge && mini ? (
          <span className="item-icon">
            {icon}
            <Badge className="item-badge" aria-hidden data-testid="sidebar-badge">
              {badge.text}
            </Badge>
          </span>
        ) : (
          icon
        )}
        {!mini && <span className="item-label">{label}</span>}
        {badge && !mini && (
          <>
            <Badge className="item-badge" aria-hidden data-testid="sidebar-badge">
              {badge.text}
            </Badge>
            <VisuallyHidden>{badge.label}</VisuallyHidden>
          </>
        )}
      </ItemLink>
      {add && (
        <AddLink className="sidebar-add" to={add.to} end aria-label={add.label}>
          <AddIcon aria-hidden />
        </AddLink>
      )}
    </ItemRow>
  );
}

const QuietLinkBase = styled(NavLink)({
  alignSelf: 'flex-start',
  fontSize: '1.2rem',
  lineHeight: '140%',
  // grey.default: 4.5:1 on the sidebar's grey (grey[500] is 4.1:1).
  color: tokens.grey.default,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2rem',
  borderRadius: '0.2rem',
  ...focusRing,
});

/**
 * The search button under the top row (docs/product.md "Search"): opens the command palette, shows the shortcut
 * (Ctrl+K, ⌘K on Apple) next to "검색" and in its tooltip; icon only in the mini sidebar.
 */
export function SearchRow({ mini }: { mini: boolean }) {
  const shortcut = paletteShortcutLabel();
  const label = copy.sidebar.searchLabel(shortcut);
  const open = (event: MouseEvent<HTMLButtonElement>) => openCommandPalette(event.currentTarget);
  return (
    <ItemRow className="sidebar-row" data-mini={mini}>
      <Tooltip title={label} placement="right" enterDelay={400}>
        {/* Full sidebar: named by its content, so the visible "검색" starts the name (WCAG 2.5.3); mini: icon only. */}
        <ItemButton
          className="item-link"
          type="button"
          aria-label={mini ? label : undefined}
          aria-keyshortcuts={shortcut.startsWith('⌘') ? 'Meta+K' : 'Control+K'}
          onClick={open}
        >
          <SearchIcon aria-hidden />
          {!mini && (
            <span className="item-label">
              {copy.sidebar.search}
              <VisuallyHidden>{label.slice(copy.sidebar.search.length)}</VisuallyHidden>
            </span>
          )}
          {!mini && (
            <span className="item-shortcut" aria-hidden>
              {shortcut}
            </span>
          )}
        </ItemButton>
      </Tooltip>
    </ItemRow>
  );
}

/** Underlined grey 1.2rem link (the empty "나의 팀"). */
export function QuietLink({ id, to, children }: { id?: string; to: string; children: ReactNode }) {
  return (
    <QuietLinkBase className="sidebar-quiet" id={id} to={to}>
      {children}
    </QuietLinkBase>
  );
}
