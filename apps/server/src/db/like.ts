/**
 * A LIKE/ILIKE pattern matching `text` anywhere, literally: % _ and \ in a search match themselves, not
 * LIKE's wildcards (backslash is PostgreSQL's default escape character).
 */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
