-- The demo catalogue's product reviews (decision 057, amended): written by the seed as SPEC's demo shop
-- reviews are, with no account behind them (a null author, as `reviews.user_id` of a demo review), so that
-- no made-up customer appears among the shop's users and none can sign in. A customer's review still has
-- its author, which the API sets; nulls are distinct, so the one-review-per-customer rule is unchanged.
ALTER TABLE "product_reviews" ALTER COLUMN "user_id" DROP NOT NULL;
