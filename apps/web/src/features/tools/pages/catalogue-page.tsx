import { useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import type { Category } from '@toolshop/shared/category';
import { paths } from '@toolshop/shared/paths';
import type { ToolFacets } from '@toolshop/shared/tool-facets';
import type { ToolPage } from '@toolshop/shared/tool-filters';
import { Breadcrumbs } from '../../../components/layout/breadcrumbs';
import { Pager } from '../../../components/ui/pager';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  catalogueAddress,
  type CatalogueFilters,
} from '@toolshop/shared/catalogue-filters';
import { CatalogueFacets } from '../components/catalogue-facets';
import { ToolGrid } from '../components/tool-grid';

export interface CatalogueData {
  filters: CatalogueFilters;
  result: ToolPage;
  facets: ToolFacets;
  /** On a category's page: the category. */
  category?: Category;
}

const FORM_ID = 'catalogue-filters';

/** What the results are, said again to screen readers whenever they change (a live region). */
function summaryOf({ result, filters }: CatalogueData): string {
  const count = `${result.total} ${result.total === 1 ? 'tool' : 'tools'}`;
  if (result.total === 0) return 'No tools match these filters';
  if (result.items.length === 0) return `No tools on this page (${count} in all)`;
  const first = (filters.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  return `Showing ${first}–${first + result.items.length - 1} of ${count}`;
}

/**
 * The catalogue, or one category of it: search, sort, price range, "in stock only" and pages, all in the
 * address (a GET form; categories are their own pages), so a result can be shared, Back returns to it, and
 * it works before any script has loaded. Each filter shows how many tools choosing it would show.
 */
export function CataloguePage(data: CatalogueData) {
  const { filters, result, facets, category } = data;
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const pages = Math.ceil(result.total / CATALOGUE_PAGE_SIZE);
  const filtered = Boolean(filters.q) || filters.inStock || Boolean(filters.price);
  const action = category ? paths.category(category.slug) : paths.tools;
  // With JavaScript, a new sort or filter applies at once; without, the Search or Apply button sends all.
  const applyNow = () => form.current && submit(form.current);

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      {category && (
        <Breadcrumbs
          steps={[
            { to: paths.home, label: 'Home' },
            { to: paths.tools, label: 'All tools' },
          ]}
          current={category.name}
        />
      )}
      <header className="mb-8">
        <h1 className="text-4xl font-extrabold tracking-tight">{category?.name ?? 'All tools'}</h1>
        <p className="mt-2 max-w-3xl text-base-content/70">
          {category?.description ?? 'Every tool in the shop, searchable by name and description.'}
        </p>
      </header>

      <Form
        ref={form}
        id={FORM_ID}
        method="get"
        // Named outright: a GET form replaces the query anyway, and React Router's own default (this URL
        // with its query) is spelled differently by server and browser (+ or %20), failing hydration.
        action={action}
        role="search"
        aria-label="Find tools"
        // Remounted for each address, so Back shows the search it returns to.
        key={catalogueAddress(filters)}
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
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </Form>

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <CatalogueFacets filters={filters} facets={facets} form={FORM_ID} onChange={applyNow} />
        <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
          {/* The cards' names are third-level headings, as on the home page: this is the level between. */}
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <p role="status" className="text-sm text-base-content/70">
            {summaryOf(data)}
          </p>
          {result.total === 0 ? (
            <div className="rounded-box bg-base-100 px-6 py-12 text-center shadow-sm">
              <h3 className="text-xl font-bold">No tools match your search</h3>
              <p className="mt-2 text-base-content/70">Try other words, or see the whole catalogue.</p>
              {filtered && (
                <Link to={action} className="btn btn-primary mt-6">
                  Clear search
                </Link>
              )}
            </div>
          ) : (
            <div className="flex flex-col gap-8">
              <ToolGrid tools={result.items} eagerCount={2} />
              <Pager
                label="Catalogue pages"
                page={filters.page}
                pages={pages}
                hrefOf={(page) => catalogueAddress({ ...filters, page })}
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
