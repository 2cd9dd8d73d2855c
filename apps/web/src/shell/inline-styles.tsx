import { createContext, useContext } from 'react';

/**
 * The page's stylesheet, written into the document's head so that no stylesheet request stands between the
 * HTML and the first paint. The server provides it (entry.server.tsx); the browser reads it back from the
 * page (entry.client.tsx), so the scripts never carry a second copy of the CSS.
 */
export const InlineStylesContext = createContext('');

export const INLINE_STYLES_ID = 'inline-styles';

export function InlineStyles() {
  return (
    <style id={INLINE_STYLES_ID} dangerouslySetInnerHTML={{ __html: useContext(InlineStylesContext) }} />
  );
}
