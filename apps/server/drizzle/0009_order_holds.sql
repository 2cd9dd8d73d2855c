-- What each account's unpaid orders hold, kept by triggers so that placing an order can check the account's
-- bounds on one locked row in the same statement that reserves the stock (orders/service.ts).
-- No order may be placed or settled between the counting below and the triggers that keep the count: an
-- older instance still serving during a rolling deploy waits here until the migration commits.
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "order_holds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unpaid_orders" integer DEFAULT 0 NOT NULL,
	"reserved_units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_holds_unpaid_orders_not_negative" CHECK ("order_holds"."unpaid_orders" >= 0),
	CONSTRAINT "order_holds_reserved_units_not_negative" CHECK ("order_holds"."reserved_units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_holds" ADD CONSTRAINT "order_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "order_holds" ("user_id", "unpaid_orders", "reserved_units")
SELECT "users"."id", count("orders"."id")::integer, coalesce(sum("orders"."quantity"), 0)::integer
FROM "users" LEFT JOIN "orders" ON "orders"."user_id" = "users"."id" AND "orders"."status" = 'unpaid'
GROUP BY "users"."id";--> statement-breakpoint
CREATE FUNCTION "order_holds_for_new_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_holds" ("user_id") VALUES (NEW."id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_order_holds" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "order_holds_for_new_user"();--> statement-breakpoint
-- An order holds while its stored status is 'unpaid': counted when it is placed unpaid, released when it
-- leaves 'unpaid' (paid, cancelled, expired) or is removed. A hold past its time counts until the sweep (or
-- an order that needs the room) expires it.
CREATE FUNCTION "order_holds_follow_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 'unpaid' THEN
		UPDATE "order_holds" SET "unpaid_orders" = "unpaid_orders" - 1, "reserved_units" = "reserved_units" - OLD."quantity"
		WHERE "user_id" = OLD."user_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 'unpaid' THEN
		UPDATE "order_holds" SET "unpaid_orders" = "unpaid_orders" + 1, "reserved_units" = "reserved_units" + NEW."quantity"
		WHERE "user_id" = NEW."user_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_order_holds" AFTER INSERT OR DELETE OR UPDATE OF "status", "quantity", "user_id" ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_holds_follow_orders"();
