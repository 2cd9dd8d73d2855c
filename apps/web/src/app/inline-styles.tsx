import { createContext, useContext } from 'react';

/**
 * The page's stylesheet, written into the document's head by the server so that no stylesheet request
 * stands between the HTML and the first paint. Only the server provides it (entry.server.tsx): the
 * browser keeps what the HTML brought, and the scripts do not carry a second copy of the CSS.
 */
export const InlineStylesContext = createContext('');

export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  // In the browser the context is empty: React leaves the server's content in place when it hydrates
  // (no warning, see suppressHydrationWarning) and, the props never changing afterwards, never touches it.
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
