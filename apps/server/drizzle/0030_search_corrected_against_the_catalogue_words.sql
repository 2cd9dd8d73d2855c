-- Typos corrected against the catalogue's own words, a match priced as it costs, and the catalogue's
-- sorts read from indexes (decision 065). A search used to compare its words with every candidate tool's
-- name (pg_trgm's `<%`, then `word_similarity` to rank): 6 µs a name, so a search matching 6,000 of 20,000
-- tools took 90 ms. This is pg_trgm's documented pattern instead: a table of the distinct words of the
-- catalogue's names, kept by triggers; each word of a search that is not one of them is replaced by the
-- nearest that is (Levenshtein distance 1 for a word of 4–5 letters, 2 for a longer one, found through a
-- trigram index), and the corrected search is matched and ranked by the full-text index alone.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
-- A text's distinct words as a search corrects them: lower case, each holding a letter (a model number is
-- no word to correct towards), split where the full-text parser splits ("ESD-safe": "esd", "safe").
CREATE FUNCTION catalogue_words(source text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT word FROM regexp_split_to_table(lower(source), '[^[:alnum:]]+') AS word WHERE word ~ '[[:alpha:]]'
$$;--> statement-breakpoint
-- Each word of the catalogue's names, with how many tools in the catalogue have it: a word goes when its
-- last tool is renamed or deleted, so a search is never corrected towards a word nothing has.
CREATE TABLE "catalogue_name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"tools" integer NOT NULL,
	CONSTRAINT "catalogue_name_words_tools_positive" CHECK ("tools" > 0)
);--> statement-breakpoint
CREATE INDEX "catalogue_name_words_trgm_idx" ON "catalogue_name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "catalogue_name_words" ("word", "tools")
	SELECT word, count(*) FROM "tools", catalogue_words("name") AS word WHERE "deleted_at" IS NULL GROUP BY word;--> statement-breakpoint
-- Counts the words of `names` in (`change` 1) or out (-1). In the order of the words, so that two writes
-- of the same words lock them in the same order.
CREATE FUNCTION count_catalogue_name_words(names text[], change integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF change > 0 THEN
		INSERT INTO catalogue_name_words (word, tools)
			SELECT word, count(*) FROM unnest(names) AS name, catalogue_words(name) AS word GROUP BY word ORDER BY word
			ON CONFLICT (word) DO UPDATE SET tools = catalogue_name_words.tools + excluded.tools;
	ELSE
		DELETE FROM catalogue_name_words AS kept USING (
			SELECT word, count(*) AS tools FROM unnest(names) AS name, catalogue_words(name) AS word GROUP BY word
		) AS gone WHERE kept.word = gone.word AND kept.tools <= gone.tools;
		UPDATE catalogue_name_words AS kept SET tools = kept.tools - gone.tools FROM (
			SELECT word, count(*) AS tools FROM unnest(names) AS name, catalogue_words(name) AS word GROUP BY word
		) AS gone WHERE kept.word = gone.word;
	END IF;
END
$$;--> statement-breakpoint
-- Tools added or removed a statement at a time (a bulk load of 20,000 counts its words in one upsert).
CREATE FUNCTION tools_count_added_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_catalogue_name_words(ARRAY(SELECT name FROM added WHERE deleted_at IS NULL), 1);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION tools_count_removed_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_catalogue_name_words(ARRAY(SELECT name FROM removed WHERE deleted_at IS NULL), -1);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_count_added_name_words" AFTER INSERT ON "tools" REFERENCING NEW TABLE AS added
	FOR EACH STATEMENT EXECUTE FUNCTION tools_count_added_name_words();--> statement-breakpoint
CREATE TRIGGER "tools_count_removed_name_words" AFTER DELETE ON "tools" REFERENCING OLD TABLE AS removed
	FOR EACH STATEMENT EXECUTE FUNCTION tools_count_removed_name_words();--> statement-breakpoint
-- A rename or a deletion, a row at a time: PostgreSQL keeps no transition table for a trigger on some
-- columns only, and one on every update would cost each order's stock update a copy of its rows.
CREATE FUNCTION tools_count_renamed_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.deleted_at IS NULL THEN
		PERFORM count_catalogue_name_words(ARRAY[OLD.name], -1);
	END IF;
	IF NEW.deleted_at IS NULL THEN
		PERFORM count_catalogue_name_words(ARRAY[NEW.name], 1);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tools_count_renamed_name_words" AFTER UPDATE OF "name", "deleted_at" ON "tools"
	FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
	EXECUTE FUNCTION tools_count_renamed_name_words();--> statement-breakpoint
-- What a search `q` matches (websearch_to_tsquery's syntax: quotes, or, -word), or its spelling corrected
-- word by word against the catalogue's names. The shop calls it once a search, and sends what it answers
-- to the statements that match and rank.
CREATE FUNCTION catalogue_search_query(q text) RETURNS tsquery LANGUAGE plpgsql STABLE AS $$
DECLARE
	corrected text := q;
	typed text;
	nearest text;
BEGIN
	FOR typed IN SELECT catalogue_words(q) LOOP
		CONTINUE WHEN length(typed) < 4 OR EXISTS (SELECT FROM catalogue_name_words WHERE word = typed);
		-- `%` (trigram similarity above pg_trgm's default 0.3) finds the candidates through the index.
		SELECT word INTO nearest FROM catalogue_name_words
			WHERE word % typed AND levenshtein(typed, word) <= CASE WHEN length(typed) < 6 THEN 1 ELSE 2 END
			ORDER BY levenshtein(typed, word), similarity(typed, word) DESC, word
			LIMIT 1;
		IF FOUND THEN
			corrected := regexp_replace(corrected, '\m' || typed || '\M', nearest, 'gi');
		END IF;
	END LOOP;
	IF corrected = q THEN
		RETURN websearch_to_tsquery('english', q);
	END IF;
	RETURN websearch_to_tsquery('english', q) || websearch_to_tsquery('english', corrected);
END
$$;--> statement-breakpoint
-- What matching a row costs, priced for the planner as 0028 priced pg_trgm's comparison. PostgreSQL
-- declares a name's ILIKE and a vector's `@@` as cheap as adding two integers (COST 1); measured on the
-- bench's 20,000 tools, an ILIKE costs about fifty times that (it lowers the name first) and `@@` about
-- five. Underpriced, the planner read all 20,000 rows for a search that 6 % of them match (20–40 ms)
-- rather than the two search indexes (5–9 ms). A database whose catalog belongs to another role refuses
-- the change: searches still work there, only slower, and the warning says why.
DO $$
BEGIN
	ALTER FUNCTION pg_catalog.texticlike(text, text) COST 50;
	ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) COST 5;
EXCEPTION WHEN insufficient_privilege THEN
	RAISE WARNING 'PostgreSQL''s ILIKE and @@ belong to another role: a search may read the whole catalogue (decision 065)';
END
$$;--> statement-breakpoint
-- The catalogue's sorts as indexes of the tools in it, so that a page of a filtered list reads its rows in
-- order and stops, rather than sorting the whole catalogue (the "in stock" filter is checked on the way:
-- an index over stock would cost every order's update its HOT path).
CREATE INDEX "tools_price_order_idx" ON "tools" ("price_cents", lower("name"), "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tools_name_order_idx" ON "tools" (lower("name"), "id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tools_created_order_idx" ON "tools" ("created_at", "id") WHERE "deleted_at" IS NULL;
