-- When a tool last changed as its page shows it, for the sitemap's <lastmod> (decision 059). The database
-- keeps it, whatever code path writes the row: any column but the stock's bookkeeping (counts on hand and
-- reserved, the low-stock mail's marks) is a change, and so is the tool selling out or coming back, since
-- its page and its offer's availability say so. Every order moves the counts; that alone is no change of
-- the product. Columns added later count without a change here: the comparison is of the whole row, but
-- for `search_vector`, generated from the name and description (migration 0022), which a BEFORE trigger
-- sees as NULL in NEW: its sources are compared instead.
ALTER TABLE "tools" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "tools" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "updated_at" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "tools_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bookkeeping constant text[] := ARRAY['on_hand', 'reserved', 'low_stock_notified_at', 'low_stock_recovered_at', 'updated_at', 'search_vector'];
BEGIN
	IF (to_jsonb(NEW) - bookkeeping) IS DISTINCT FROM (to_jsonb(OLD) - bookkeeping)
		OR (tool_available(NEW.on_hand, NEW.reserved) < NEW.minimum_order)
			<> (tool_available(OLD.on_hand, OLD.reserved) < OLD.minimum_order) THEN
		NEW.updated_at := now();
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tools_updated_at" BEFORE UPDATE ON "tools" FOR EACH ROW EXECUTE FUNCTION "tools_touch_updated_at"();
