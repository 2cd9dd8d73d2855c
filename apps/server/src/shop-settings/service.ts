import { sql } from 'drizzle-orm';
import type { ShippingSettings } from '@toolshop/shared/shop-settings';
import { fieldChanges, recordActivity, recordedBy } from '../activity-log/record-activity';
import type { ChangeFeed } from '../db/change-feed';
import { SETTINGS_TOPIC } from '../db/change-topics';
import type { Database } from '../db/client';
import { shopSettings } from '../db/schema';
import type { Actor } from '../viewer';

const shippingColumns = {
  shippingFeeCents: shopSettings.shippingFeeCents,
  freeShippingFromCents: shopSettings.freeShippingFromCents,
};

/** What the activity log names as the subject of a change of the shipping settings. */
const SHIPPING_SUBJECT = { type: 'settings', id: 'shipping', label: 'Shipping' } as const;

/**
 * The shop's settings an admin changes in the back office: today its shipping, kept in the one row of
 * `shop_settings` that the database's `order_amounts` reads for every cart and checkout (migration 0017).
 */
export function createShopSettingsService(db: Database, changes: ChangeFeed) {
  return {
    async shipping(): Promise<ShippingSettings> {
      const [row] = await db.select(shippingColumns).from(shopSettings);
      // Migration 0017 inserts the row and its CHECK keeps it the only one: its absence is a broken database.
      if (!row) throw new Error('shop_settings has no row');
      return row;
    },

    /**
     * Replaces the shipping settings and logs what changed (before → after) in the same transaction; a
     * save that changes nothing logs nothing. Orders already placed keep the shipping they were charged.
     */
    async setShipping(input: ShippingSettings, actor: Actor): Promise<ShippingSettings> {
      return db.transaction(async (tx) => {
        // Locked first, so the logged "before" is what this save replaced, even when two admins save at once.
        const [before] = await tx.select(shippingColumns).from(shopSettings).for('update');
        const [after] = await tx
          .update(shopSettings)
          .set({ ...input, updatedAt: sql`now()` })
          .returning(shippingColumns);
        if (!before || !after) throw new Error('shop_settings has no row');
        const changed = fieldChanges(before, after);
        if (Object.keys(changed).length > 0) {
          await recordActivity(tx, {
            ...recordedBy(actor),
            kind: 'settings.shipping',
            subject: SHIPPING_SUBJECT,
            details: { changes: changed },
          });
          // Kept product pages state the shipping in their offer (decision 059).
          await changes.announce(tx, SETTINGS_TOPIC);
        }
        return after;
      });
    },
  };
}

export type ShopSettingsService = ReturnType<typeof createShopSettingsService>;
