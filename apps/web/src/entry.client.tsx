import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { InlineStylesContext, INLINE_STYLES_ID } from './shell/inline-styles';

// The stylesheet the server wrote into the page, handed back to React as it is: the browser's render matches
// the server's, and the styles survive anything that mounts the document's head again (an error page).
const css = document.getElementById(INLINE_STYLES_ID)?.textContent ?? '';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStylesContext.Provider value={css}>
        <HydratedRouter />
      </InlineStylesContext.Provider>
    </StrictMode>,
  );
});
