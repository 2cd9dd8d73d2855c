import type { CartLine } from '@toolshop/shared/cart';
import { formatCents } from '@toolshop/shared/money';

/**
 * What stands in the way of checking a line out, in words (a cart reserves nothing: read live). The cart
 * shows them on its lines; the checkout page names the lines that have them.
 */
export function flagsOf(line: CartLine): string[] {
  const flags: string[] = [];
  if (line.gone) flags.push('This tool is no longer sold: remove it to check out.');
  if (line.priceChanged && !line.gone) {
    flags.push(
      `The price changed from ${formatCents(line.seenPriceCents)} to ${formatCents(line.unitPriceCents)}: update the line to accept it.`,
    );
  }
  if (line.shortOfStock && !line.gone) {
    flags.push(`Only ${line.availableQuantity} available: lower the quantity to check out.`);
  }
  return flags;
}
