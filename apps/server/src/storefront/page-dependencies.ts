import { CATALOGUE_TOPIC, PRODUCT_REVIEWS_TOPIC, REVIEWS_TOPIC, SETTINGS_TOPIC } from '../db/change-topics';

/**
 * What a kept page shows of a change-feed topic: all of it (`subjects` absent), or only these subjects
 * (tool ids). A change that names subjects drops the page only when it names one of the page's; a change
 * of the whole topic always does. `topic: '*'`: the page read something unknown and changes with anything.
 */
export interface PageDependency {
  topic: string;
  subjects?: readonly string[];
}

/** Whether a change announced on the feed (`'*'`: anything) changes what a page with `dependency` shows. */
export function changes(
  dependency: PageDependency,
  topic: string,
  subjects: readonly string[] | undefined,
): boolean {
  if (topic === '*' || dependency.topic === '*') return true;
  if (topic !== dependency.topic) return false;
  if (!subjects || !dependency.subjects) return true;
  return subjects.some((subject) => dependency.subjects!.includes(subject));
}

// Whether a catalogue list's rows, order or total follow the stock or the ratings: then any order or
// review of any tool changes it.
const listedByStock = (query: URLSearchParams) =>
  query.has('inStock') || /^(available|rating)-/.test(query.get('sort') ?? '');

const TOOL_REVIEWS = /^\/api\/tools\/([^/]+)\/reviews$/;

/**
 * What a page shows of an API read it made while rendering (`path` as read, its answer's body). A product
 * shows its tool; a catalogue list its tools, unless stock decides which it lists; the reviews all of them;
 * the shipping settings (a product's offer) only themselves.
 */
export function dependencyOfRead(path: string, body: unknown): PageDependency {
  const url = new URL(path, 'http://storefront');
  if (/^\/api\/tools\/[^/]+$/.test(url.pathname)) {
    // By the id the tool answered with: the one an order announces, however the address spelled it.
    const id = (body as { _id?: string } | null)?._id;
    return id ? { topic: CATALOGUE_TOPIC, subjects: [id] } : { topic: CATALOGUE_TOPIC };
  }
  if (url.pathname === '/api/tools') {
    const items = (body as { items?: { _id: string }[] } | null)?.items;
    if (!items || listedByStock(url.searchParams)) return { topic: CATALOGUE_TOPIC };
    // Its rows and total change only with the catalogue itself (a tool added, edited or removed), which is
    // announced as the whole topic; an order changes only the rows of its tools.
    return { topic: CATALOGUE_TOPIC, subjects: items.map((item) => item._id) };
  }
  // The facet counts follow the stock (in stock or not): any order may change them.
  if (url.pathname === '/api/tools/facets') return { topic: CATALOGUE_TOPIC };
  // The categories and their counts change only with the catalogue itself (announced as the whole topic):
  // an order, which names its tools, leaves them.
  if (url.pathname === '/api/categories') return { topic: CATALOGUE_TOPIC, subjects: [] };
  // A product's related tools: the rows of the tools it shows.
  if (/^\/api\/tools\/[^/]+\/related$/.test(url.pathname)) {
    const related = Array.isArray(body) ? (body as { _id: string }[]) : undefined;
    return related
      ? { topic: CATALOGUE_TOPIC, subjects: related.map((tool) => tool._id) }
      : { topic: CATALOGUE_TOPIC };
  }
  if (url.pathname === '/api/review') return { topic: REVIEWS_TOPIC };
  if (url.pathname === '/api/settings/shipping') return { topic: SETTINGS_TOPIC };
  // A product page's reviews change with a review of its tool written, voted for or hidden.
  const reviewed = TOOL_REVIEWS.exec(url.pathname);
  if (reviewed)
    return { topic: PRODUCT_REVIEWS_TOPIC, subjects: [decodeURIComponent(reviewed[1]!).toLowerCase()] };
  return { topic: '*' };
}
