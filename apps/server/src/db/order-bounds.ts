import { sql, type SQL } from 'drizzle-orm';
import {
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
  LARGE_ORDER_SHARE_PERCENT,
  MAX_ORDERS_PER_MINUTE,
  MAX_RESERVED_UNITS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
} from '@toolshop/shared/constants';
import { apiMessages } from '@toolshop/shared/messages';
import { AppError } from '../plugins/app/errors';

/**
 * The account's bounds and the holds that `place_orders` and `place_checkout` both apply (decisions 033,
 * 047), as the named arguments they share: SPEC §9's constants are handed to the database in one place.
 */
export const orderBoundArguments = (holdMinutes: number): SQL => sql`
  max_unpaid_orders => ${MAX_UNPAID_ORDERS_PER_ACCOUNT},
  max_reserved_units => ${MAX_RESERVED_UNITS_PER_ACCOUNT},
  max_orders_per_minute => ${MAX_ORDERS_PER_MINUTE},
  hold_minutes => ${holdMinutes},
  large_share_percent => ${LARGE_ORDER_SHARE_PERCENT},
  large_hold_minutes => ${LARGE_ORDER_HOLD_MINUTES},
  cool_down_minutes => ${LARGE_ORDER_COOL_DOWN_MINUTES}`;

/** A customer whose address is not confirmed yet may not order (SPEC §9). */
export const emailNotVerified = () => new AppError(403, 'email_not_verified', apiMessages.emailNotVerified);

/**
 * How a refusal by the account's bounds is told, the same whichever function refused: `quantityField` is
 * the field the reserved units are blamed on, when the request has one. Not a bound's refusal: undefined.
 */
export function accountBoundRefusal(refusal: string, quantityField?: string): AppError | undefined {
  switch (refusal) {
    case 'email_not_verified':
      return emailNotVerified();
    case 'rate_limited':
      return new AppError(429, 'too_many_orders', apiMessages.tooManyOrders(MAX_ORDERS_PER_MINUTE));
    case 'too_many_unpaid_orders':
      return new AppError(
        429,
        'too_many_unpaid_orders',
        apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
      );
    case 'reserved_units_limit': {
      const message = apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT);
      return new AppError(
        409,
        'reserved_units_limit',
        message,
        quantityField ? { [quantityField]: message } : undefined,
      );
    }
    default:
      return undefined;
  }
}
