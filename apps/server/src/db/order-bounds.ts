import { sql, type SQL } from 'drizzle-orm';
import {
  LARGE_ORDER_COOL_DOWN_MINUTES,
  LARGE_ORDER_HOLD_MINUTES,
  LARGE_ORDER_SHARE_PERCENT,
  MAX_ORDERS_PER_MINUTE,
  MAX_RESERVED_UNITS_PER_ACCOUNT,
  MAX_UNPAID_ORDERS_PER_ACCOUNT,
} from '@toolshop/shared/constants';

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
