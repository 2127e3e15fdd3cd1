-- The search index (internal/catalog/search): a derived copy of the
-- catalogue's and the line-up's names, rebuilt per provider when the
-- catalog_version or tv_lineup_version setting moves; the provider's index
-- records the versions it was built from in the settings row
-- search_index:<provider id>. The full-text structure over search_docs is
-- dialect-specific and made by the search package: an FTS5 table per
-- provider on SQLite (search_fts_<provider id>), a tsvector column with a GIN
-- index on PostgreSQL.

-- One row per findable object. Rows are written in popularity order at each
-- rebuild, so id order is rank order and a match ordered by id can stop
-- early. words, stems and keys are space-separated tokens made in Go: folded
-- words, their stems, their transliteration keys.
CREATE TABLE search_docs (
	id            {{id}},
	provider_id   BIGINT NOT NULL,
	-- content, person, channel
	kind          TEXT NOT NULL,
	object_id     BIGINT NOT NULL,
	content_type  TEXT NOT NULL DEFAULT '',
	title         TEXT NOT NULL,
	-- wire slug ("<slug>-<id>" for contents and persons)
	slug          TEXT NOT NULL,
	year          INTEGER NOT NULL DEFAULT 0,
	age           INTEGER NOT NULL DEFAULT 0,
	popularity    BIGINT NOT NULL DEFAULT 0,
	-- not shown to guests (4K channels)
	guest_hidden  BOOLEAN NOT NULL DEFAULT FALSE,
	image         TEXT NOT NULL DEFAULT '',
	-- the whole title and original title, folded, for exact and prefix ranks
	title_norm    TEXT NOT NULL DEFAULT '',
	original_norm TEXT NOT NULL DEFAULT '',
	words         TEXT NOT NULL DEFAULT '',
	stems         TEXT NOT NULL DEFAULT '',
	keys          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX search_docs_provider ON search_docs (provider_id, id);
CREATE INDEX search_docs_title ON search_docs (provider_id, title_norm);
CREATE INDEX search_docs_original ON search_docs (provider_id, original_norm);
CREATE INDEX search_docs_object ON search_docs (object_id);

-- The typo vocabulary: every indexed word of four letters or more under
-- itself and under each of its one-letter deletions (symmetric deletion:
-- a typed word's deletions meet a word one typo away).
CREATE TABLE search_deletes (
	provider_id BIGINT NOT NULL,
	del         TEXT NOT NULL,
	term        TEXT NOT NULL,
	PRIMARY KEY (provider_id, del, term)
);

-- Results viewers chose (POST /v2/search/found): their recent hits, offered
-- when the search box opens empty. Kept to the latest few per profile.
CREATE TABLE search_found (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	profile_id   BIGINT NOT NULL DEFAULT 0,
	text         TEXT NOT NULL DEFAULT '',
	title        TEXT NOT NULL DEFAULT '',
	-- content, person, channel
	kind         TEXT NOT NULL,
	content_type TEXT NOT NULL DEFAULT '',
	object_id    BIGINT NOT NULL,
	created_at   BIGINT NOT NULL
);
CREATE INDEX search_found_recent ON search_found (user_id, profile_id, id);
