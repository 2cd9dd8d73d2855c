import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { config as configureZod } from 'zod';

// Without this, zod probes whether `new Function` works; our CSP (no 'unsafe-eval') refuses, and the browser
// reports that refusal as an error on every page even though zod falls back quietly.
configureZod({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
