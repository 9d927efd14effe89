import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { DataGate } from '../../components/data-loading';
import type { ScreenHandle } from '../route-table';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

export function AppLayout() {
  const navigation = useNavigation();
  const needsData = useMatches().some((match) => (match.handle as ScreenHandle | undefined)?.needsData === true);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1 },
        }}
      >
        Skip to content
      </Link>
      <NavBar />
      {navigation.state === 'loading' ? (
        <LinearProgress
          aria-label="Loading page"
          color="secondary"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1300 }}
        />
      ) : null}
      <DataGate needsData={needsData}>
        <Outlet />
      </DataGate>
      <Footer />
      <ScrollRestoration />
    </Box>
  );
}
