-- Checkouts in batches (decision 060): `place_checkouts` places a batch of checkouts in one transaction
-- with one COMMIT, each by `place_checkout` (migration 0017) in a block of its own, as `place_orders` does
-- for one-tool orders (decisions 032, 033). `place_checkout` stays the one place of a checkout's rules.
--
-- The checkouts are named by `ids` (the order ids their caller chose), with their accounts (`buyers`) and,
-- as one JSON text each, what their customers sent (`details`: email, name, address, phone). A checkout of
-- its account's cart has `from_cart` true; any other names its lines in the four `line_` arrays, each
-- position one line: the position in `ids` of its checkout (`line_checkouts`), its tool, its units and the
-- unit price its buyer saw. `keys` and `request_hashes`: each checkout's Idempotency-Key (null: none) and
-- the hash of its request. A key twice in one call is claimed by its first checkout only, the second being
-- answered 'key_reused': its caller sends such a retry in a later call, where it gets the first's answer.
--
-- It answers a row for each checkout: `refusal` null when it placed the order `wanted_id` (its caller reads
-- it back, and stores the answer of its key in this transaction); else `place_checkout`'s refusal with
-- `refused_tool` and that tool's name (`refused_name`), or 'failed' (detail: SQLSTATE, a space, the
-- message: the checkout's own values or statements raised, rolling back that checkout alone), or
-- 'replayed' (the key's stored answer: `replayed_status`, `replayed_response`), or 'key_reused' (the key
-- was used for another request). A refused or failed checkout's key is let go, as a failed write lets its
-- key go.
--
-- Locks, each kind sorted and all taken before the first checkout, in the order every writer takes them:
-- the keys (their inserted rows: a concurrent retry of one waits here, before any other lock), the buyers'
-- carts, their holds rows, then every tool of the batch (the lines given and the carts' lines) by id, so
-- that two batches on two instances, a batch and `place_orders`, never deadlock (decisions 025, 054).
-- `deadline`, `channel` and `announcement` as in `place_orders`; the announcement names every tool of
-- the batch, and is sent once for all its checkouts.
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
	"announcement" text
) RETURNS TABLE (
	"wanted_id" uuid, "refusal" text, "refused_tool" uuid, "refused_name" text, "detail" text,
	"replayed_status" integer, "replayed_response" jsonb
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
		"replayed_response" := NULL;
		IF "keys"["i"] IS NOT NULL AND NOT "claimed"["i"] THEN
			SELECT "idempotency_keys"."request_hash" AS "hash", "idempotency_keys"."status_code" AS "status",
				"idempotency_keys"."response" AS "response"
			INTO "stored" FROM "idempotency_keys"
			WHERE "idempotency_keys"."user_id" = "buyers"["i"] AND "idempotency_keys"."key" = "keys"["i"];
			IF "stored"."hash" = "request_hashes"["i"] AND "stored"."status" IS NOT NULL THEN
				"refusal" := 'replayed';
				"replayed_status" := "stored"."status";
				"replayed_response" := "stored"."response";
			ELSE
				"refusal" := 'key_reused';
			END IF;
			RETURN NEXT;
			CONTINUE;
		END IF;
		BEGIN
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
			SELECT "placed"."refusal", "placed"."refused_tool", "placed"."detail" INTO "answer"
			FROM place_checkout(
				new_order => "ids"["i"], buyer => "buyers"["i"],
				cart => CASE WHEN "from_cart"["i"] THEN "cart_ids"["i"] END,
				line_tools => "given_tools", line_quantities => "given_quantities", line_prices => "given_prices",
				details => "details"["i"], max_unpaid_orders => "max_unpaid_orders",
				max_reserved_units => "max_reserved_units", max_orders_per_minute => "max_orders_per_minute",
				hold_minutes => "hold_minutes", large_share_percent => "large_share_percent",
				large_hold_minutes => "large_hold_minutes", cool_down_minutes => "cool_down_minutes",
				deadline => NULL, channel => "channel", announcement => "announcement"
			) AS "placed";
			"refusal" := "answer"."refusal";
			"refused_tool" := "answer"."refused_tool";
			"detail" := "answer"."detail";
			-- Lines given by name leave the account's cart too (`place_checkout` empties only a cart it ordered).
			IF "refusal" IS NULL AND NOT "from_cart"["i"] THEN
				DELETE FROM "cart_lines"
				WHERE "cart_lines"."cart_id" = "cart_ids"["i"] AND "cart_lines"."tool_id" = ANY ("given_tools");
			END IF;
		EXCEPTION WHEN OTHERS THEN
			"refusal" := 'failed';
			"refused_tool" := NULL;
			"detail" := SQLSTATE || ' ' || SQLERRM;
		END;
		IF "refusal" IS NOT NULL THEN
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
