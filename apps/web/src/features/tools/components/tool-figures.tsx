import { formatPrice } from '@toolshop/shared/money';
import { formatCount } from '@toolshop/shared/number-format';
import type { Tool } from '@toolshop/shared/tool';

const SIZES = {
  card: {
    price: 'text-2xl',
    unit: 'text-sm text-base-content/60',
    list: 'gap-2 text-sm',
    box: 'rounded-lg bg-base-200 px-3 py-2',
    term: 'text-base-content/60',
    value: 'font-semibold',
  },
  page: {
    price: 'text-3xl',
    unit: 'text-base text-base-content/70',
    list: 'gap-3',
    box: 'rounded-box bg-base-100 px-4 py-3 shadow-sm',
    term: 'text-sm text-base-content/70',
    value: 'text-2xl font-bold',
  },
} as const;

/** A tool's price per unit, available quantity and minimum order (SPEC §2), on a card or its own page. */
export function ToolFigures({ tool, size }: { tool: Tool; size: keyof typeof SIZES }) {
  const style = SIZES[size];
  const figures = [
    ['Available quantity', tool.availableQuantity],
    ['Minimum order', tool.minimumOrder],
  ] as const;
  return (
    <>
      <p className={`${style.price} font-extrabold text-primary`}>
        {formatPrice(tool.price)} <span className={`font-medium ${style.unit}`}>per unit</span>
      </p>
      <dl className={`grid grid-cols-2 ${style.list}`}>
        {figures.map(([term, value]) => (
          <div key={term} className={style.box}>
            <dt className={style.term}>{term}</dt>
            <dd className={style.value}>{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
