-- Each business rule in one place (decision 042). Every order `place_orders` refuses is answered with why:
-- the service no longer reads the reason again afterwards, from rows that may have changed meanwhile.
-- What customers may still order of a tool (SPEC's availableQuantity) and the stock below which it is low
-- (its own threshold, or by default twice its minimum order), each stated once here and used by the
-- functions below, the low-stock trigger and the server's queries (tools/stock.ts, admin/low-stock.ts).
-- SQL functions the planner inlines: they cost what the expressions they replace cost.
CREATE FUNCTION "tool_available"("on_hand" integer, "reserved" integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT "on_hand" - "reserved" $$;
--> statement-breakpoint
CREATE FUNCTION "tool_low_stock_threshold"("low_stock_threshold" integer, "minimum_order" integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT coalesce("low_stock_threshold", 2 * "minimum_order") $$;
--> statement-breakpoint
-- An order's total in cents (packages/shared's `orderTotalCents`), wide enough for any sum of them.
CREATE FUNCTION "order_total_cents"("quantity" integer, "unit_price_cents" integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT "quantity"::bigint * "unit_price_cents" $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "take_stock"("tool_id" uuid, "units" integer)
RETURNS TABLE ("name" text, "price_cents" integer) LANGUAGE sql AS $$
	UPDATE "tools" SET "reserved" = "tools"."reserved" + "units"
	WHERE "tools"."id" = "tool_id" AND "tools"."deleted_at" IS NULL
		AND "tools"."minimum_order" <= "units" AND tool_available("tools"."on_hand", "tools"."reserved") >= "units"
	RETURNING "tools"."name", "tools"."price_cents"
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tools_low_stock_rearm"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.low_stock_notified_at IS NOT NULL
		AND tool_available(NEW.on_hand, NEW.reserved)
			>= tool_low_stock_threshold(NEW.low_stock_threshold, NEW.minimum_order) THEN
		IF NEW.on_hand > OLD.on_hand
			OR NEW.minimum_order IS DISTINCT FROM OLD.minimum_order
			OR NEW.low_stock_threshold IS DISTINCT FROM OLD.low_stock_threshold THEN
			NEW.low_stock_notified_at := NULL;
			NEW.low_stock_recovered_at := NULL;
		ELSE
			NEW.low_stock_recovered_at := now();
		END IF;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
-- Places the orders named by `ids` (ids their caller chose, with their accounts, tools and, as one JSON
-- text each, what their customers sent) in turn, each under decision 015's bounds, and answers a row for
-- each: the order it placed (`order`), or why it refused it (`refusal`, `detail`), read from the locked rows
-- at the moment it refused, so that its caller re-derives no rule (decision 042). The refusals, in the
-- order a customer hears them: 'rate_limited'; 'email_not_verified'; 'too_many_unpaid_orders';
-- 'reserved_units_limit'; 'cool_down' (detail: minutes left); 'tool_not_found'; 'below_minimum_order'
-- (detail: the minimum, a space, the tool's name); 'insufficient_stock' (detail: units available);
-- 'failed' (detail: SQLSTATE, a space, the message).
--
-- Isolation: the ids come from the server (UUIDs it checked or made, account ids from the session); what a
-- customer sent is read inside the order's own block (a subtransaction), so whatever it carries (a string
-- jsonb refuses, a number out of range) and whatever else fails there rolls back that order alone and is
-- answered as `refusal` 'failed' with its SQLSTATE. At most 64 orders a call (BATCH_MAX_ORDERS): each
-- order's subtransaction then fits PostgreSQL's cache of a transaction's subtransactions.
--
-- Locks: the accounts' holds rows, then the tools, each kind sorted (decision 025's order), so that two
-- batches of two instances cannot deadlock; every check below reads the locked rows as they are now.
--
-- `deadline`: the moment the shop stops waiting for this call (null: it waits, as on PGlite). The
-- database's clock is read at the start and again just before the function returns (its COMMIT follows at
-- once when the call is sent on its own): past it, the call raises query_canceled and everything rolls back.
CREATE OR REPLACE FUNCTION "place_orders"(
	"ids" uuid[],
	"user_ids" text[],
	"tool_ids" uuid[],
	"details" text[],
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
) RETURNS TABLE ("wanted_id" uuid, "refusal" text, "detail" text, "order" "orders") LANGUAGE plpgsql AS $$
DECLARE
	"over_limit" boolean[];
	"wanted" record;
	"held" integer;
	"large" boolean;
	"free_at" timestamp with time zone;
	"account" record;
	"tool" record;
	"taken" record;
	"placed_any" boolean := false;
BEGIN
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'orders arrived after their deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
	PERFORM 1 FROM "order_holds" WHERE "order_holds"."user_id" = ANY ("user_ids")
	ORDER BY "order_holds"."user_id" FOR UPDATE;
	PERFORM 1 FROM "tools" WHERE "tools"."id" = ANY ("tool_ids") ORDER BY "tools"."id" FOR UPDATE;
	-- Every order counts against its account's minute, refused or not; the nth order of an account in this
	-- call is over the limit when the account's count before the call plus n passes it.
	WITH "tries" AS (
		SELECT "u"."account", "u"."position",
			row_number() OVER (PARTITION BY "u"."account" ORDER BY "u"."position") AS "nth"
		FROM unnest("user_ids") WITH ORDINALITY AS "u" ("account", "position")
	), "counted" AS (
		UPDATE "order_holds" SET
			"window_started_at" = CASE WHEN "order_holds"."window_started_at" > now() - interval '1 minute'
				THEN "order_holds"."window_started_at" ELSE now() END,
			"orders_in_window" = CASE WHEN "order_holds"."window_started_at" > now() - interval '1 minute'
				THEN "order_holds"."orders_in_window" ELSE 0 END + "per_account"."tries"
		FROM (SELECT "tries"."account", count(*)::integer AS "tries" FROM "tries" GROUP BY "tries"."account")
			AS "per_account"
		WHERE "order_holds"."user_id" = "per_account"."account"
		RETURNING "order_holds"."user_id", "order_holds"."orders_in_window" - "per_account"."tries" AS "before"
	)
	SELECT array_agg(coalesce("counted"."before" + "tries"."nth" > "max_orders_per_minute", false)
		ORDER BY "tries"."position")
	INTO "over_limit" FROM "tries" LEFT JOIN "counted" ON "counted"."user_id" = "tries"."account";
	FOR "i" IN 1 .. coalesce(array_length("ids", 1), 0) LOOP
		"wanted_id" := "ids"["i"];
		"refusal" := NULL;
		"detail" := NULL;
		"order" := NULL;
		IF "over_limit"["i"] THEN
			"refusal" := 'rate_limited';
			RETURN NEXT;
			CONTINUE;
		END IF;
		BEGIN
			SELECT * INTO "wanted" FROM jsonb_to_record("details"["i"]::jsonb) AS "item" (
				"email" text, "name" text, "quantity" integer, "address" text, "phone" text
			);
			SELECT "users"."email_verified" AS "verified", "order_holds"."unpaid_orders" AS "unpaid",
				"order_holds"."reserved_units" AS "reserved"
			INTO "account" FROM "users" LEFT JOIN "order_holds" ON "order_holds"."user_id" = "users"."id"
			WHERE "users"."id" = "user_ids"["i"];
			IF NOT coalesce("account"."verified", false) THEN
				"refusal" := 'email_not_verified';
			-- Every account has its row from the moment it exists (a trigger on users): not a customer's error.
			ELSIF "account"."unpaid" IS NULL THEN
				RAISE EXCEPTION 'order_holds has no row for account %', "user_ids"["i"];
			ELSIF "account"."unpaid" >= "max_unpaid_orders" THEN
				"refusal" := 'too_many_unpaid_orders';
			ELSIF "account"."reserved" + "wanted"."quantity" > "max_reserved_units" THEN
				"refusal" := 'reserved_units_limit';
			END IF;
			IF "refusal" IS NOT NULL THEN
				RETURN NEXT;
				CONTINUE;
			END IF;
			"held" := "account"."reserved";
			-- Large: the account's unpaid orders of this tool, this one included, would hold more than
			-- `large_share_percent` of what is on its shelf. What the account holds of every tool bounds
			-- that from above, so an ordinary order reads no orders.
			SELECT "held" + "wanted"."quantity" > "tools"."on_hand" * "large_share_percent" / 100.0
				AND (
					SELECT coalesce(sum("orders"."quantity"), 0) + "wanted"."quantity" FROM "orders"
					WHERE "orders"."user_id" = "user_ids"["i"] AND "orders"."tool_id" = "tool_ids"["i"]
						AND "orders"."status" = 'unpaid'
				) > "tools"."on_hand" * "large_share_percent" / 100.0
			INTO "large" FROM "tools" WHERE "tools"."id" = "tool_ids"["i"];
			IF "large" THEN
				-- A large share is refused for a while to an account that let an order of this tool go
				-- unpaid: cancelled it itself, or let it expire.
				SELECT max(CASE WHEN "orders"."status" = 'expired' THEN "orders"."expires_at"
					ELSE "orders"."cancelled_at" END) + make_interval(mins => "cool_down_minutes")
				INTO "free_at" FROM "orders"
				WHERE "orders"."user_id" = "user_ids"["i"] AND "orders"."tool_id" = "tool_ids"["i"]
					AND ("orders"."status" = 'expired'
						OR ("orders"."status" = 'cancelled' AND "orders"."cancelled_by" = "user_ids"["i"]));
				IF "free_at" > now() THEN
					"refusal" := 'cool_down';
					"detail" := ceil(extract(epoch FROM "free_at" - now()) / 60)::text;
					RETURN NEXT;
					CONTINUE;
				END IF;
			END IF;
			SELECT * INTO "taken" FROM "take_stock"("tool_ids"["i"], "wanted"."quantity");
			IF NOT FOUND THEN
				-- Why `take_stock` reserved nothing, read from the tool's row this call holds locked.
				SELECT "tools"."name", "tools"."minimum_order", tool_available("tools"."on_hand", "tools"."reserved") AS "available"
				INTO "tool" FROM "tools" WHERE "tools"."id" = "tool_ids"["i"] AND "tools"."deleted_at" IS NULL;
				IF NOT FOUND THEN
					"refusal" := 'tool_not_found';
				ELSIF "wanted"."quantity" < "tool"."minimum_order" THEN
					"refusal" := 'below_minimum_order';
					"detail" := "tool"."minimum_order" || ' ' || "tool"."name";
				ELSE
					"refusal" := 'insufficient_stock';
					"detail" := "tool"."available"::text;
				END IF;
				RETURN NEXT;
				CONTINUE;
			END IF;
			INSERT INTO "orders" (
				"id", "user_id", "email", "name", "tool_id", "tool_name", "quantity", "unit_price_cents",
				"address", "phone", "expires_at"
			) VALUES (
				"ids"["i"], "user_ids"["i"], "wanted"."email", "wanted"."name", "tool_ids"["i"], "taken"."name",
				"wanted"."quantity", "taken"."price_cents", "wanted"."address", "wanted"."phone",
				now() + make_interval(mins => CASE WHEN "large" THEN least("large_hold_minutes", "hold_minutes")
					ELSE "hold_minutes" END)
			) RETURNING * INTO "order";
			"placed_any" := true;
			RETURN NEXT;
		EXCEPTION WHEN OTHERS THEN
			"refusal" := 'failed';
			"detail" := SQLSTATE || ' ' || SQLERRM;
			"order" := NULL;
			RETURN NEXT;
		END;
	END LOOP;
	IF "placed_any" THEN
		PERFORM pg_notify("channel", "announcement");
	END IF;
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'orders answered after their deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
END
$$;
