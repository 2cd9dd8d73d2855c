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
	CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'order.delivered', 'admin.signed-in'))
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
ALTER TABLE "tools" ADD CONSTRAINT "tools_low_stock_threshold_not_negative" CHECK ("tools"."low_stock_threshold" >= 0);
