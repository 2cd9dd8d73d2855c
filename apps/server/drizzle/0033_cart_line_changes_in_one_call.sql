-- Changing and removing a cart's line in one call each (decision 062, amended 2026-11-28), as adding one
-- is since migration 0032: each was a transaction run from the server, six round trips with the cart's
-- row locked from the second to the last. The same rules in the same order, each statement reading what is
-- committed when it starts; both answer migration 0032's `cart_answer` rows: the cart as `cart_contents`
-- reads it once the change is made, or one row of the refusal.
--
-- `cart_set_line`: the owner's cart locked (made if it has none, marked used); the tool as it is now (gone:
-- 'not_found'); `units` below its minimum order ('invalid_quantity') or above what is available
-- ('insufficient_stock'); the line takes `units` and today's price as the price seen ('not_in_cart' when
-- the cart has no line of the tool).
CREATE FUNCTION "cart_set_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer)
RETURNS SETOF "cart_answer" LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid := cart_locked("buyer", "visitor");
	"refusal" "cart_answer";
	"price" integer;
	"minimum" integer;
BEGIN
	SELECT "tools"."price_cents", "tools"."minimum_order", tool_available("tools"."on_hand", "tools"."reserved")
	INTO "price", "minimum", "refusal"."available"
	FROM "tools" WHERE "tools"."id" = "tool" AND "tools"."deleted_at" IS NULL;
	IF NOT FOUND THEN
		"refusal"."outcome" := 'not_found';
	ELSIF "units" < "minimum" THEN
		"refusal"."outcome" := 'invalid_quantity';
	ELSIF "units" > "refusal"."available" THEN
		"refusal"."outcome" := 'insufficient_stock';
	ELSE
		UPDATE "cart_lines" SET "quantity" = "units", "seen_price_cents" = "price"
		WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
		IF NOT FOUND THEN
			"refusal"."outcome" := 'not_in_cart';
		END IF;
	END IF;
	IF "refusal"."outcome" IS NOT NULL THEN
		RETURN NEXT "refusal";
		RETURN;
	END IF;
	RETURN QUERY SELECT * FROM cart_contents("buyer", "visitor");
END
$$;
--> statement-breakpoint
-- `cart_remove_line`: the owner's cart locked (made if it has none, marked used), the tool's line removed
-- (none: nothing changes), the cart answered as `cart_contents` reads it.
CREATE FUNCTION "cart_remove_line"("buyer" text, "visitor" text, "tool" uuid)
RETURNS SETOF "cart_answer" LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid := cart_locked("buyer", "visitor");
BEGIN
	DELETE FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
	RETURN QUERY SELECT * FROM cart_contents("buyer", "visitor");
END
$$;
