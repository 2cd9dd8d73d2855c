import { catalogueAddress, catalogueFiltersOf } from '@toolshop/shared/catalogue-filters';
import { paths, PUBLIC_PAGES } from '@toolshop/shared/paths';
import { productReviewFiltersOf, productReviewSearch } from '@toolshop/shared/product-review-page';

// Pages a visitor without an account sees the same as every other, each reading none of the query string
// (utm_*, fbclid, ?v=… are the visitor's own business) except the catalogue (its filters) and a product
// (its reviews' sort and page).
const PLAIN_PAGES = new Set<string>([...PUBLIC_PAGES, paths.login, paths.register]);
const TOOL_PAGE = /^\/tools\/([^/]+)$/;
const CATEGORY_PAGE = /^\/tools\/category\/([a-z0-9-]+)$/;

/**
 * The address an anonymous visitor's page is kept under and rendered for: its path, spelled one way, and
 * of its query string only what the page reads, as the page reads it (the catalogue's and a category
 * page's filters, defaults left out), so that no other parameter makes a new page. Undefined for a page that is not kept (any other
 * address: the sign-in screens, an unknown path), which is rendered for each request as it was asked.
 */
export function keptAddress(pathname: string, search: string): string | undefined {
  const category = CATEGORY_PAGE.exec(pathname)?.[1];
  if (pathname === paths.tools || category) {
    return catalogueAddress({ ...catalogueFiltersOf(new URLSearchParams(search)), category });
  }
  if (PLAIN_PAGES.has(pathname)) return pathname;
  const tool = TOOL_PAGE.exec(pathname);
  if (!tool) return undefined;
  try {
    const reviews = productReviewSearch(productReviewFiltersOf(new URLSearchParams(search)));
    return `${paths.tool(decodeURIComponent(tool[1]!))}${reviews}`;
  } catch {
    return undefined; // malformed percent-encoding: the page says not found, for each request
  }
}
