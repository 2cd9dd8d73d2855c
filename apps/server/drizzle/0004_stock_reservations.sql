-- Stock becomes on hand (what the admin counts) and reserved (held by unpaid orders); available = on hand − reserved.
-- Until now an unpaid order took its units out of available_quantity, so they were still on the shelf:
-- on hand = available + the unpaid orders' quantities, and those quantities become reserved.
ALTER TABLE "tools" RENAME COLUMN "available_quantity" TO "on_hand";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tools" SET "reserved" = "held"."quantity", "on_hand" = "tools"."on_hand" + "held"."quantity"
FROM (SELECT "tool_id", sum("quantity")::integer AS "quantity" FROM "orders" WHERE "status" = 'unpaid' GROUP BY "tool_id") AS "held"
WHERE "tools"."id" = "held"."tool_id";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_stock_not_negative";--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_reserved_not_negative" CHECK ("tools"."reserved" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_reserved_within_on_hand" CHECK ("tools"."reserved" <= "tools"."on_hand");--> statement-breakpoint
-- Orders already unpaid get a full hold from now: their customers were never told of a deadline.
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "expires_at" = now() + interval '60 minutes' WHERE "status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'delivered', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unpaid_expires" CHECK ("orders"."status" <> 'unpaid' or "orders"."expires_at" is not null);--> statement-breakpoint
CREATE INDEX "orders_unpaid_expires_at_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "reviews_user_id_created_at_idx" ON "reviews" USING btree ("user_id","created_at");
