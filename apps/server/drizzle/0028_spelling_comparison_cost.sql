-- What a spelling comparison costs the planner (decision 056, amended). pg_trgm declares its `<%`
-- function as cheap as an integer comparison (COST 1), so for a typo such as "multimetro", whose
-- trigrams many names share, PostgreSQL judged reading all 20,000 tools and comparing each name cheaper
-- than the trigram index: 95 ms a search instead of 27 (bench/catalogue-search.mjs). A comparison
-- scores the trigrams of every word of a name: priced as full-text matching is (COST 100), the planner
-- keeps to the index. A database whose extensions belong to another role refuses the change: the search
-- still works there, only slower, and the warning says why.
DO $$
BEGIN
	ALTER FUNCTION word_similarity_op(text, text) COST 100;
	ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
	RAISE WARNING 'pg_trgm''s functions belong to another role: searches with typos may read the whole catalogue (decision 056)';
END
$$;
