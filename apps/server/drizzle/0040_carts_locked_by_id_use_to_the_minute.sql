-- Two amendments to adding to carts (decision 070, amended 2026-11-29).
--
-- `cart_locked` records a cart's use to the minute. It locked the owner's cart with an upsert that set
-- `last_used_at` on every change: a new version of the row, with an entry in each of the table's four
-- indexes (`last_used_at` is one, for the sweep of stale visitor carts), for every add. The row is now
-- locked as the upsert's update locked it (FOR NO KEY UPDATE) and written only when the use it records is
-- over a minute old; the sweep of visitor carts gives that minute back (cart/service.ts). A cart not made
-- yet is made as before: the upsert, which also covers a change of the same owner making it meanwhile.
CREATE OR REPLACE FUNCTION "cart_locked"("buyer" text, "visitor" text) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
	"cart" uuid;
	"used" timestamp with time zone;
BEGIN
	IF "buyer" IS NOT NULL THEN
		SELECT "carts"."id", "carts"."last_used_at" INTO "cart", "used"
		FROM "carts" WHERE "carts"."user_id" = "buyer" FOR NO KEY UPDATE;
	ELSE
		SELECT "carts"."id", "carts"."last_used_at" INTO "cart", "used"
		FROM "carts" WHERE "carts"."token_hash" = "visitor" FOR NO KEY UPDATE;
	END IF;
	IF "cart" IS NULL AND "buyer" IS NOT NULL THEN
		INSERT INTO "carts" ("user_id") VALUES ("buyer")
		ON CONFLICT ("user_id") DO UPDATE SET "last_used_at" = now()
		RETURNING "carts"."id" INTO "cart";
	ELSIF "cart" IS NULL THEN
		INSERT INTO "carts" ("token_hash") VALUES ("visitor")
		ON CONFLICT ("token_hash") DO UPDATE SET "last_used_at" = now()
		RETURNING "carts"."id" INTO "cart";
	ELSIF "used" < now() - interval '1 minute' THEN
		UPDATE "carts" SET "last_used_at" = now() WHERE "carts"."id" = "cart";
	END IF;
	RETURN "cart";
END
$$;
--> statement-breakpoint
-- `cart_add_lines` locks the batch's carts that exist first, in the order of their ids, the order
-- `place_checkouts` locks carts in (migration 0037), then the tools its new lines will name, in id order
-- as well: a batch of adds and a batch of checkouts that share carts or tools queue rather than deadlock,
-- as two batches of adds do. Then each add, in its owner's order as before
-- (carts not made yet are made in that order).
CREATE OR REPLACE FUNCTION "cart_add_lines"("buyers" text[], "visitors" text[], "tools" uuid[], "units" integer[], "max_lines" integer)
RETURNS TABLE ("call" integer, "answer" "cart_answer") LANGUAGE plpgsql AS $$
DECLARE
	"n" integer;
BEGIN
	PERFORM 1 FROM "carts" WHERE "carts"."user_id" = ANY ("buyers") OR "carts"."token_hash" = ANY ("visitors")
	ORDER BY "carts"."id" FOR NO KEY UPDATE;
	-- A new line's foreign key takes its tool's row (FOR KEY SHARE) until the batch commits, and checkouts
	-- lock tools FOR UPDATE in id order: the tools of the lines the batch may add are taken first, in that
	-- order too (the carts are locked, so which lines exist cannot change meanwhile).
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
		RETURN QUERY SELECT "n", "line"
		FROM cart_add_line("buyers"["n"], "visitors"["n"], "tools"["n"], "units"["n"], "max_lines") AS "line";
	END LOOP;
END
$$;
