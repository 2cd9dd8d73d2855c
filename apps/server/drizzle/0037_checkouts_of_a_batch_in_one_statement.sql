-- A batch of checkouts in one statement (decision 069). The shop placed a batch in a transaction of five
-- round trips: BEGIN, this call, a read of the placed orders, a write of their answers into their keys,
-- COMMIT. The tools' rows stayed locked through the last three, while the other instance's batch waited
-- for them. Now the call is the whole transaction: a key that placed an order keeps the order's id
-- (`order_id`), set here, and its retry is answered with that order, read after the commit like the
-- orders just placed. The keys stored before this migration (their answers are orders) get their ids.
ALTER TABLE "idempotency_keys" ADD COLUMN "order_id" uuid;--> statement-breakpoint
-- No index: orders are never deleted, and a deleted order's keys would go with it all the same.
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "idempotency_keys" SET "order_id" = "orders"."id"
FROM "orders"
WHERE "idempotency_keys"."status_code" = 201 AND "orders"."id"::text = "idempotency_keys"."response"->>'_id';--> statement-breakpoint
DROP FUNCTION "place_checkouts"(uuid[], text[], boolean[], integer[], uuid[], integer[], integer[], text[], text[],
	text[], integer, integer, integer, integer, integer, integer, integer, timestamp with time zone, text, text,
	boolean);--> statement-breakpoint
CREATE FUNCTION "place_checkouts"(
	"ids" uuid[],
	"buyers" text[],
	"from_cart" boolean[],
	"line_checkouts" integer[],
	"line_tools" uuid[],
	"line_quantities" integer[],
	"line_prices" integer[],
	"details" text[],
	"keys" text[],
	"request_hashes" text[],
	"max_unpaid_orders" integer,
	"max_reserved_units" integer,
	"max_orders_per_minute" integer,
	"hold_minutes" integer,
	"large_share_percent" integer,
	"large_hold_minutes" integer,
	"cool_down_minutes" integer,
	"deadline" timestamp with time zone,
	"channel" text,
	"announcement" text,
	"each_in_a_block" boolean DEFAULT true
) RETURNS TABLE (
	"wanted_id" uuid, "refusal" text, "refused_tool" uuid, "refused_name" text, "detail" text,
	"replayed_status" integer, "replayed_order" uuid
) LANGUAGE plpgsql AS $$
DECLARE
	"claimed" boolean[];
	"cart_ids" uuid[];
	"stored" record;
	"answer" record;
	"given_tools" uuid[];
	"given_quantities" integer[];
	"given_prices" integer[];
BEGIN
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'checkouts arrived after their deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
	-- A key is claimed by its checkout when its row is inserted now; a key already stored is answered below.
	WITH "inserted" AS (
		INSERT INTO "idempotency_keys" ("user_id", "key", "request_hash")
		SELECT "k"."buyer", "k"."key", "k"."hash"
		FROM unnest("buyers", "keys", "request_hashes") AS "k" ("buyer", "key", "hash")
		WHERE "k"."key" IS NOT NULL ORDER BY "k"."buyer", "k"."key"
		ON CONFLICT DO NOTHING RETURNING "idempotency_keys"."user_id", "idempotency_keys"."key"
	)
	SELECT array_agg("inserted"."key" IS NOT NULL AND "c"."nth" = 1 ORDER BY "c"."position") INTO "claimed"
	FROM (
		SELECT "u"."buyer", "u"."key", "u"."position",
			row_number() OVER (PARTITION BY "u"."buyer", "u"."key" ORDER BY "u"."position") AS "nth"
		FROM unnest("buyers", "keys") WITH ORDINALITY AS "u" ("buyer", "key", "position")
	) AS "c"
	LEFT JOIN "inserted" ON "inserted"."user_id" = "c"."buyer" AND "inserted"."key" = "c"."key";
	PERFORM 1 FROM "carts" WHERE "carts"."user_id" = ANY ("buyers") ORDER BY "carts"."id" FOR UPDATE;
	SELECT array_agg("carts"."id" ORDER BY "b"."position") INTO "cart_ids"
	FROM unnest("buyers") WITH ORDINALITY AS "b" ("buyer", "position")
	LEFT JOIN "carts" ON "carts"."user_id" = "b"."buyer";
	PERFORM 1 FROM "order_holds" WHERE "order_holds"."user_id" = ANY ("buyers")
	ORDER BY "order_holds"."user_id" FOR UPDATE;
	PERFORM 1 FROM "tools"
	WHERE "tools"."id" = ANY ("line_tools") OR "tools"."id" IN (
		SELECT "cart_lines"."tool_id" FROM "cart_lines"
		JOIN unnest("cart_ids", "from_cart") AS "c" ("cart", "whole") ON "c"."cart" = "cart_lines"."cart_id"
		WHERE "c"."whole"
	)
	ORDER BY "tools"."id" FOR UPDATE;
	FOR "i" IN 1 .. coalesce(array_length("ids", 1), 0) LOOP
		"wanted_id" := "ids"["i"];
		"refusal" := NULL;
		"refused_tool" := NULL;
		"refused_name" := NULL;
		"detail" := NULL;
		"replayed_status" := NULL;
		"replayed_order" := NULL;
		IF "keys"["i"] IS NOT NULL AND NOT "claimed"["i"] THEN
			SELECT "idempotency_keys"."request_hash" AS "hash", "idempotency_keys"."status_code" AS "status",
				"idempotency_keys"."order_id" AS "order_id"
			INTO "stored" FROM "idempotency_keys"
			WHERE "idempotency_keys"."user_id" = "buyers"["i"] AND "idempotency_keys"."key" = "keys"["i"];
			IF "stored"."hash" = "request_hashes"["i"] AND "stored"."status" IS NOT NULL THEN
				"refusal" := 'replayed';
				"replayed_status" := "stored"."status";
				"replayed_order" := "stored"."order_id";
			ELSE
				"refusal" := 'key_reused';
			END IF;
			RETURN NEXT;
			CONTINUE;
		END IF;
		"given_tools" := NULL;
		"given_quantities" := NULL;
		"given_prices" := NULL;
		IF NOT "from_cart"["i"] THEN
			SELECT array_agg("l"."tool" ORDER BY "l"."position"), array_agg("l"."quantity" ORDER BY "l"."position"),
				array_agg("l"."price" ORDER BY "l"."position")
			INTO "given_tools", "given_quantities", "given_prices"
			FROM unnest("line_checkouts", "line_tools", "line_quantities", "line_prices") WITH ORDINALITY
				AS "l" ("checkout", "tool", "quantity", "price", "position")
			WHERE "l"."checkout" = "i";
		END IF;
		-- The one call twice: a block costs a subtransaction, which `each_in_a_block` false spares.
		IF "each_in_a_block" THEN
			BEGIN
				SELECT * INTO "answer" FROM place_batched_checkout("ids"["i"], "buyers"["i"], "cart_ids"["i"],
					"from_cart"["i"], "given_tools", "given_quantities", "given_prices", "details"["i"], "max_unpaid_orders",
					"max_reserved_units", "max_orders_per_minute", "hold_minutes", "large_share_percent",
					"large_hold_minutes", "cool_down_minutes", "channel", "announcement");
			EXCEPTION WHEN OTHERS THEN
				SELECT 'failed' AS "refusal", NULL::uuid AS "refused_tool", SQLSTATE || ' ' || SQLERRM AS "detail"
				INTO "answer";
			END;
		ELSE
			SELECT * INTO "answer" FROM place_batched_checkout("ids"["i"], "buyers"["i"], "cart_ids"["i"],
				"from_cart"["i"], "given_tools", "given_quantities", "given_prices", "details"["i"], "max_unpaid_orders",
				"max_reserved_units", "max_orders_per_minute", "hold_minutes", "large_share_percent",
				"large_hold_minutes", "cool_down_minutes", "channel", "announcement");
		END IF;
		"refusal" := "answer"."refusal";
		"refused_tool" := "answer"."refused_tool";
		"detail" := "answer"."detail";
		IF "refusal" IS NULL THEN
			UPDATE "idempotency_keys" SET "status_code" = 201, "order_id" = "ids"["i"]
			WHERE "keys"["i"] IS NOT NULL AND "idempotency_keys"."user_id" = "buyers"["i"]
				AND "idempotency_keys"."key" = "keys"["i"];
		ELSE
			DELETE FROM "idempotency_keys"
			WHERE "keys"["i"] IS NOT NULL AND "idempotency_keys"."user_id" = "buyers"["i"]
				AND "idempotency_keys"."key" = "keys"["i"];
			SELECT "tools"."name" INTO "refused_name" FROM "tools" WHERE "tools"."id" = "refused_tool";
		END IF;
		RETURN NEXT;
	END LOOP;
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'checkouts answered after their deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
END
$$;
