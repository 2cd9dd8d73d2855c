-- Orders of several lines, readable order numbers, the shipped state, shipping settings, carts, and one
-- checkout (issue 27; decisions 046 and 047). Additive: every column the server reads today stays, and
-- `place_orders` keeps its signature and answers, so code that knows one-tool orders only keeps working.
-- No order may be placed or settled between the back-fills below and the new `place_orders`: an older
-- instance still serving during a rolling deploy waits here until the migration commits.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- What an order is made of: one row per tool, copied when ordered (name and price do not follow later
-- catalogue changes). `position` is the order the buyer saw the lines in.
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "order_lines_order_id_tool_id_pk" PRIMARY KEY ("order_id", "tool_id"),
	CONSTRAINT "order_lines_order_id_position_unique" UNIQUE ("order_id", "position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_positive" CHECK ("order_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_id_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
-- Every order placed so far is one line: its own tool, name, quantity and price.
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "tool_name", "quantity", "unit_price_cents")
SELECT "id", 1, "tool_id", "tool_name", "quantity", "unit_price_cents" FROM "orders";--> statement-breakpoint
-- On an order of several lines the one-tool columns summarise it (decision 047): `tool_id` its first line's
-- tool, `tool_name` its tools' names, `quantity` its units (what the holds trigger counts), and no single
-- unit price.
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" DROP NOT NULL;--> statement-breakpoint
-- The number people read (#1042): from one sequence, so every instance draws from the same count. Orders
-- placed so far are numbered in the order they were placed, from 1001.
CREATE SEQUENCE "order_number_seq" AS bigint START WITH 1001 MINVALUE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "orders" SET "number" = "numbered"."number"
FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "orders") AS "numbered"
WHERE "orders"."id" = "numbered"."id";--> statement-breakpoint
SELECT setval('order_number_seq', coalesce((SELECT max("number") FROM "orders"), 1000));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE ("number");--> statement-breakpoint
-- Shipping as charged when ordered (a later change of the settings does not touch placed orders); orders
-- placed so far, and one-tool orders, ship free.
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_not_negative" CHECK ("orders"."shipping_cents" >= 0);--> statement-breakpoint
-- unpaid → paid → shipped → delivered, plus cancelled and expired.
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_by_users_id_fk" FOREIGN KEY ("shipped_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction" CHECK ("orders"."status" not in ('paid', 'shipped', 'delivered') or "orders"."transaction_id" is not null);--> statement-breakpoint
-- The shop's settings an admin changes in the back office: one row. Shipping is a flat fee per order,
-- waived from an optional subtotal on; by default free.
CREATE TABLE "shop_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"shipping_fee_cents" integer DEFAULT 0 NOT NULL,
	"free_shipping_from_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id"),
	CONSTRAINT "shop_settings_shipping_fee_not_negative" CHECK ("shop_settings"."shipping_fee_cents" >= 0),
	CONSTRAINT "shop_settings_free_shipping_from_positive" CHECK ("shop_settings"."free_shipping_from_cents" > 0)
);
--> statement-breakpoint
INSERT INTO "shop_settings" DEFAULT VALUES;--> statement-breakpoint
-- An order's amounts from its lines (quantities and unit prices, position by position), stated once: the
-- cart and checkout screens show them from the cart's lines at today's prices, `place_checkout` charges
-- them. Shipping follows the shop's settings of the moment.
CREATE FUNCTION "order_amounts"("quantities" integer[], "unit_prices_cents" integer[])
RETURNS TABLE ("subtotal_cents" bigint, "shipping_cents" integer, "total_cents" bigint)
LANGUAGE sql STABLE AS $$
	SELECT "lines"."subtotal", "shipping"."cents", "lines"."subtotal" + "shipping"."cents"
	FROM (
		SELECT coalesce(sum(order_total_cents("line"."quantity", "line"."price")), 0)::bigint AS "subtotal"
		FROM unnest("quantities", "unit_prices_cents") AS "line" ("quantity", "price")
	) AS "lines"
	CROSS JOIN LATERAL (
		SELECT CASE WHEN "shop_settings"."free_shipping_from_cents" <= "lines"."subtotal" THEN 0
			ELSE "shop_settings"."shipping_fee_cents" END AS "cents"
		FROM "shop_settings"
	) AS "shipping"
$$;
--> statement-breakpoint
-- Carts (decision 046): an account's, or a visitor's, known by the SHA-256 of a random token whose raw value
-- only the visitor's httpOnly cookie holds. `line_count` is kept by triggers on cart_lines; its CHECK is the
-- 50-line bound, so that two requests adding lines at once cannot pass it. `last_used_at`: a visitor's
-- cart unused for 30 days is dropped.
CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"token_hash" text,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_user_id_unique" UNIQUE ("user_id"),
	CONSTRAINT "carts_token_hash_unique" UNIQUE ("token_hash"),
	CONSTRAINT "carts_account_or_visitor" CHECK (("carts"."user_id" IS NULL) <> ("carts"."token_hash" IS NULL)),
	CONSTRAINT "carts_at_most_50_lines" CHECK ("carts"."line_count" BETWEEN 0 AND 50)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_visitor_last_used_at_idx" ON "carts" USING btree ("last_used_at") WHERE "carts"."user_id" IS NULL;--> statement-breakpoint
-- A cart reserves nothing: `seen_price_cents` is the price the buyer was shown when adding or last
-- changing the line, so that a repricing since is told, and checkout refuses it until they have seen it.
CREATE TABLE "cart_lines" (
	"cart_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"seen_price_cents" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_cart_id_tool_id_pk" PRIMARY KEY ("cart_id", "tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0),
	CONSTRAINT "cart_lines_seen_price_positive" CHECK ("cart_lines"."seen_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_tool_id_idx" ON "cart_lines" USING btree ("tool_id");--> statement-breakpoint
-- One UPDATE of each cart a statement added lines to or removed lines from (a merge adds many at once).
CREATE FUNCTION "carts_count_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "carts" SET "line_count" = "carts"."line_count" + "changed"."lines"
		FROM (SELECT "cart_id", count(*)::integer AS "lines" FROM "added" GROUP BY "cart_id") AS "changed"
		WHERE "carts"."id" = "changed"."cart_id";
	ELSE
		UPDATE "carts" SET "line_count" = "carts"."line_count" - "changed"."lines"
		FROM (SELECT "cart_id", count(*)::integer AS "lines" FROM "removed" GROUP BY "cart_id") AS "changed"
		WHERE "carts"."id" = "changed"."cart_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cart_lines_added" AFTER INSERT ON "cart_lines" REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "carts_count_lines"();--> statement-breakpoint
CREATE TRIGGER "cart_lines_removed" AFTER DELETE ON "cart_lines" REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "carts_count_lines"();--> statement-breakpoint
-- Decision 033's large-order rule, stated once for `place_orders` and `place_checkout`, over order lines:
-- the units of a tool an account's unpaid orders hold, and the moment an account that let an order of the
-- tool go unpaid (cancelled it itself, or let it expire) may take a large share of it again.
CREATE FUNCTION "unpaid_units_of_tool"("account" text, "tool" uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
	SELECT coalesce(sum("order_lines"."quantity"), 0) FROM "orders"
	JOIN "order_lines" ON "order_lines"."order_id" = "orders"."id"
	WHERE "orders"."user_id" = "account" AND "order_lines"."tool_id" = "tool" AND "orders"."status" = 'unpaid'
$$;
--> statement-breakpoint
CREATE FUNCTION "large_share_free_at"("account" text, "tool" uuid, "cool_down_minutes" integer)
RETURNS timestamp with time zone LANGUAGE sql STABLE AS $$
	SELECT max(CASE WHEN "orders"."status" = 'expired' THEN "orders"."expires_at" ELSE "orders"."cancelled_at" END)
		+ make_interval(mins => "cool_down_minutes")
	FROM "orders" JOIN "order_lines" ON "order_lines"."order_id" = "orders"."id"
	WHERE "orders"."user_id" = "account" AND "order_lines"."tool_id" = "tool"
		AND ("orders"."status" = 'expired' OR ("orders"."status" = 'cancelled' AND "orders"."cancelled_by" = "account"))
$$;
--> statement-breakpoint
-- `place_orders` as migration 0015 wrote it (decision 042), with two changes: each order it places gets its
-- one line (and, by the column's default, its number), and the large-order rule reads order lines, so that
-- the lines of an order of several tools count too.
--
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
			-- Large: the account's unpaid orders of this tool, this one included, would hold more than
			-- `large_share_percent` of what is on its shelf. What the account holds of every tool bounds
			-- that from above, so an ordinary order reads no orders.
			SELECT "account"."reserved" + "wanted"."quantity" > "tools"."on_hand" * "large_share_percent" / 100.0
				AND unpaid_units_of_tool("user_ids"["i"], "tool_ids"["i"]) + "wanted"."quantity"
					> "tools"."on_hand" * "large_share_percent" / 100.0
			INTO "large" FROM "tools" WHERE "tools"."id" = "tool_ids"["i"];
			IF "large" THEN
				"free_at" := large_share_free_at("user_ids"["i"], "tool_ids"["i"], "cool_down_minutes");
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
			INSERT INTO "order_lines" ("order_id", "position", "tool_id", "tool_name", "quantity", "unit_price_cents")
			VALUES ("ids"["i"], 1, "tool_ids"["i"], "taken"."name", "wanted"."quantity", "taken"."price_cents");
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
--> statement-breakpoint
-- Places one order of several lines (decision 047): `new_order` (the id its caller chose), for account
-- `buyer`, from the lines of `cart` (the buyer's own) or, when `cart` is null, from the lines given as
-- `line_tools`, `line_quantities` and `line_prices` (each position one line: the tool, its units, the unit
-- price its buyer saw). Every line's stock is reserved in this one transaction, all lines or none, under
-- the account's bounds of decision 015 counted in the order's units, as `place_orders` counts them; the
-- ordered lines leave the cart. It answers one row: the order (with its amounts), or why it refused
-- (`refusal`, `detail`) and, when a line is at fault, which (`refused_tool`), read from the locked rows;
-- a refusal changes nothing but the account's count of tries this minute. The refusals, in the order a
-- buyer hears them: 'cart_not_found'; 'empty'; 'rate_limited'; 'email_not_verified';
-- 'too_many_unpaid_orders'; 'reserved_units_limit'; then line by line, in the lines' order:
-- 'tool_not_found'; 'price_changed' (detail: today's price in cents); 'below_minimum_order' (detail: the
-- minimum, a space, the tool's name); 'insufficient_stock' (detail: units available); 'cool_down'
-- (detail: minutes left).
--
-- Idempotent: an order already placed as `new_order` for `buyer` is answered again, and nothing is taken
-- twice. Lines naming one tool twice, or arrays of different lengths, are the caller's error (22023).
--
-- Locks, always in this order, so that overlapping checkouts (and `place_orders`) never deadlock: the
-- cart's row (every change of a cart's lines locks it too), the account's holds row, then the tools, sorted
-- by id (decision 025's order). `deadline`, `channel` and `announcement` as in `place_orders`.
CREATE FUNCTION "place_checkout"(
	"new_order" uuid,
	"buyer" text,
	"cart" uuid,
	"line_tools" uuid[],
	"line_quantities" integer[],
	"line_prices" integer[],
	"details" text,
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
	"refusal" text, "refused_tool" uuid, "detail" text, "order" "orders",
	"subtotal" bigint, "shipping" integer, "total" bigint
) LANGUAGE plpgsql AS $$
DECLARE
	"line_count" integer;
	"units" integer;
	"tries" integer;
	"wanted" record;
	"account" record;
	"line" record;
	"large" boolean := false;
	"free_at" timestamp with time zone;
BEGIN
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'checkout arrived after its deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
	SELECT * INTO "order" FROM "orders" WHERE "orders"."id" = "new_order" AND "orders"."user_id" = "buyer";
	IF FOUND THEN
		SELECT "amounts".* INTO "subtotal", "shipping", "total"
		FROM (
			SELECT array_agg("order_lines"."quantity") AS "quantities",
				array_agg("order_lines"."unit_price_cents") AS "prices"
			FROM "order_lines" WHERE "order_lines"."order_id" = "new_order"
		) AS "lines", order_amounts("lines"."quantities", "lines"."prices") AS "amounts";
		-- Shipping as charged then, not as the settings say now.
		"total" := "total" - "shipping" + ("order")."shipping_cents";
		"shipping" := ("order")."shipping_cents";
		RETURN NEXT;
		RETURN;
	END IF;
	IF "cart" IS NOT NULL THEN
		PERFORM 1 FROM "carts" WHERE "carts"."id" = "cart" AND "carts"."user_id" = "buyer" FOR UPDATE;
		IF NOT FOUND THEN
			"refusal" := 'cart_not_found';
			RETURN NEXT;
			RETURN;
		END IF;
		SELECT array_agg("cart_lines"."tool_id" ORDER BY "cart_lines"."added_at", "cart_lines"."tool_id"),
			array_agg("cart_lines"."quantity" ORDER BY "cart_lines"."added_at", "cart_lines"."tool_id"),
			array_agg("cart_lines"."seen_price_cents" ORDER BY "cart_lines"."added_at", "cart_lines"."tool_id")
		INTO "line_tools", "line_quantities", "line_prices"
		FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart";
	END IF;
	"line_count" := coalesce(array_length("line_tools", 1), 0);
	IF "line_count" = 0 THEN
		"refusal" := 'empty';
		RETURN NEXT;
		RETURN;
	END IF;
	IF coalesce(array_length("line_quantities", 1), 0) <> "line_count"
		OR coalesce(array_length("line_prices", 1), 0) <> "line_count"
		OR (SELECT count(DISTINCT "tool") FROM unnest("line_tools") AS "tool") <> "line_count" THEN
		RAISE EXCEPTION 'checkout lines must name each tool once, with a quantity and a price'
			USING ERRCODE = 'invalid_parameter_value';
	END IF;
	PERFORM 1 FROM "order_holds" WHERE "order_holds"."user_id" = "buyer" FOR UPDATE;
	PERFORM 1 FROM "tools" WHERE "tools"."id" = ANY ("line_tools") ORDER BY "tools"."id" FOR UPDATE;
	-- Every checkout counts against its account's minute, refused or not, as an order of `place_orders` does.
	UPDATE "order_holds" SET
		"window_started_at" = CASE WHEN "order_holds"."window_started_at" > now() - interval '1 minute'
			THEN "order_holds"."window_started_at" ELSE now() END,
		"orders_in_window" = CASE WHEN "order_holds"."window_started_at" > now() - interval '1 minute'
			THEN "order_holds"."orders_in_window" ELSE 0 END + 1
	WHERE "order_holds"."user_id" = "buyer"
	RETURNING "order_holds"."orders_in_window" INTO "tries";
	IF "tries" > "max_orders_per_minute" THEN
		"refusal" := 'rate_limited';
		RETURN NEXT;
		RETURN;
	END IF;
	SELECT sum("quantity")::integer INTO "units" FROM unnest("line_quantities") AS "quantity";
	SELECT * INTO "wanted" FROM jsonb_to_record("details"::jsonb) AS "item" (
		"email" text, "name" text, "address" text, "phone" text
	);
	SELECT "users"."email_verified" AS "verified", "order_holds"."unpaid_orders" AS "unpaid",
		"order_holds"."reserved_units" AS "reserved"
	INTO "account" FROM "users" LEFT JOIN "order_holds" ON "order_holds"."user_id" = "users"."id"
	WHERE "users"."id" = "buyer";
	IF NOT coalesce("account"."verified", false) THEN
		"refusal" := 'email_not_verified';
	-- Every account has its row from the moment it exists (a trigger on users): not a customer's error.
	ELSIF "account"."unpaid" IS NULL THEN
		RAISE EXCEPTION 'order_holds has no row for account %', "buyer";
	ELSIF "account"."unpaid" >= "max_unpaid_orders" THEN
		"refusal" := 'too_many_unpaid_orders';
	ELSIF "account"."reserved" + "units" > "max_reserved_units" THEN
		"refusal" := 'reserved_units_limit';
	END IF;
	IF "refusal" IS NOT NULL THEN
		RETURN NEXT;
		RETURN;
	END IF;
	FOR "line" IN
		SELECT "wanted_line"."tool", "wanted_line"."quantity", "wanted_line"."price", "tools"."id" AS "found",
			"tools"."name", "tools"."price_cents", "tools"."minimum_order", "tools"."on_hand",
			tool_available("tools"."on_hand", "tools"."reserved") AS "available"
		FROM unnest("line_tools", "line_quantities", "line_prices") WITH ORDINALITY
			AS "wanted_line" ("tool", "quantity", "price", "position")
		LEFT JOIN "tools" ON "tools"."id" = "wanted_line"."tool" AND "tools"."deleted_at" IS NULL
		ORDER BY "wanted_line"."position"
	LOOP
		"refused_tool" := "line"."tool";
		IF "line"."found" IS NULL THEN
			"refusal" := 'tool_not_found';
		ELSIF "line"."price" IS DISTINCT FROM "line"."price_cents" THEN
			"refusal" := 'price_changed';
			"detail" := "line"."price_cents"::text;
		ELSIF "line"."quantity" < "line"."minimum_order" THEN
			"refusal" := 'below_minimum_order';
			"detail" := "line"."minimum_order" || ' ' || "line"."name";
		ELSIF "line"."quantity" > "line"."available" THEN
			"refusal" := 'insufficient_stock';
			"detail" := "line"."available"::text;
		-- Large, as in `place_orders`: each line on its own, the order's hold the shortest of its lines'.
		ELSIF "account"."reserved" + "line"."quantity" > "line"."on_hand" * "large_share_percent" / 100.0
			AND unpaid_units_of_tool("buyer", "line"."tool") + "line"."quantity"
				> "line"."on_hand" * "large_share_percent" / 100.0 THEN
			"large" := true;
			"free_at" := large_share_free_at("buyer", "line"."tool", "cool_down_minutes");
			IF "free_at" > now() THEN
				"refusal" := 'cool_down';
				"detail" := ceil(extract(epoch FROM "free_at" - now()) / 60)::text;
			END IF;
		END IF;
		IF "refusal" IS NOT NULL THEN
			RETURN NEXT;
			RETURN;
		END IF;
	END LOOP;
	"refused_tool" := NULL;
	-- Every line passed under the locks this call holds: `take_stock` (the tools feature's one way to
	-- reserve units) reserves each, in the locks' order.
	FOR "line" IN SELECT "wanted_line"."tool", "wanted_line"."quantity"
		FROM unnest("line_tools", "line_quantities") AS "wanted_line" ("tool", "quantity")
		ORDER BY "wanted_line"."tool"
	LOOP
		PERFORM 1 FROM "take_stock"("line"."tool", "line"."quantity");
		IF NOT FOUND THEN
			RAISE EXCEPTION 'take_stock refused tool % after its checks passed', "line"."tool";
		END IF;
	END LOOP;
	SELECT "amounts".* INTO "subtotal", "shipping", "total"
	FROM order_amounts("line_quantities", "line_prices") AS "amounts";
	INSERT INTO "orders" (
		"id", "user_id", "email", "name", "tool_id", "tool_name", "quantity", "unit_price_cents",
		"address", "phone", "expires_at", "shipping_cents"
	)
	SELECT "new_order", "buyer", "wanted"."email", "wanted"."name", "line_tools"[1],
		string_agg("tools"."name", ', ' ORDER BY "wanted_line"."position"), "units",
		CASE WHEN "line_count" = 1 THEN "line_prices"[1] END, "wanted"."address", "wanted"."phone",
		now() + make_interval(mins => CASE WHEN "large" THEN least("large_hold_minutes", "hold_minutes")
			ELSE "hold_minutes" END),
		"shipping"
	FROM unnest("line_tools") WITH ORDINALITY AS "wanted_line" ("tool", "position")
	JOIN "tools" ON "tools"."id" = "wanted_line"."tool"
	RETURNING * INTO "order";
	INSERT INTO "order_lines" ("order_id", "position", "tool_id", "tool_name", "quantity", "unit_price_cents")
	SELECT "new_order", "wanted_line"."position", "wanted_line"."tool", "tools"."name", "wanted_line"."quantity",
		"wanted_line"."price"
	FROM unnest("line_tools", "line_quantities", "line_prices") WITH ORDINALITY
		AS "wanted_line" ("tool", "quantity", "price", "position")
	JOIN "tools" ON "tools"."id" = "wanted_line"."tool";
	IF "cart" IS NOT NULL THEN
		DELETE FROM "cart_lines" WHERE "cart_lines"."cart_id" = "cart" AND "cart_lines"."tool_id" = ANY ("line_tools");
	END IF;
	PERFORM pg_notify("channel", "announcement");
	IF clock_timestamp() > "deadline" THEN
		RAISE EXCEPTION 'checkout answered after its deadline (%)', "deadline" USING ERRCODE = 'query_canceled';
	END IF;
	RETURN NEXT;
END
$$;
