import { useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { paths } from '@toolshop/shared/paths';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { Pager } from '../../../components/ui/pager';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  catalogueSearch,
  type CatalogueFilters,
} from '@toolshop/shared/catalogue-filters';
import { ToolGrid } from '../components/tool-grid';

export interface CatalogueData {
  filters: CatalogueFilters;
  result: ToolPage;
}

function Summary({ result, filters }: CatalogueData) {
  if (result.total === 0) return null;
  const first = (filters.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const last = first + result.items.length - 1;
  const count = `${result.total} ${result.total === 1 ? 'tool' : 'tools'}`;
  return (
    <p role="status" className="text-sm text-base-content/70">
      {result.items.length === 0
        ? `No tools on this page (${count} in all)`
        : `Showing ${first}–${last} of ${count}`}
    </p>
  );
}

/**
 * The whole catalogue: search, sort, "in stock only" and pages, all in the address (a GET form), so a result
 * can be shared, Back returns to it, and it works before any script has loaded.
 */
export function CataloguePage({ filters, result }: CatalogueData) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const pages = Math.ceil(result.total / CATALOGUE_PAGE_SIZE);
  const filtered = Boolean(filters.q) || filters.inStock;
  // With JavaScript, a new sort or the stock filter applies at once; without, the Search button sends all.
  const applyNow = () => form.current && submit(form.current);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <header className="mb-8">
        <h1 className="text-4xl font-extrabold tracking-tight">All tools</h1>
        <p className="mt-2 text-base-content/70">
          Every tool in the shop, searchable by name and description.
        </p>
      </header>

      <Form
        ref={form}
        method="get"
        // Named outright: a GET form replaces the query anyway, and React Router's own default (this URL
        // with its query) is spelled differently by server and browser (+ or %20), failing hydration.
        action={paths.tools}
        role="search"
        aria-label="Find tools"
        // Remounted for each address, so Back shows the search it returns to.
        key={catalogueSearch(filters)}
        className="mb-6 flex flex-wrap items-end gap-3 rounded-box bg-base-100 p-4 shadow-sm"
      >
        <label className="form-control min-w-56 flex-1">
          <span className="label-text mb-1 font-semibold">Search tools</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            className="input input-bordered w-full"
          />
        </label>
        <label className="form-control">
          <span className="label-text mb-1 font-semibold">Sort by</span>
          <select
            name="sort"
            defaultValue={filters.sort}
            className="select select-bordered"
            onChange={applyNow}
          >
            {/* Best match needs a search to match. */}
            {Object.entries(CATALOGUE_SORTS)
              .filter(([value]) => value !== 'relevance' || filters.q)
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </select>
        </label>
        <label className="label cursor-pointer gap-2 self-center pt-6">
          <input
            type="checkbox"
            name="inStock"
            value="true"
            defaultChecked={filters.inStock}
            className="checkbox checkbox-primary"
            onChange={applyNow}
          />
          <span className="label-text font-semibold">In stock only</span>
        </label>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>

      <Summary filters={filters} result={result} />

      {result.total === 0 ? (
        <div className="mt-6 rounded-box bg-base-100 px-6 py-12 text-center shadow-sm">
          <h2 className="text-xl font-bold">No tools match your search</h2>
          <p className="mt-2 text-base-content/70">Try other words, or see the whole catalogue.</p>
          {filtered && (
            <Link to={paths.tools} className="btn btn-primary mt-6">
              Clear search
            </Link>
          )}
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-8">
          {/* The cards' names are third-level headings, as on the home page: this is the level between. */}
          <h2 className="sr-only">Results</h2>
          <ToolGrid tools={result.items} eagerCount={3} />
          <Pager
            label="Catalogue pages"
            page={filters.page}
            pages={pages}
            hrefOf={(page) => `${paths.tools}${catalogueSearch({ ...filters, page })}`}
          />
        </div>
      )}
    </div>
  );
}
