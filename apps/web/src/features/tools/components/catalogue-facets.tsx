import { Link } from 'react-router';
import { catalogueAddress, priceRangeKey, type CatalogueFilters } from '@toolshop/shared/catalogue-filters';
import { formatPrice } from '@toolshop/shared/money';
import type { ToolFacets } from '@toolshop/shared/tool-facets';
import { LineIcon } from '../../../components/ui/line-icon';

/** "Under $10", "$10 to $25", "$100 and over". */
function rangeLabel({ min, max }: { min: number; max: number | null }): string {
  const dollars = (amount: number) => formatPrice(amount).replace(/\.00$/, '');
  if (min === 0 && max !== null) return `Under ${dollars(max)}`;
  if (max === null) return `${dollars(min)} and over`;
  return `${dollars(min)} to ${dollars(max)}`;
}

function Count({ count }: { count: number }) {
  return <span className="badge badge-ghost badge-sm ml-auto tabular-nums">{count}</span>;
}

interface FilterChoiceProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  /** The catalogue's GET form, which the input belongs to. */
  form: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  /** What choosing it would show; none for "Any price". */
  count?: number;
}

/** One choice of the filters' form: its input, its label and what it would show. */
function FilterChoice({ type, name, value, form, checked, onChange, label, count }: FilterChoiceProps) {
  return (
    <label className="label cursor-pointer justify-start gap-2 py-1 text-base-content">
      <input
        type={type}
        name={name}
        value={value}
        form={form}
        defaultChecked={checked}
        // daisyUI's radio is left out of the build (styles.css): the browser's own, in the theme's colour.
        className={type === 'radio' ? 'size-5 accent-primary' : 'checkbox checkbox-primary checkbox-sm'}
        onChange={onChange}
      />
      {label}
      {count !== undefined && <Count count={count} />}
    </label>
  );
}

interface CatalogueFacetsProps {
  filters: CatalogueFilters;
  facets: ToolFacets;
  /** The id of the catalogue's GET form, which the price and stock inputs belong to. */
  form: string;
  /** With JavaScript, a choice applies at once; without, the Apply button sends it. */
  onChange: () => void;
}

/**
 * The catalogue's filters with their counts (decision 055): categories as links to their pages, the price
 * ranges and the stock filter as inputs of the page's GET form. Each count is what choosing it would show,
 * the other filters kept.
 */
export function CatalogueFacets({ filters, facets, form, onChange }: CatalogueFacetsProps) {
  const here = { ...filters, page: 1 };
  // The filters a buyer chose here (a category is a page of its own): counted in the summary, cleared below.
  const applied = (filters.price ? 1 : 0) + (filters.inStock ? 1 : 0);
  return (
    // On a phone the results come first: the filters fold into one line that opens them, without script.
    // From lg they stand open beside the results (styles.css, .catalogue-facets).
    <aside aria-label="Filters" className="catalogue-facets rounded-box bg-base-100 shadow-sm">
      <details>
        <summary className="flex cursor-pointer items-center gap-2 px-4 py-3 font-semibold">
          <LineIcon>
            <path d="M4 6h16M7 12h10M10 18h4" />
          </LineIcon>
          Filters
          {applied > 0 && <span className="badge badge-primary badge-sm">{applied} applied</span>}
        </summary>
        {/* Remounted for each address, so Back shows the choices it returns to; the folding around them
            stays open while a phone's buyer applies one filter after another. */}
        <div key={catalogueAddress(filters)} className="flex flex-col gap-6 p-4 pt-1 lg:pt-4">
          <nav aria-labelledby="category-filter">
            <h2 id="category-filter" className="mb-2 font-semibold">
              Categories
            </h2>
            <ul className="menu menu-sm w-full p-0">
              <li>
                <Link
                  to={catalogueAddress({ ...here, category: undefined })}
                  aria-current={filters.category ? undefined : 'page'}
                  className={filters.category ? undefined : 'menu-active'}
                >
                  All categories
                </Link>
              </li>
              {facets.categories.map((category) => (
                <li key={category._id}>
                  <Link
                    to={catalogueAddress({ ...here, category: category.slug })}
                    aria-current={filters.category === category.slug ? 'page' : undefined}
                    className={filters.category === category.slug ? 'menu-active' : undefined}
                  >
                    {category.name}
                    <Count count={category.count} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 font-semibold">Price</legend>
            <FilterChoice
              type="radio"
              name="price"
              value=""
              form={form}
              checked={!filters.price}
              onChange={onChange}
              label="Any price"
            />
            {facets.prices.map((range) => {
              const key = priceRangeKey(range);
              return (
                <FilterChoice
                  key={key}
                  type="radio"
                  name="price"
                  value={key}
                  form={form}
                  checked={filters.price === key}
                  onChange={onChange}
                  label={rangeLabel(range)}
                  count={range.count}
                />
              );
            })}
          </fieldset>

          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 font-semibold">Availability</legend>
            <FilterChoice
              type="checkbox"
              name="inStock"
              value="true"
              form={form}
              checked={filters.inStock}
              onChange={onChange}
              label="In stock only"
              count={facets.inStock}
            />
          </fieldset>

          <div className="flex flex-wrap gap-2">
            <button type="submit" form={form} className="btn btn-primary btn-sm">
              Apply filters
            </button>
            {applied > 0 && (
              <Link
                to={catalogueAddress({ ...here, price: '', inStock: false })}
                className="btn btn-ghost btn-sm"
              >
                Clear filters
              </Link>
            )}
          </div>
        </div>
      </details>
    </aside>
  );
}
