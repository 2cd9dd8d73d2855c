-- Add to cart in one call (decision 062): `cart_add_line` does what the cart service did in seven
-- statements and a transaction of its own, with the same rules, in the same order, inside the database.
--
-- The owner's cart (an account's, `buyer`, or a visitor's, `visitor`: the SHA-256 of their cookie's
-- token; exactly one is given) is made if it has none, marked used and locked for the rest of the call,
-- the order `place_checkout` locks in, so that changes of one cart and its checkout queue. Then the tool
-- as it is now (gone: 'not_found'); a new line of more units than are available is refused
-- ('insufficient_stock'); a line's units become its units plus `units`, capped by what is available, and
-- must reach the tool's minimum order ('invalid_quantity'). The line takes today's price as the price
-- seen. Each statement reads what is committed when it starts, as the service's statements did.
--
-- It answers one row: `outcome` null when the line was written, else the refusal, with what is
-- available. A 51st line is refused by `carts_at_most_50_lines` as before, raising.
CREATE FUNCTION "cart_add_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer)
RETURNS TABLE ("outcome" text, "available" integer) LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid;
	"price" integer;
	"minimum" integer;
	"held" integer;
	"wanted" integer;
BEGIN
	IF "buyer" IS NOT NULL THEN
		INSERT INTO "carts" ("user_id") VALUES ("buyer")
		ON CONFLICT ("user_id") DO UPDATE SET "last_used_at" = now()
		RETURNING "carts"."id" INTO "cart";
	ELSE
		INSERT INTO "carts" ("token_hash") VALUES ("visitor")
		ON CONFLICT ("token_hash") DO UPDATE SET "last_used_at" = now()
		RETURNING "carts"."id" INTO "cart";
	END IF;

	SELECT "tools"."price_cents", "tools"."minimum_order", tool_available("tools"."on_hand", "tools"."reserved")
	INTO "price", "minimum", "available"
	FROM "tools" WHERE "tools"."id" = "tool" AND "tools"."deleted_at" IS NULL;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'not_found'::text, NULL::integer;
		RETURN;
	END IF;

	SELECT "cart_lines"."quantity" INTO "held"
	FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
	IF "held" IS NULL AND "units" > "available" THEN
		RETURN QUERY SELECT 'insufficient_stock'::text, "available";
		RETURN;
	END IF;
	"wanted" := least(coalesce("held", 0) + "units", "available");
	IF "wanted" < "minimum" THEN
		RETURN QUERY SELECT 'invalid_quantity'::text, "available";
		RETURN;
	END IF;

	INSERT INTO "cart_lines" ("cart_id", "tool_id", "quantity", "seen_price_cents")
	VALUES ("cart", "tool", "wanted", "price")
	ON CONFLICT ("cart_id", "tool_id") DO UPDATE
	SET "quantity" = "excluded"."quantity", "seen_price_cents" = "excluded"."seen_price_cents";
	RETURN QUERY SELECT NULL::text, "available";
END
$$;
