import { useSearchParams } from 'react-router';
import { z } from 'zod';

type ParamValue = string | number | undefined;

const defaultOf = (field: z.core.$ZodType): unknown => z.safeParse(field, undefined).data;

/**
 * The query a URL's parameters spell, read through the list's schema: each parameter on its own, one the
 * schema refuses (a hand-edited `?page=abc`) counting as absent. Route loaders read it from the request's
 * URL, screens through useUrlQuery, so both ask for the same page.
 */
export function readUrlQuery<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape>,
  params: URLSearchParams,
): z.infer<z.ZodObject<Shape>> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      const parsed = z.safeParse(field, params.get(key) ?? undefined);
      return [key, parsed.success ? parsed.data : defaultOf(field)];
    }),
  ) as z.infer<z.ZodObject<Shape>>;
}

/**
 * A list's search, sort and page kept in the URL (`?q=&sort=&page=`), read through the list's shared zod
 * schema, whose every field is optional or has a default (readUrlQuery). `update` drops a parameter set to its
 * default or cleared, so a URL carries only what the user chose, and pushes a history entry (Back undoes it).
 */
export function useUrlQuery<Shape extends z.core.$ZodShape>(
  schema: z.ZodObject<Shape>,
): [z.infer<z.ZodObject<Shape>>, (changes: Partial<Record<keyof Shape, ParamValue>>) => void] {
  const [params, setParams] = useSearchParams();
  const query = readUrlQuery(schema, params);

  const update = (changes: Partial<Record<keyof Shape, ParamValue>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes) as [string, ParamValue][]) {
        const fallback = defaultOf(schema.shape[key]!);
        if (
          value === undefined ||
          value === '' ||
          (fallback !== undefined && String(fallback) === String(value))
        )
          next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });

  return [query, update];
}
