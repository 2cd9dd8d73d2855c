import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as configureZod } from 'zod';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
// The typeface styles.css names, served from our own origin (unicode-range: only the subsets a page uses).
import '@fontsource-variable/inter';
import './app/styles.css';

// Without this, zod probes whether `new Function` works; our CSP (no 'unsafe-eval') refuses, and the browser
// reports that refusal as an error on every page even though zod falls back quietly.
configureZod({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
