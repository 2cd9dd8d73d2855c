-- A batch of adds reads its carts once (decision 070, amended 2026-11-29). Each add of a batch read its
-- own cart back (`cart_contents`, a statement of its own) and wrote an existing line with an upsert, whose
-- INSERT probes the key and fires `cart_lines_added` even when it updates. Measured with `pgbench` on one
-- backend, a batch of 25 adds to held lines cost the database 2.6 ms of CPU, 100 µs an add, half of it
-- those reads; it now costs 1.4 ms.
--
-- `carts_contents`: the carts of several owners (the `n`th: `buyers`[n] or, when that is null,
-- `visitors`[n]) as the cart screens show them, each cart's rows tagged with `call` = n, in one statement:
-- its lines with the amounts as `place_checkout` will charge them (`order_amounts`, over the lines not
-- gone, in the order they were added); a cart without lines, or none at all, is one row of amounts alone.
-- Its plan is made once per connection (`force_generic_plan`): planned for the arrays it is given, it was
-- planned again on every call, which cost more than running it.
CREATE FUNCTION "carts_contents"("buyers" text[], "visitors" text[])
RETURNS TABLE ("call" integer, "answer" "cart_answer") LANGUAGE plpgsql STABLE
SET "plan_cache_mode" = 'force_generic_plan' AS $$
BEGIN
	RETURN QUERY WITH "owners" AS (
		SELECT "owner"."buyer", "owner"."visitor", "owner"."n"::integer AS "n"
		FROM unnest("buyers", "visitors") WITH ORDINALITY AS "owner" ("buyer", "visitor", "n")
	), "lines" AS (
		SELECT "owners"."n", "cart_lines"."tool_id", "tools"."name", "tools"."img", "cart_lines"."quantity",
			"tools"."price_cents", "cart_lines"."seen_price_cents", "tools"."minimum_order",
			tool_available("tools"."on_hand", "tools"."reserved") AS "available",
			"tools"."deleted_at" IS NOT NULL AS "gone", "cart_lines"."added_at"
		FROM "owners"
		-- The account's cart when a buyer is given, else the visitor's: either side can use its index.
		JOIN "carts" ON "carts"."user_id" = "owners"."buyer"
			OR ("owners"."buyer" IS NULL AND "carts"."token_hash" = "owners"."visitor")
		JOIN "cart_lines" ON "cart_lines"."cart_id" = "carts"."id"
		JOIN "tools" ON "tools"."id" = "cart_lines"."tool_id"
	), "charged" AS (
		SELECT "owners"."n",
			array_agg("lines"."quantity" ORDER BY "lines"."added_at", "lines"."tool_id")
				FILTER (WHERE NOT "lines"."gone") AS "quantities",
			array_agg("lines"."price_cents" ORDER BY "lines"."added_at", "lines"."tool_id")
				FILTER (WHERE NOT "lines"."gone") AS "prices"
		FROM "owners" LEFT JOIN "lines" ON "lines"."n" = "owners"."n"
		GROUP BY "owners"."n"
	)
	SELECT "charged"."n", ROW(NULL::text, NULL::integer, "lines"."tool_id", "lines"."name", "lines"."img",
		"lines"."quantity", "lines"."price_cents", "lines"."seen_price_cents", "lines"."minimum_order",
		"lines"."available", "lines"."gone", "lines"."added_at", "amounts"."subtotal_cents"::text,
		"amounts"."shipping_cents", "amounts"."total_cents"::text)::"cart_answer"
	FROM "charged"
	CROSS JOIN LATERAL order_amounts("charged"."quantities", "charged"."prices") AS "amounts"
	LEFT JOIN "lines" ON "lines"."n" = "charged"."n";
END
$$;
--> statement-breakpoint
-- One owner's cart, as every other cart function answers it: `carts_contents` for one owner, so that a
-- cart reads the same whichever way it is read.
CREATE OR REPLACE FUNCTION "cart_contents"("buyer" text, "visitor" text) RETURNS SETOF "cart_answer"
LANGUAGE sql STABLE AS $$
	SELECT ("contents"."answer").* FROM carts_contents(ARRAY["buyer"], ARRAY["visitor"]) AS "contents"
$$;
--> statement-breakpoint
-- `cart_add_line`: the same rules in the same order (migration 0039). It answers its refusal, or nothing
-- once the line is written: `cart_add_lines` reads the batch's carts afterwards. A line the cart holds is
-- written with an UPDATE (the cart is locked: the line cannot go meanwhile), a new one as before.
CREATE OR REPLACE FUNCTION "cart_add_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer, "max_lines" integer)
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
		ELSIF "held" IS NULL AND (SELECT "carts"."line_count" FROM "carts" WHERE "carts"."id" = "cart") >= "max_lines" THEN
			"refusal"."outcome" := 'cart_full';
		END IF;
	END IF;
	IF "refusal"."outcome" IS NOT NULL THEN
		RETURN NEXT "refusal";
	ELSIF "held" IS NOT NULL THEN
		UPDATE "cart_lines" SET "quantity" = "wanted", "seen_price_cents" = "price"
		WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = "tool";
	ELSE
		INSERT INTO "cart_lines" ("cart_id", "tool_id", "quantity", "seen_price_cents")
		VALUES ("cart", "tool", "wanted", "price")
		ON CONFLICT ("cart_id", "tool_id") DO UPDATE
		SET "quantity" = "excluded"."quantity", "seen_price_cents" = "excluded"."seen_price_cents";
	END IF;
END
$$;
--> statement-breakpoint
-- `cart_add_lines`: locks as migration 0040's, then each add in its owner's order; an add refused answers
-- its refusal, and once every add is done the carts of the adds written are read in one statement. Two adds
-- to one cart in one batch both answer the cart as the batch leaves it.
CREATE OR REPLACE FUNCTION "cart_add_lines"("buyers" text[], "visitors" text[], "tools" uuid[], "units" integer[], "max_lines" integer)
RETURNS TABLE ("call" integer, "answer" "cart_answer") LANGUAGE plpgsql AS $$
DECLARE
	"n" integer;
	"written" integer[] := '{}';
	"written_buyers" text[] := '{}';
	"written_visitors" text[] := '{}';
BEGIN
	PERFORM 1 FROM "carts" WHERE "carts"."user_id" = ANY ("buyers") OR "carts"."token_hash" = ANY ("visitors")
	ORDER BY "carts"."id" FOR NO KEY UPDATE;
	PERFORM 1 FROM "tools" AS "tool"
	WHERE "tool"."id" IN (
		SELECT "adds"."tool" FROM unnest("buyers", "visitors", "tools") AS "adds" ("buyer", "visitor", "tool")
		WHERE NOT EXISTS (
			SELECT 1 FROM "carts" JOIN "cart_lines" ON "cart_lines"."cart_id" = "carts"."id"
			WHERE ("carts"."user_id" = "adds"."buyer" OR "carts"."token_hash" = "adds"."visitor")
				AND "cart_lines"."tool_id" = "adds"."tool"
		)
	)
	ORDER BY "tool"."id" FOR KEY SHARE;
	FOR "n" IN
		SELECT "adds"."n" FROM unnest("buyers", "visitors") WITH ORDINALITY AS "adds" ("buyer", "visitor", "n")
		ORDER BY "adds"."buyer", "adds"."visitor", "adds"."n"
	LOOP
		RETURN QUERY SELECT "n", "refusal"
		FROM cart_add_line("buyers"["n"], "visitors"["n"], "tools"["n"], "units"["n"], "max_lines") AS "refusal";
		IF NOT FOUND THEN
			"written" := array_append("written", "n");
			"written_buyers" := array_append("written_buyers", "buyers"["n"]);
			"written_visitors" := array_append("written_visitors", "visitors"["n"]);
		END IF;
	END LOOP;
	RETURN QUERY SELECT "written"["contents"."call"], "contents"."answer"
	FROM carts_contents("written_buyers", "written_visitors") AS "contents";
END
$$;
