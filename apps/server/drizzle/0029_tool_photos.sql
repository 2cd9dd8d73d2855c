-- A tool's photos (decision 058): up to eight, in the order the admin gives them. The first is `img`, the
-- column SPEC's clients read; `gallery` holds the others, so a tool without more photos reads as before
-- and every old row is already whole. The database keeps the bound, whatever code path writes the row.
ALTER TABLE "tools" ADD COLUMN "gallery" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_gallery_at_most_seven" CHECK (cardinality("gallery") <= 7);
