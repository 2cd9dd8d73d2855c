-- `take_stock` (migration 0015) in PL/pgSQL: the same one conditional UPDATE, now planned once per
-- connection. As a SQL function that is not inlined (an UPDATE never is), PostgreSQL parsed and planned
-- its body at every call, for every line of every order and checkout: 36–42 µs a call against 13–14 µs
-- (20,000 calls in one DO block, PostgreSQL 15).
CREATE OR REPLACE FUNCTION "take_stock"("tool_id" uuid, "units" integer)
RETURNS TABLE ("name" text, "price_cents" integer) LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "tools" SET "reserved" = "tools"."reserved" + "units"
	WHERE "tools"."id" = "tool_id" AND "tools"."deleted_at" IS NULL
		AND "tools"."minimum_order" <= "units" AND tool_available("tools"."on_hand", "tools"."reserved") >= "units"
	RETURNING "tools"."name", "tools"."price_cents" INTO "name", "price_cents";
	IF FOUND THEN
		RETURN NEXT;
	END IF;
END
$$;
