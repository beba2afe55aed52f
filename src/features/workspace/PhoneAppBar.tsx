import type { MouseEvent } from 'react';
import { NavLink } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import SearchIcon from '@mui/icons-material/Search';
import { useGetAlarmUnreadCountQuery } from '../../api/alarmsApi';
import { useGetWorkspaceProfileQuery } from '../../api/workspaceApi';
import { workspacePaths } from '../../app/paths';
import { copy } from '../../shared/copy';
import { openCommandPalette } from '../../shared/lib/commandPalette';
import { usePageHeading } from '../../shared/lib/pageTitle';
import { PHONE_APP_BAR_HEIGHT_REM } from '../../shared/lib/shellLayout';
import { tokens } from '../../shared/ui/tokens';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { unreadBadgeText } from '../notifications';

const Bar = styled('header')(({ theme }) => ({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  zIndex: theme.zIndex.appBar,
  boxSizing: 'content-box',
  height: `${PHONE_APP_BAR_HEIGHT_REM}rem`,
  paddingTop: 'env(safe-area-inset-top, 0px)',
  paddingLeft: 'max(0.6rem, env(safe-area-inset-left, 0px))',
  paddingRight: 'max(0.6rem, env(safe-area-inset-right, 0px))',
  display: 'flex',
  alignItems: 'center',
  gap: '0.2rem',
  backgroundColor: theme.palette.background.paper,
  borderBottom: `1px solid ${tokens.grey[300]}`,
  color: tokens.grey[600],
  '& .MuiIconButton-root': { flex: 'none', width: '4.4rem', height: '4.4rem', color: 'inherit' },
  '& .MuiIconButton-root svg': { fontSize: '2.4rem' },
  '& .MuiIconButton-root:focus-visible': {
    outline: `0.2rem solid ${tokens.navyVariant}`,
    outlineOffset: '-0.2rem',
  },
  '& .MuiIconButton-root[aria-current="page"]': { color: tokens.navy, backgroundColor: tokens.grey[200] },
  '& .MuiBadge-badge': {
    fontSize: '1.1rem',
    fontWeight: 700,
    height: '1.8rem',
    minWidth: '1.8rem',
    backgroundColor: tokens.error,
    color: '#ffffff',
  },
}));

/** The page's name: the most specific part of its title (shared/lib/pageTitle.ts); not a heading (pages own h1). */
const Title = styled('p')({
  flex: '1 1 auto',
  minWidth: 0,
  margin: '0 0.4rem',
  fontSize: '1.7rem',
  lineHeight: '140%',
  fontWeight: 700,
  color: tokens.navy,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

interface PhoneAppBarProps {
  /** Opens the sidebar drawer; `drawerId` is its element's id (`aria-controls`). */
  onOpenMenu: () => void;
  drawerOpen: boolean;
  drawerId: string;
}

/**
 * The phone's top app bar (below 600 px; docs/product.md "Sidebar"): the menu button (opens the sidebar drawer),
 * the page's name (`usePageHeading`, the workspace's name until the page names itself), 알림 with the unread badge
 * (the sidebar's unread-count query) and the search button that opens the command palette. Every control is
 * 4.4rem (44 px) square.
 */
export function PhoneAppBar({ onOpenMenu, drawerOpen, drawerId }: PhoneAppBarProps) {
  const heading = usePageHeading();
  const { data: profile } = useGetWorkspaceProfileQuery();
  const { data: unreadCount } = useGetAlarmUnreadCountQuery();
  const unread = unreadCount?.total ?? 0;
  const badge = unreadBadgeText(unread);
  const text = copy.sidebar.appBar;
  const notiLabel = badge ? `${text.noti}, ${copy.notifications.unreadBadge(unread)}` : text.noti;
  return (
    <Bar aria-label={text.label}>
      <IconButton
        aria-label={text.openMenu}
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? drawerId : undefined}
        onClick={onOpenMenu}
      >
        <MenuIcon aria-hidden />
      </IconButton>
      <Title data-testid="app-bar-title">{heading || profile?.workspaceName || ''}</Title>
      <IconButton
        aria-label={text.search}
        aria-haspopup="dialog"
        onClick={(event: MouseEvent<HTMLButtonElement>) => openCommandPalette(event.currentTarget)}
      >
        <SearchIcon aria-hidden />
      </IconButton>
      {/* Named by its hidden text, not aria-label, so the visible count never contradicts the name (WCAG 2.5.3). */}
      <IconButton component={NavLink} to={workspacePaths.noti} end>
        <Badge
          badgeContent={badge}
          color="error"
          overlap="circular"
          data-testid="app-bar-badge"
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsIcon aria-hidden />
        </Badge>
        <VisuallyHidden>{notiLabel}</VisuallyHidden>
      </IconButton>
    </Bar>
  );
}
