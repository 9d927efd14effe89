// First: where this document began, before the router moves the address.
import './lib/document-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter } from './app/router';
import { listenForInstallOffer } from './lib/install-prompt';
import { createQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();

createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={createAppRouter(queryClient)} />
    </AppProvider>
  </StrictMode>,
);

listenForInstallOffer();
registerServiceWorker();
