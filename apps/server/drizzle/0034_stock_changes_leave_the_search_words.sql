-- A change of stock (every order, checkout, cancel and expiry writes `reserved`) no longer recomputes the
-- tool's search words: PostgreSQL recomputes a stored generated column on every UPDATE of the row, whatever
-- it sets, and `to_tsvector` of the description was the larger part of an order's stock update. The words
-- are now an ordinary column kept by a trigger that fires only when the name or the description is written.
ALTER TABLE "tools" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
CREATE FUNCTION "tools_keep_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := setweight(to_tsvector('english'::regconfig, NEW.name), 'A')
		|| setweight(to_tsvector('english'::regconfig, NEW.description), 'B');
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tools_search_vector" BEFORE INSERT OR UPDATE OF "name", "description" ON "tools"
	FOR EACH ROW EXECUTE FUNCTION "tools_keep_search_vector"();--> statement-breakpoint
-- Migration 0026's comparison, without turning the search words into JSON on each side first (the longest
-- text of the row, only to be dropped): they follow the name and the description, which are compared.
CREATE OR REPLACE FUNCTION "tools_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	bookkeeping constant text[] := ARRAY['on_hand', 'reserved', 'low_stock_notified_at', 'low_stock_recovered_at', 'updated_at', 'search_vector'];
	before "tools" := OLD;
	after "tools" := NEW;
BEGIN
	before.search_vector := NULL;
	after.search_vector := NULL;
	IF (to_jsonb(after) - bookkeeping) IS DISTINCT FROM (to_jsonb(before) - bookkeeping)
		OR (tool_available(NEW.on_hand, NEW.reserved) < NEW.minimum_order)
			<> (tool_available(OLD.on_hand, OLD.reserved) < OLD.minimum_order) THEN
		NEW.updated_at := now();
	END IF;
	RETURN NEW;
END
$$;
