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

/** A refusal by the account's bounds as the customer hears it: the caller makes it its error. */
export interface BoundRefusal {
  statusCode: number;
  code: string;
  message: string;
}

/**
 * How a refusal by the account's bounds is told, the same whichever function refused (`place_orders`,
 * `place_checkout`); not a bound's refusal: undefined.
 */
export function accountBoundRefusal(refusal: string): BoundRefusal | undefined {
  switch (refusal) {
    case 'email_not_verified':
      return { statusCode: 403, code: 'email_not_verified', message: apiMessages.emailNotVerified };
    case 'rate_limited':
      return {
        statusCode: 429,
        code: 'too_many_orders',
        message: apiMessages.tooManyOrders(MAX_ORDERS_PER_MINUTE),
      };
    case 'too_many_unpaid_orders':
      return {
        statusCode: 429,
        code: 'too_many_unpaid_orders',
        message: apiMessages.tooManyUnpaidOrders(MAX_UNPAID_ORDERS_PER_ACCOUNT),
      };
    case 'reserved_units_limit':
      return {
        statusCode: 409,
        code: 'reserved_units_limit',
        message: apiMessages.tooManyReservedUnits(MAX_RESERVED_UNITS_PER_ACCOUNT),
      };
    default:
      return undefined;
  }
}
