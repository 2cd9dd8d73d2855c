-- "Past its hold", stated once and judged by the database's clock alone (decision 044): an unpaid order
-- whose hold has run out is expired, whether or not the sweep has written it so. Every instance asks the
-- same clock, so two of them never disagree. STABLE (now() is the transaction's start) and plain SQL, so
-- the planner inlines it and the sweep still uses orders_unpaid_expires_at_idx.
CREATE FUNCTION "order_past_hold"("status" text, "expires_at" timestamptz) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT "status" = 'unpaid' AND "expires_at" <= now() $$;
