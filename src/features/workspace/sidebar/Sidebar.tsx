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
});

interface SidebarProps {
  open: boolean;
  onToggle: () => void;
}

/**
 * The fixed left sidebar of the workspace shell: settings mode under `/workspace/setting`, workspace mode
 * elsewhere; full (30.8rem) or mini (12.8rem) with a 300 ms width transition. When the shell mounts, the content
 * renders one deferred pass after the frame.
 */
export function Sidebar({ open, onToggle }: SidebarProps) {
  const { pathname } = useLocation();
  const mini = !open;
  // The shell's first commit (a fresh tab: with the page's first rows) draws the sidebar's frame only; its content
  // follows in a deferred render right after, so the rows are painted without waiting for it (README.md "App start").
  const showContent = useDeferredValue(true, false);
  return (
    <Nav aria-label={copy.sidebar.label} data-mini={mini}>
      {!showContent ? null : isSettingsPath(pathname) ? (
        <SettingsSidebar mini={mini} onToggle={onToggle} />
      ) : (
        <WorkspaceSidebar mini={mini} onToggle={onToggle} />
      )}
    </Nav>
  );
}
