ALTER TABLE "images" ADD COLUMN "bytes" integer;--> statement-breakpoint
UPDATE "images" SET "bytes" = octet_length("data");--> statement-breakpoint
ALTER TABLE "images" ALTER COLUMN "bytes" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "images_uploaded_by_created_at_idx" ON "images" USING btree ("uploaded_by","created_at");--> statement-breakpoint
CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");
