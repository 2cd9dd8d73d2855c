-- Migration 0034's comparison without JSON: the old row given the new row's bookkeeping (the stock's
-- counts, the low-stock mail's marks, `updated_at`, the search words) is compared with the new row, after
-- the cheap test of a sell-out. Every checkout line updates its tool's `reserved`, and turning both
-- versions of the row into JSON (its description, its gallery) only to find them equal cost a tenth of
-- `place_checkouts`' time: a batch of 8 three-line checkouts in `pgbench`, one client, ran 268–270 times a
-- second with that trigger, 287–291 with this one, 298–305 with none. The whole row is still compared, so
-- a column added later counts as a change without a change here, provided its type has an equality
-- (`json`, `xml` or `point` have none: every UPDATE of a tool would fail, and every test that writes one).
CREATE OR REPLACE FUNCTION "tools_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	before "tools" := OLD;
BEGIN
	IF (tool_available(NEW.on_hand, NEW.reserved) < NEW.minimum_order)
		<> (tool_available(OLD.on_hand, OLD.reserved) < OLD.minimum_order) THEN
		NEW.updated_at := now();
		RETURN NEW;
	END IF;
	-- The old row with the new bookkeeping: equal to the new row unless something else changed.
	before.on_hand := NEW.on_hand;
	before.reserved := NEW.reserved;
	before.low_stock_notified_at := NEW.low_stock_notified_at;
	before.low_stock_recovered_at := NEW.low_stock_recovered_at;
	before.updated_at := NEW.updated_at;
	before.search_vector := NEW.search_vector;
	IF before IS DISTINCT FROM NEW THEN
		NEW.updated_at := now();
	END IF;
	RETURN NEW;
END
$$;
