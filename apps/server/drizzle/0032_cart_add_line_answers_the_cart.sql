-- Add to cart answers the cart in the same call (decision 062, amended 2026-11-28). Reading the cart back
-- in a second statement cost as much as the add itself: under 50 visitors adding at once, the shop placed
-- 718 adds/s with the read and 1,673/s without it, the difference being the round trip, not the query.
--
-- What the cart functions answer, one row each: a line of the cart (tool, today's price and stock, whether
-- the tool is gone) with the cart's amounts, or, for a change refused, `outcome` (why) and `available`
-- (units available) with the rest null. A cart without lines is one row of amounts alone, its line
-- columns null. Callers order the rows by "addedAt", "toolId".
CREATE TYPE "cart_answer" AS (
	"outcome" text, "available" integer,
	"toolId" uuid, "name" text, "img" text, "quantity" integer, "unitPriceCents" integer,
	"seenPriceCents" integer, "minimumOrder" integer, "availableQuantity" integer, "gone" boolean,
	"addedAt" timestamp with time zone, "subtotal" text, "shipping" integer, "total" text
);
--> statement-breakpoint
-- The cart as the cart screens show it, stated once for the service's reads and every change: its lines
-- with the amounts as `place_checkout` will charge them (`order_amounts`, over the lines not gone, in the
-- order they were added). In PL/pgSQL, so that each connection plans the statement once (planning it cost
-- four times its execution), and the amounts' arrays aggregated in a CTE, so that `order_amounts` takes
-- plain values and is inlined rather than run as a function of its own.
CREATE FUNCTION "cart_contents"("buyer" text, "visitor" text) RETURNS SETOF "cart_answer"
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN QUERY WITH "lines" AS (
		SELECT "cart_lines"."tool_id", "tools"."name", "tools"."img", "cart_lines"."quantity",
			"tools"."price_cents", "cart_lines"."seen_price_cents", "tools"."minimum_order",
			tool_available("tools"."on_hand", "tools"."reserved") AS "available",
			"tools"."deleted_at" IS NOT NULL AS "gone", "cart_lines"."added_at"
		FROM "carts"
		JOIN "cart_lines" ON "cart_lines"."cart_id" = "carts"."id"
		JOIN "tools" ON "tools"."id" = "cart_lines"."tool_id"
		-- The account's cart when a buyer is given, else the visitor's: either side can use its index in a
		-- plan made for any owner, as PL/pgSQL's cached plans are.
		WHERE "carts"."user_id" = "buyer" OR ("buyer" IS NULL AND "carts"."token_hash" = "visitor")
	), "charged" AS (
		SELECT array_agg("lines"."quantity" ORDER BY "lines"."added_at", "lines"."tool_id") AS "quantities",
			array_agg("lines"."price_cents" ORDER BY "lines"."added_at", "lines"."tool_id") AS "prices"
		FROM "lines" WHERE NOT "lines"."gone"
	)
	SELECT NULL::text, NULL::integer, "lines"."tool_id", "lines"."name", "lines"."img", "lines"."quantity",
		"lines"."price_cents", "lines"."seen_price_cents", "lines"."minimum_order", "lines"."available",
		"lines"."gone", "lines"."added_at", "amounts"."subtotal_cents"::text, "amounts"."shipping_cents",
		"amounts"."total_cents"::text
	FROM "charged"
	CROSS JOIN LATERAL order_amounts("charged"."quantities", "charged"."prices") AS "amounts"
	LEFT JOIN "lines" ON true;
END
$$;
--> statement-breakpoint
-- The owner's cart (an account's, `buyer`, or a visitor's, `visitor`: exactly one is given), made if it
-- has none, marked used and locked for the rest of the transaction: the first step of every change of a
-- cart, in the order `place_checkout` locks in.
CREATE FUNCTION "cart_locked"("buyer" text, "visitor" text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid;
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
	RETURN "cart";
END
$$;
--> statement-breakpoint
DROP FUNCTION "cart_add_line"(text, text, uuid, integer);
--> statement-breakpoint
-- As migration 0027's, with the same rules in the same order; it now answers the cart as `cart_contents`
-- reads it once the line is written, or one row of its refusal.
CREATE FUNCTION "cart_add_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer)
RETURNS SETOF "cart_answer" LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid := cart_locked("buyer", "visitor");
	"refusal" "cart_answer";
	"price" integer;
	"minimum" integer;
	"held" integer;
	"wanted" integer;
BEGIN
	SELECT "tools"."price_cents", "tools"."minimum_order", tool_available("tools"."on_hand", "tools"."reserved")
	INTO "price", "minimum", "refusal"."available"
	FROM "tools" WHERE "tools"."id" = "tool" AND "tools"."deleted_at" IS NULL;
	IF NOT FOUND THEN
		"refusal"."outcome" := 'not_found';
	ELSE
		SELECT "cart_lines"."quantity" INTO "held"
		FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
		"wanted" := least(coalesce("held", 0) + "units", "refusal"."available");
		IF "held" IS NULL AND "units" > "refusal"."available" THEN
			"refusal"."outcome" := 'insufficient_stock';
		ELSIF "wanted" < "minimum" THEN
			"refusal"."outcome" := 'invalid_quantity';
		END IF;
	END IF;
	IF "refusal"."outcome" IS NOT NULL THEN
		RETURN NEXT "refusal";
		RETURN;
	END IF;

	INSERT INTO "cart_lines" ("cart_id", "tool_id", "quantity", "seen_price_cents")
	VALUES ("cart", "tool", "wanted", "price")
	ON CONFLICT ("cart_id", "tool_id") DO UPDATE
	SET "quantity" = "excluded"."quantity", "seen_price_cents" = "excluded"."seen_price_cents";
	RETURN QUERY SELECT * FROM cart_contents("buyer", "visitor");
END
$$;
