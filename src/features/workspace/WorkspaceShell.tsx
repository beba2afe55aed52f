import { Outlet } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import { LiveUpdates } from '../live';
import { SearchLayer } from '../search';
import { ToastViewport } from '../toast';
import { SIDEBAR_TRANSITION } from './sidebar/parts';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar/Sidebar';
import { useSidebarOpen } from './sidebar/useSidebarOpen';

/** The page area: left padding matching the sidebar, its own scroll. */
const Main = styled('main')(({ theme }) => ({
  boxSizing: 'border-box',
  height: '100vh',
  overflowY: 'auto',
  paddingLeft: SIDEBAR_WIDTH.open,
  '&[data-mini="true"]': { paddingLeft: SIDEBAR_WIDTH.mini },
  transition: `padding-left ${SIDEBAR_TRANSITION}`,
  backgroundColor: theme.palette.background.default,
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
}));

/**
 * The workspace shell (docs/product.md "Sidebar"): the fixed sidebar (workspace or settings mode, full or
 * mini, auto-collapsed at ≤ 768px), the page in `<main>`, the bottom-right toast area, and the live updates of the
 * workspace (features/live/LiveUpdates.tsx: event stream → RTK Query cache, with its quiet offline status), and the
 * command palette with the keyboard shortcuts (features/search: Ctrl/⌘-K, `/`, `C`, `G …`, `J`/`K`, `?`).
 */
export default function WorkspaceShell() {
  const { open, toggle } = useSidebarOpen();
  return (
    <>
      <Sidebar open={open} onToggle={toggle} />
      <Main data-mini={!open}>
        <Outlet />
      </Main>
      <ToastViewport />
      <LiveUpdates />
      <SearchLayer />
    </>
  );
}
