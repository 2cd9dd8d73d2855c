-- Decision 036: an image's bytes are kept as chunks of at most 8 kB per served width (variant 0 is the
-- whole image), so that no single statement moves more than a chunk through PGlite on the server's thread;
-- and every upload an account starts is recorded, so its daily limit counts refused and failed ones and
-- one account decodes one image at a time on every instance.
CREATE TABLE "image_chunks" (
	"image_id" uuid NOT NULL REFERENCES "images"("id") ON DELETE CASCADE,
	"variant" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "image_chunks_pkey" PRIMARY KEY ("image_id", "variant", "seq")
);--> statement-breakpoint
-- Images stored before: their whole bytes become chunks of variant 0; their narrower widths are derived on
-- first read (sharp cannot run in a migration).
INSERT INTO "image_chunks" ("image_id", "variant", "seq", "data")
SELECT "images"."id", 0, "part", substring("images"."data" FROM "part" * 8192 + 1 FOR 8192)
FROM "images", generate_series(0, (octet_length("images"."data") - 1) / 8192) AS "part";--> statement-breakpoint
CREATE TABLE "upload_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"stored_bytes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "upload_attempts_outcome_check" CHECK ("outcome" IN ('stored', 'refused', 'busy')),
	CONSTRAINT "upload_attempts_finished_check" CHECK (("finished_at" IS NULL) = ("outcome" IS NULL))
);--> statement-breakpoint
-- At most one unfinished upload per account: a second one conflicts here, on whichever instance it arrives.
CREATE UNIQUE INDEX "upload_attempts_one_running_idx" ON "upload_attempts" USING btree ("account_id") WHERE "finished_at" IS NULL;--> statement-breakpoint
CREATE INDEX "upload_attempts_account_id_started_at_idx" ON "upload_attempts" USING btree ("account_id", "started_at");--> statement-breakpoint
CREATE INDEX "upload_attempts_started_at_idx" ON "upload_attempts" USING btree ("started_at");--> statement-breakpoint
-- The last day's uploads keep counting against their accounts' limits.
INSERT INTO "upload_attempts" ("account_id", "started_at", "finished_at", "outcome", "stored_bytes")
SELECT "uploaded_by", "created_at", "created_at", 'stored', "bytes"
FROM "images"
WHERE "uploaded_by" IS NOT NULL AND "created_at" > now() - interval '1 day';--> statement-breakpoint
DROP INDEX "images_uploaded_by_created_at_idx";--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "bytes";
