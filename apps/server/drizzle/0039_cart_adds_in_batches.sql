-- Adds to carts in batches (decision 070): the shop sends the adds that arrive together as one call of
-- `cart_add_lines`, one statement and one commit for all of them, instead of a call each. Under 50
-- visitors adding at once, a call each meant a round trip, a transaction and a commit per add.
--
-- `cart_add_line` as migration 0032 wrote it, with the same rules in the same order, and one more
-- before the line is written: a cart of `max_lines` lines takes no new tool ('cart_full'). That was the
-- CHECK `carts_at_most_50_lines` raising, which would roll back every other add of the batch with it;
-- the CHECK stays, as the rule's last guard. The cart is locked from the first statement, so the count
-- read is the count the insert would meet.
DROP FUNCTION "cart_add_line"(text, text, uuid, integer);
--> statement-breakpoint
CREATE FUNCTION "cart_add_line"("buyer" text, "visitor" text, "tool" uuid, "units" integer, "max_lines" integer)
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
		RETURN;
	END IF;

	INSERT INTO "cart_lines" ("cart_id", "tool_id", "quantity", "seen_price_cents")
	VALUES ("cart", "tool", "wanted", "price")
	ON CONFLICT ("cart_id", "tool_id") DO UPDATE
	SET "quantity" = "excluded"."quantity", "seen_price_cents" = "excluded"."seen_price_cents";
	RETURN QUERY SELECT * FROM cart_contents("buyer", "visitor");
END
$$;
--> statement-breakpoint
-- A batch of adds: the `n`th add is (`buyers`[n], `visitors`[n], `tools`[n], `units`[n]), and its rows
-- are its `cart_answer`s with `call` = n. The carts are locked in one order (their owners', then the
-- adds'), the same in every batch, so two batches that share carts queue rather than deadlock; two adds
-- to one cart run in the order they came. A statement of its own, so it commits as it answers.
CREATE FUNCTION "cart_add_lines"("buyers" text[], "visitors" text[], "tools" uuid[], "units" integer[], "max_lines" integer)
RETURNS TABLE ("call" integer, "answer" "cart_answer") LANGUAGE plpgsql AS $$
DECLARE
	"n" integer;
BEGIN
	FOR "n" IN
		SELECT "adds"."n" FROM unnest("buyers", "visitors") WITH ORDINALITY AS "adds" ("buyer", "visitor", "n")
		ORDER BY "adds"."buyer", "adds"."visitor", "adds"."n"
	LOOP
		RETURN QUERY SELECT "n", "line"
		FROM cart_add_line("buyers"["n"], "visitors"["n"], "tools"["n"], "units"["n"], "max_lines") AS "line";
	END LOOP;
END
$$;
