import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { DataGate } from '../../components/data-loading';
import { useWaitingUpdate } from '../../lib/service-worker';
import { useReturnAfterSignIn } from '../../features/auth/lib/use-return-after-sign-in';
import type { ScreenHandle } from '../route-table';
import { Footer } from './footer';
import { NavBar } from './nav-bar';
import { OfflineMarker } from './offline-marker';

// Loaded only once a new version is waiting: it is never part of the first page's scripts.
const UpdatePrompt = lazy(() => import('./update-prompt'));

function UpdatePromptSlot() {
  const activate = useWaitingUpdate();
  return activate ? (
    <Suspense fallback={null}>
      <UpdatePrompt onReload={activate} />
    </Suspense>
  ) : null;
}

export function AppLayout() {
  const navigation = useNavigation();
  // A Google sign-in comes back to the page it started from (an invitation): the server lands it on the home.
  useReturnAfterSignIn();
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
      <OfflineMarker />
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
      <UpdatePromptSlot />
    </Box>
  );
}
