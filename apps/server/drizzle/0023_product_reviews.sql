-- Ratings and reviews of the tools by their buyers (decision 057). A customer has one review of a tool (a
-- second write replaces it); votes are one per customer and review; each reviewed tool's rating is kept in
-- `tool_ratings` by a trigger that counts only the visible reviews, so that a hidden review leaves the
-- average in the statement that hides it.
CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool_id" uuid NOT NULL REFERENCES "tools"("id"),
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"helpful" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text REFERENCES "users"("id") ON DELETE set null,
	"hidden_reason" text,
	CONSTRAINT "product_reviews_one_per_customer" UNIQUE("tool_id","user_id"),
	CONSTRAINT "product_reviews_rating_range" CHECK ("rating" between 1 and 5),
	CONSTRAINT "product_reviews_helpful_not_negative" CHECK ("helpful" >= 0),
	CONSTRAINT "product_reviews_hidden_has_reason" CHECK (("hidden_at" is null) = ("hidden_reason" is null))
);--> statement-breakpoint
CREATE INDEX "product_reviews_tool_newest_idx" ON "product_reviews" ("tool_id", "updated_at" DESC, "id" DESC) WHERE "hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_tool_helpful_idx" ON "product_reviews" ("tool_id", "helpful" DESC, "updated_at" DESC, "id" DESC) WHERE "hidden_at" is null;--> statement-breakpoint
CREATE INDEX "product_reviews_updated_at_idx" ON "product_reviews" ("updated_at" DESC, "id" DESC);--> statement-breakpoint
CREATE TABLE "product_review_votes" (
	"review_id" uuid NOT NULL REFERENCES "product_reviews"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("review_id", "user_id")
);--> statement-breakpoint
CREATE TABLE "tool_ratings" (
	"tool_id" uuid PRIMARY KEY NOT NULL REFERENCES "tools"("id"),
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"average" numeric(3, 2) GENERATED ALWAYS AS (case when review_count > 0 then round(rating_total::numeric / review_count, 2) end) STORED,
	"stars_1" integer DEFAULT 0 NOT NULL,
	"stars_2" integer DEFAULT 0 NOT NULL,
	"stars_3" integer DEFAULT 0 NOT NULL,
	"stars_4" integer DEFAULT 0 NOT NULL,
	"stars_5" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Recounts the tool's visible reviews after any change of which count or what they say. Its row is locked
-- first: a review written meanwhile by another customer waits, and its own recount, in a later statement,
-- sees this one committed, so no concurrent review is ever left out of the sums.
CREATE FUNCTION "product_reviews_rate_tool"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	reviewed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.tool_id ELSE NEW.tool_id END;
BEGIN
	INSERT INTO tool_ratings (tool_id) VALUES (reviewed) ON CONFLICT (tool_id) DO NOTHING;
	PERFORM 1 FROM tool_ratings WHERE tool_id = reviewed FOR UPDATE;
	UPDATE tool_ratings SET
		review_count = counted.review_count,
		rating_total = counted.rating_total,
		stars_1 = counted.stars_1, stars_2 = counted.stars_2, stars_3 = counted.stars_3,
		stars_4 = counted.stars_4, stars_5 = counted.stars_5
	FROM (
		SELECT count(*)::int AS review_count, coalesce(sum(rating), 0)::int AS rating_total,
			(count(*) FILTER (WHERE rating = 1))::int AS stars_1, (count(*) FILTER (WHERE rating = 2))::int AS stars_2,
			(count(*) FILTER (WHERE rating = 3))::int AS stars_3, (count(*) FILTER (WHERE rating = 4))::int AS stars_4,
			(count(*) FILTER (WHERE rating = 5))::int AS stars_5
		FROM product_reviews WHERE tool_id = reviewed AND hidden_at IS NULL
	) AS counted
	WHERE tool_ratings.tool_id = reviewed;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_reviews_rate_tool" AFTER INSERT OR DELETE OR UPDATE OF "rating", "hidden_at" ON "product_reviews"
	FOR EACH ROW EXECUTE FUNCTION "product_reviews_rate_tool"();--> statement-breakpoint
-- Hiding a review is an admin action, logged with its reason (decision 057).
-- Every kind known so far: those of migration 0021 (categories), which runs before this one, and review hiding.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_known";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.shipped', 'order.delivered', 'settings.shipping', 'product-review.hidden', 'admin.signed-in', 'category.added', 'category.edited', 'category.reordered', 'category.deleted'));
