-- Mails are written in the transaction of the change that causes them and sent by a worker in every server
-- process (mail/outbox.ts, decision 037): a row is claimed with FOR UPDATE SKIP LOCKED and leased by moving
-- next_attempt_at past the send; a sent mail's row is deleted, a failed one is due again after a backoff.
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "failed_at" IS NULL;--> statement-breakpoint
-- The low-stock mail is re-armed by an admin (a restock raising on-hand stock, or a new threshold or
-- minimum order); a tool back above its threshold by a customer's cancel or an expiry only records when it
-- came back, and is claimed again at most a day after its last mail (admin/low-stock.ts).
ALTER TABLE "tools" ADD COLUMN "low_stock_recovered_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tools_low_stock_rearm"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.low_stock_notified_at IS NOT NULL
		AND NEW.on_hand - NEW.reserved >= coalesce(NEW.low_stock_threshold, 2 * NEW.minimum_order) THEN
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
