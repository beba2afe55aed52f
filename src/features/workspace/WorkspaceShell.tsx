import { useCallback, useId, useState, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { styled } from '@mui/material/styles';
import Drawer from '@mui/material/Drawer';
import { PHONE_APP_BAR_HEIGHT_REM } from '../../shared/lib/shellLayout';
import { copy } from '../../shared/copy';
import { useIsPhone } from '../../shared/lib/useViewport';
import { LiveUpdates } from '../live';
import { SearchLayer } from '../search';
import { ToastViewport } from '../toast';
import { PhoneAppBar } from './PhoneAppBar';
import { SIDEBAR_TRANSITION } from './sidebar/parts';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar/Sidebar';
import { useSidebarOpen } from './sidebar/useSidebarOpen';

/** The page area: left padding matching the sidebar (none on phones, under the app bar), its own scroll. */
const Main = styled('main')(({ theme }) => ({
  boxSizing: 'border-box',
  height: '100vh',
  overflowY: 'auto',
  paddingLeft: SIDEBAR_WIDTH.open,
  '&[data-mini="true"]': { paddingLeft: SIDEBAR_WIDTH.mini },
  transition: `padding-left ${SIDEBAR_TRANSITION}`,
  backgroundColor: theme.palette.background.default,
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
  [theme.breakpoints.down('sm')]: {
    '&, &[data-mini="true"]': { paddingLeft: 0 },
    paddingTop: `calc(${PHONE_APP_BAR_HEIGHT_REM}rem + env(safe-area-inset-top, 0px))`,
    transition: 'none',
    // The visible height (the browser's own bars come and go on phones).
    '@supports (height: 100dvh)': { height: '100dvh' },
  },
}));

/**
 * The workspace shell (docs/product.md "Sidebar"): on tablet and desktop the fixed sidebar (workspace or settings
 * mode, full or mini, auto-collapsed at ≤ 768px); on phones (< 600 px) the top app bar and the full sidebar in a
 * temporary drawer that closes on navigation, Esc and the backdrop. Then the page in the one `<main>`, the toast
 * area, the live updates' quiet offline status (features/live/LiveUpdates.tsx; the stream itself is the live saga's,
 * features/live/liveSaga.ts), and the command palette with the keyboard shortcuts (features/search: Ctrl/⌘-K, `/`, `C`,
 * `G …`, `J`/`K`, `?`, and the search buttons).
 */
export default function WorkspaceShell() {
  const { open, toggle } = useSidebarOpen();
  const phone = useIsPhone();
  const location = useLocation();
  const drawerId = useId();
  // The drawer belongs to the location it was opened on: any navigation (a new location key) closes it.
  const [drawerAt, setDrawerAt] = useState<string | null>(null);
  const drawerOpen = phone && drawerAt === location.key;
  const openDrawer = useCallback(() => setDrawerAt(location.key), [location.key]);
  const closeDrawer = useCallback(() => setDrawerAt(null), []);
  // A link followed in the drawer closes it at once, even one to the page already on screen.
  const onDrawerClick = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) closeDrawer();
  };

  return (
    <>
      {phone ? (
        <>
          <PhoneAppBar onOpenMenu={openDrawer} drawerOpen={drawerOpen} drawerId={drawerId} />
          <Drawer
            open={drawerOpen}
            onClose={closeDrawer}
            variant="temporary"
            anchor="left"
            slotProps={{ paper: { id: drawerId, onClick: onDrawerClick, 'aria-label': copy.sidebar.label } }}
          >
            <Sidebar open onToggle={closeDrawer} variant="drawer" />
          </Drawer>
        </>
      ) : (
        <Sidebar open={open} onToggle={toggle} />
      )}
      <Main data-mini={!open}>
        <Outlet />
      </Main>
      <ToastViewport />
      <LiveUpdates />
      <SearchLayer />
    </>
  );
}
