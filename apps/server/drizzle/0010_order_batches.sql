-- Orders placed in batches (decision 032): one call places every order an instance received while its
-- previous call ran, with one NOTIFY and one COMMIT for all of them.

-- The tools feature's reservation (tools/stock.ts): the only way units become reserved for an order. It
-- reserves `units` of a tool still in the catalogue when they reach its minimum order and are available,
-- and answers the tool's name and price; it answers nothing otherwise. Its caller has locked the row.
CREATE FUNCTION "take_stock"("tool_id" uuid, "units" integer)
RETURNS TABLE ("name" text, "price_cents" integer) LANGUAGE sql AS $$
	UPDATE "tools" SET "reserved" = "tools"."reserved" + "units"
	WHERE "tools"."id" = "tool_id" AND "tools"."deleted_at" IS NULL
		AND "tools"."minimum_order" <= "units" AND "tools"."on_hand" - "tools"."reserved" >= "units"
	RETURNING "tools"."name", "tools"."price_cents"
$$;
--> statement-breakpoint
-- Places the orders of `batch` (a JSON array of orders named by the ids their caller chose) in turn, each
-- under decision 015's bounds, and answers those it placed. An order a rule refuses is skipped; its caller
-- reads why. The accounts' holds rows are locked first, then the tools, each kind sorted (decision 025's
-- lock order), so two batches of two instances cannot deadlock; every check below reads the locked rows
-- as they are now, so it is exact. One `pg_notify` on `channel` announces the catalogue change, when
-- anything was placed.
CREATE FUNCTION "place_orders"(
	"batch" jsonb,
	"max_unpaid_orders" integer,
	"max_reserved_units" integer,
	"hold_minutes" integer,
	"channel" text,
	"announcement" text
) RETURNS SETOF "orders" LANGUAGE plpgsql AS $$
DECLARE
	"wanted" record;
	"taken" record;
	"placed" "orders";
	"placed_any" boolean := false;
BEGIN
	PERFORM 1 FROM "order_holds"
	WHERE "order_holds"."user_id" IN (SELECT "item"->>'userId' FROM jsonb_array_elements("batch") AS "item")
	ORDER BY "order_holds"."user_id" FOR UPDATE;
	PERFORM 1 FROM "tools"
	WHERE "tools"."id" IN (SELECT ("item"->>'toolId')::uuid FROM jsonb_array_elements("batch") AS "item")
	ORDER BY "tools"."id" FOR UPDATE;
	FOR "wanted" IN
		SELECT * FROM jsonb_to_recordset("batch") AS "item" (
			"id" uuid, "userId" text, "email" text, "name" text, "toolId" uuid, "quantity" integer,
			"address" text, "phone" text
		)
	LOOP
		CONTINUE WHEN NOT EXISTS (
			SELECT 1 FROM "order_holds" JOIN "users" ON "users"."id" = "order_holds"."user_id"
			WHERE "order_holds"."user_id" = "wanted"."userId" AND "users"."email_verified"
				AND "order_holds"."unpaid_orders" < "max_unpaid_orders"
				AND "order_holds"."reserved_units" + "wanted"."quantity" <= "max_reserved_units"
		);
		SELECT * INTO "taken" FROM "take_stock"("wanted"."toolId", "wanted"."quantity");
		CONTINUE WHEN NOT FOUND;
		INSERT INTO "orders" (
			"id", "user_id", "email", "name", "tool_id", "tool_name", "quantity", "unit_price_cents", "address",
			"phone", "expires_at"
		) VALUES (
			"wanted"."id", "wanted"."userId", "wanted"."email", "wanted"."name", "wanted"."toolId", "taken"."name",
			"wanted"."quantity", "taken"."price_cents", "wanted"."address", "wanted"."phone",
			now() + make_interval(mins => "hold_minutes")
		) RETURNING * INTO "placed";
		"placed_any" := true;
		RETURN NEXT "placed";
	END LOOP;
	IF "placed_any" THEN
		PERFORM pg_notify("channel", "announcement");
	END IF;
END
$$;
