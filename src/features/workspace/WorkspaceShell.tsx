import { Outlet } from 'react-router-dom';
import { styled } from '@mui/material/styles';

const Main = styled('main')(({ theme }) => ({
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
}));

/** The workspace shell. The sidebar and the toast area arrive with the sidebar issue; for now: the page. */
export default function WorkspaceShell() {
  return (
    <Main>
      <Outlet />
    </Main>
  );
}
