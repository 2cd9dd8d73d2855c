CREATE TABLE "activity_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_name" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.delivered', 'admin.signed-in'))
);
--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_actor_id_idx" ON "activity_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "activity_log_kind_idx" ON "activity_log" USING btree ("kind","id");--> statement-breakpoint
CREATE FUNCTION "activity_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'activity_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_append_only" BEFORE UPDATE OR DELETE ON "activity_log" FOR EACH ROW EXECUTE FUNCTION "activity_log_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "activity_log_no_truncate" BEFORE TRUNCATE ON "activity_log" FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_refuse_change"();--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "low_stock_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_threshold_not_negative" CHECK ("tools"."low_stock_threshold" >= 0);--> statement-breakpoint
CREATE FUNCTION "tools_low_stock_rearm"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Back at or above its low-stock threshold (admin/low-stock.ts): its next fall is a new crossing.
	IF NEW.low_stock_notified_at IS NOT NULL
		AND NEW.on_hand - NEW.reserved >= coalesce(NEW.low_stock_threshold, 2 * NEW.minimum_order) THEN
		NEW.low_stock_notified_at := NULL;
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tools_low_stock_rearm" BEFORE UPDATE OF "on_hand", "reserved", "minimum_order", "low_stock_threshold" ON "tools" FOR EACH ROW EXECUTE FUNCTION "tools_low_stock_rearm"();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
