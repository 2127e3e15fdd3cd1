-- The provider API (internal/operator/providerapi): an operator's machines
-- call it with a token issued in the console. Only the token's hash is kept;
-- the token itself is shown once, when it is issued.
CREATE TABLE provider_api_tokens (
	id            {{id}},
	provider_id   BIGINT NOT NULL,
	name          TEXT NOT NULL,
	token_hash    TEXT NOT NULL UNIQUE,
	-- calls allowed in any second, hour and day (sliding windows)
	per_second    INTEGER NOT NULL,
	per_hour      INTEGER NOT NULL,
	per_day       INTEGER NOT NULL,
	created_at    BIGINT NOT NULL,
	-- the staff member who issued it
	created_by    BIGINT NOT NULL DEFAULT 0,
	revoked_at    BIGINT NOT NULL DEFAULT 0,
	-- moved at most once a minute, so calls do not write it every time
	last_used_at  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX provider_api_tokens_provider ON provider_api_tokens (provider_id, id);

-- One row per call of an authenticated token (the query string is never
-- kept: it carries the token). Rows older than 30 days are pruned.
CREATE TABLE provider_api_log (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	token_id     BIGINT NOT NULL,
	at           BIGINT NOT NULL,
	method       TEXT NOT NULL,
	path         TEXT NOT NULL,
	status       INTEGER NOT NULL,
	duration_ms  BIGINT NOT NULL,
	ip           TEXT NOT NULL DEFAULT ''
);
CREATE INDEX provider_api_log_provider ON provider_api_log (provider_id, id);
CREATE INDEX provider_api_log_at ON provider_api_log (at);

-- Subscriber fields the provider API reads and writes (the operator's own
-- records: a family name and a note).
ALTER TABLE users ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN comment TEXT NOT NULL DEFAULT '';
