-- Search that forgives typos and ranks by relevance (decision 056). Full-text search over a tool's name
-- (weight A) and description (weight B) with English stemming, kept in a stored column so that neither
-- matching nor ranking tokenizes a description again, and trigram similarity of its name for typos
-- ("multimetre", "soldring"). Both are GIN indexes over the tools still in the catalogue, which every
-- search asks for.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
