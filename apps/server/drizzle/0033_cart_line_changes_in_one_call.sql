-- Changing and removing a cart's line in one call each (decision 062, amended 2026-11-28), as adding one
-- is since migration 0032: each was a transaction run from the server, six round trips with the cart's
-- row locked from the second to the last. The same rules in the same order, each statement reading what is
-- committed when it starts; both answer the cart as `cart_contents` reads it once the change is made
-- (`outcome` null on every row), or one row of the refusal (`outcome`, `available`; the cart's columns
-- null).
--
-- `cart_set_line`: the owner's cart locked (made if it has none, marked used); the tool as it is now (gone:
-- 'not_found'); `units` below its minimum order ('invalid_quantity') or above what is available
-- ('insufficient_stock'); the line takes `units` and today's price as the price seen ('not_in_cart' when
-- the cart has no line of the tool).
CREATE FUNCTION "cart_set_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer)
RETURNS TABLE (
	"outcome" text, "available" integer,
	"toolId" uuid, "name" text, "img" text, "quantity" integer, "unitPriceCents" integer,
	"seenPriceCents" integer, "minimumOrder" integer, "availableQuantity" integer, "gone" boolean,
	"addedAt" timestamp with time zone, "subtotal" text, "shipping" integer, "total" text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	"cart" uuid := cart_locked("buyer", "visitor");
	"price" integer;
	"minimum" integer;
BEGIN
	"outcome" := NULL;
	SELECT "tools"."price_cents", "tools"."minimum_order", tool_available("tools"."on_hand", "tools"."reserved")
	INTO "price", "minimum", "available"
	FROM "tools" WHERE "tools"."id" = "tool" AND "tools"."deleted_at" IS NULL;
	IF NOT FOUND THEN
		"outcome" := 'not_found';
		"available" := NULL;
	ELSIF "units" < "minimum" THEN
		"outcome" := 'invalid_quantity';
	ELSIF "units" > "available" THEN
		"outcome" := 'insufficient_stock';
	ELSE
		UPDATE "cart_lines" SET "quantity" = "units", "seen_price_cents" = "price"
		WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
		IF NOT FOUND THEN
			"outcome" := 'not_in_cart';
		END IF;
	END IF;
	IF "outcome" IS NOT NULL THEN
		RETURN QUERY SELECT "outcome", "available", NULL::uuid, NULL::text, NULL::text, NULL::integer,
			NULL::integer, NULL::integer, NULL::integer, NULL::integer, NULL::boolean, NULL::timestamptz,
			NULL::text, NULL::integer, NULL::text;
		RETURN;
	END IF;
	RETURN QUERY SELECT NULL::text, "available", "contents".* FROM cart_contents("buyer", "visitor") AS "contents";
END
$$;
--> statement-breakpoint
-- `cart_remove_line`: the owner's cart locked (made if it has none, marked used), the tool's line removed
-- (none: nothing changes), the cart answered as `cart_contents` reads it.
CREATE FUNCTION "cart_remove_line"("buyer" text, "visitor" text, "tool" uuid)
RETURNS TABLE (
	"toolId" uuid, "name" text, "img" text, "quantity" integer, "unitPriceCents" integer,
	"seenPriceCents" integer, "minimumOrder" integer, "availableQuantity" integer, "gone" boolean,
	"addedAt" timestamp with time zone, "subtotal" text, "shipping" integer, "total" text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	"cart" uuid := cart_locked("buyer", "visitor");
BEGIN
	DELETE FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
	RETURN QUERY SELECT * FROM cart_contents("buyer", "visitor");
END
$$;
