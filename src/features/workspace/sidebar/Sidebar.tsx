import { useDeferredValue } from 'react';
import { useLocation } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { tokens } from '../../../shared/ui/tokens';
import { copy } from '../../../shared/copy';
import { isSettingsPath } from '../../../app/paths';
import { SIDEBAR_TRANSITION } from './parts';
import { SettingsSidebar } from './SettingsSidebar';
import { WorkspaceSidebar } from './WorkspaceSidebar';

/** Sidebar widths: 30.8rem open, 12.8rem mini. */
export const SIDEBAR_WIDTH = { open: '30.8rem', mini: '12.8rem' } as const;

const Nav = styled('nav')({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: 20,
  width: SIDEBAR_WIDTH.open,
  '&[data-mini="true"]': { width: SIDEBAR_WIDTH.mini },
  transition: `width ${SIDEBAR_TRANSITION}`,
  display: 'flex',
  flexDirection: 'column',
  gap: '3.2rem',
  // 3.2rem around the content; on the right 0.8rem plus a 1.2rem scrollbar gutter (= 2rem).
  padding: '3.2rem 0.8rem 3.2rem 3.2rem',
  overflowX: 'hidden',
  overflowY: 'auto',
  scrollbarGutter: 'stable',
  backgroundColor: tokens.grey[200],
  color: tokens.grey[600],
  '& > *': { flex: 'none' },
  // The scrollbar thumb shows only while the pointer is over the sidebar.
  '&::-webkit-scrollbar': { width: '1.2rem' },
  '&::-webkit-scrollbar-thumb': {
    backgroundColor: 'transparent',
    borderRadius: '0.6rem',
    border: '0.3rem solid transparent',
    backgroundClip: 'content-box',
  },
  '&:hover::-webkit-scrollbar-thumb': { backgroundColor: tokens.grey[400] },
  '&::-webkit-scrollbar-thumb:hover': { backgroundColor: tokens.grey[500] },
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  // The phone drawer (WorkspaceShell.tsx): the full sidebar inside a temporary MUI Drawer, at most 85% of the
  // screen, with every control at least 4.4rem (44 px) tall and the rows closer together to make up for it.
  '&[data-variant="drawer"]': {
    position: 'static',
    width: SIDEBAR_WIDTH.open,
    maxWidth: '85vw',
    minHeight: '100%',
    boxSizing: 'border-box',
    gap: '1.6rem',
    padding: '1.2rem 1.2rem calc(2.4rem + env(safe-area-inset-bottom, 0px)) 2rem',
    '& .sidebar-section': { gap: '0.4rem' },
    '& .sidebar-quiet': { display: 'inline-flex', alignItems: 'center', minHeight: '4.4rem' },
    scrollbarGutter: 'auto',
    transition: 'none',
    '& ul': { gap: '0.4rem' },
    '& .sidebar-row': { minHeight: '4.4rem', paddingTop: 0, paddingBottom: 0 },
    '& .item-link': { alignSelf: 'stretch' },
    '& .sidebar-add, & .sidebar-chevron, & .sidebar-gear, & .drag-handle': {
      width: '4.4rem',
      height: '4.4rem',
    },
    '& .section-toggle, & .team-toggle, & .sidebar-top-link': { minHeight: '4.4rem' },
    '& .section-toggle': { height: 'auto' },
    // Teams: 0.8rem apart (their header is now 4.4rem tall), the items right under the header.
    '& li:has(> div > .team-toggle)': { marginBottom: '0.8rem', gap: 0 },
  },
});

interface SidebarProps {
  open: boolean;
  onToggle: () => void;
  /**
   * `fixed` (tablet and desktop): the fixed left column. `drawer` (phone): the full sidebar inside the shell's
   * temporary drawer, without its search button (the app bar has one); `onToggle` then closes the drawer.
   */
  variant?: 'fixed' | 'drawer';
}

/**
 * The left sidebar of the workspace shell (docs/product.md "Sidebar"): settings mode under
 * `/workspace/setting`, workspace mode elsewhere; full (30.8rem) or mini (12.8rem) with a 300 ms width transition
 * as a fixed column, always full inside the phone drawer. When the shell mounts, the content renders one deferred
 * pass after the frame.
 */
export function Sidebar({ open, onToggle, variant = 'fixed' }: SidebarProps) {
  const { pathname } = useLocation();
  const drawer = variant === 'drawer';
  const mini = !open && !drawer;
  // The shell's first commit (a fresh tab: with the page's first rows) draws the sidebar's frame only; its content
  // follows in a deferred render right after, so the rows are painted without waiting for it (docs/performance.md "App start").
  const showContent = useDeferredValue(true, false);
  return (
    <Nav aria-label={copy.sidebar.label} data-mini={mini} data-variant={variant}>
      {!showContent ? null : isSettingsPath(pathname) ? (
        <SettingsSidebar mini={mini} onToggle={onToggle} search={!drawer} />
      ) : (
        <WorkspaceSidebar mini={mini} onToggle={onToggle} search={!drawer} />
      )}
    </Nav>
  );
}
