-- Search that forgives typos and ranks by relevance (decision 056). Full-text search over a tool's name
-- (weight A) and description (weight B) with English stemming, and trigram similarity of its name for
-- typos ("multimetre", "soldring"). Both are GIN indexes over the tools still in the catalogue, which every
-- search asks for; the full-text expression is repeated exactly by the query (tools/tool-query.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ((setweight(to_tsvector('english'::regconfig, "name"), 'A') || setweight(to_tsvector('english'::regconfig, "description"), 'B'))) WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tools_name_trgm_idx" ON "tools" USING gin ("name" gin_trgm_ops) WHERE "deleted_at" IS NULL;
