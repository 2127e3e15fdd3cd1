package search

// findFunctionName carries a version: a changed signature is a new function.
const findFunctionName = "search_find_1"

// findFunction is the whole of a PostgreSQL search step as one function, so
// a suggestion costs one round trip (on a busy machine each round trip is a
// wait for the scheduler, on both sides) and the planner settings it needs
// hold for its statements only, without a transaction around them.
//
// The steps: the documents whose whole name is one of p_names (a rare title
// must not be lost behind a window of more popular partial matches; two
// look-ups, since with an OR the planner scans the provider's documents).
// Then, for a text of short prefixes only (p_walk > 0), the most popular
// documents in id order: they are full of its matches, so the walk fills
// the window where a bitmap would first collect every match. Then the GIN
// bitmap: it reads the heap in block order, and a rebuild writes documents
// in rank order, so without an ORDER BY the LIMIT stops the scan early at
// (nearly) the most popular matches; sequential and id-ordered scans are
// off, as is parallelism (which would lose the order), so the planner never
// tests every document instead. With a one-letter prefix the index is asked
// for the narrowed query (p_narrow) and the whole one is checked on each
// row found (adding an empty tsvector keeps the planner from asking the index
// for it too).
// Last, the rows a refresh wrote since the last rebuild (late): they sit
// wherever the heap had room, so they are read apart, through a partial
// index (a refresh keeps them few).
//
// Filter: p_age (NULL: any) is the highest age, p_guest hides guest_hidden,
// p_kinds (NULL: all) and p_type (empty: any) as in Filter.
const findFunction = `CREATE OR REPLACE FUNCTION ` + findFunctionName + `(p_provider bigint, p_names text[],
	p_match tsquery, p_narrow tsquery, p_walk int, p_limit int, p_exact int,
	p_age int, p_guest boolean, p_kinds text[], p_type text)
RETURNS SETOF search_docs LANGUAGE plpgsql STABLE ROWS 100
SET enable_seqscan = off SET enable_indexscan = on SET max_parallel_workers_per_gather = 0 SET jit = off
AS $fn$
DECLARE
	v_n bigint := 0;
	v_last bigint := 0;
BEGIN
	IF p_names IS NOT NULL THEN
		RETURN QUERY (SELECT d.* FROM search_docs d WHERE d.provider_id = p_provider AND d.title_norm = ANY (p_names)
				AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
				AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type)
			UNION ALL SELECT d.* FROM search_docs d WHERE d.provider_id = p_provider AND d.original_norm = ANY (p_names)
				AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
				AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type))
			LIMIT p_exact;
	END IF;
	IF p_match IS NULL THEN
		RETURN;
	END IF;
	IF p_walk > 0 THEN
		RETURN QUERY SELECT d.* FROM (SELECT * FROM search_docs WHERE provider_id = p_provider ORDER BY id LIMIT p_walk) d
			WHERE d.tsv @@ p_match
				AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
				AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type)
			ORDER BY d.id LIMIT p_limit;
		GET DIAGNOSTICS v_n = ROW_COUNT;
		IF v_n >= p_limit THEN
			RETURN;
		END IF;
		SELECT COALESCE(MAX(w.id), 0) INTO v_last
			FROM (SELECT id FROM search_docs WHERE provider_id = p_provider ORDER BY id LIMIT p_walk) w;
	END IF;
	PERFORM set_config('enable_indexscan', 'off', true);
	IF p_narrow IS NULL THEN
		RETURN QUERY SELECT d.* FROM search_docs d WHERE d.tsv @@ p_match AND d.id > v_last AND d.provider_id = p_provider
				AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
				AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type)
			LIMIT p_limit - v_n;
	ELSE
		RETURN QUERY SELECT d.* FROM search_docs d WHERE d.tsv @@ p_narrow AND (d.tsv || ''::tsvector) @@ p_match
				AND d.id > v_last AND d.provider_id = p_provider
				AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
				AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type)
			LIMIT p_limit - v_n;
	END IF;
	RETURN QUERY SELECT d.* FROM search_docs d WHERE d.late AND d.provider_id = p_provider AND d.id > v_last
			AND (d.tsv || ''::tsvector) @@ p_match
			AND (p_age IS NULL OR d.age <= p_age) AND NOT (p_guest AND d.guest_hidden)
			AND (p_kinds IS NULL OR d.kind = ANY (p_kinds)) AND (p_type = '' OR d.kind <> 'content' OR d.content_type = p_type)
		ORDER BY d.id LIMIT p_limit;
END
$fn$`
