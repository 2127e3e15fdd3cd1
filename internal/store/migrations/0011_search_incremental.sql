-- The search index (internal/catalog/search) follows the catalogue by
-- object instead of rebuilding a provider whole at every change.

-- The objects changed since the provider's last refresh. Database triggers
-- append them (installed by the search package: they are procedural, and
-- their SQL differs between SQLite and PostgreSQL), so every writer is
-- covered; a refresh rewrites their documents and deletes the rows it read.
-- Rows are only appended, so no writer ever waits on a refresh.
CREATE TABLE search_dirty (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	-- content, person
	kind        TEXT NOT NULL,
	object_id   BIGINT NOT NULL
);
CREATE INDEX search_dirty_provider ON search_dirty (provider_id, id);

-- Document ids now carry rank order with gaps (a rebuild numbers documents
-- 1024 apart), so a refresh slots a new or re-ranked document between its
-- neighbours: search_docs_rank finds them by popularity. late marks the rows
-- a refresh wrote since the last rebuild: on PostgreSQL they are not in heap
-- order, so a match reads them apart; too many make the next refresh a
-- rebuild.
ALTER TABLE search_docs ADD COLUMN late BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX search_docs_late ON search_docs (provider_id, id) WHERE late;
CREATE INDEX search_docs_rank ON search_docs (provider_id, popularity, id);
