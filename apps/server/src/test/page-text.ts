/**
 * The text a person reads on a server-rendered page: its markup and scripts dropped, React's escapes
 * decoded (`&amp;` last, so that an escaped escape stays one), runs of white space made one space.
 */
export const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The names on the page's tool cards, in the order the page shows them. */
export const cardNames = (html: string) =>
  [...html.matchAll(/<h3 id="tool-[^"]+"[^>]*><a [^>]*>([^<]+)<\/a><\/h3>/g)].map(([, name]) =>
    name!.replace(/&amp;/g, '&'),
  );
