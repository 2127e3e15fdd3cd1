-- Analytics of the viewer's pages (engage/analytics): the events the client
-- sends in batches, one compact row each (small integer codes; a text only
-- for the rare events that carry one: a template's part, an error, an ad).
-- Rows are kept for the operator's stat_retention_days; the counts per day
-- stay for the dashboard.
CREATE TABLE analytics_events (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	-- event, page, playback start, update, error, 5-minute watch, ad (analytics/codes.go)
	kind        SMALLINT NOT NULL,
	-- the event's name (events, ads) or the playback's start type
	name        SMALLINT NOT NULL,
	-- the metrics user state: not_login, guest, full_payment, promo, free
	state       SMALLINT NOT NULL,
	-- 0: not signed in
	user_id     BIGINT NOT NULL,
	-- the channel or content (0: none)
	object_id   BIGINT NOT NULL,
	-- seconds watched, position, error code or the ad's number
	value       BIGINT NOT NULL,
	detail      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX analytics_events_provider_created ON analytics_events (provider_id, created_at);

-- Events per operator, UTC day, kind, name and user state.
CREATE TABLE analytics_daily (
	provider_id BIGINT NOT NULL,
	day         BIGINT NOT NULL,
	kind        SMALLINT NOT NULL,
	name        SMALLINT NOT NULL,
	state       SMALLINT NOT NULL,
	events      BIGINT NOT NULL,
	PRIMARY KEY (provider_id, day, kind, name, state)
);

-- Errors the viewer's pages report (besides a Sentry-compatible service of
-- the operator's), kept for the operator's stat_retention_days too.
CREATE TABLE client_errors (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	user_id     BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	-- error, rejection or request
	kind        TEXT NOT NULL,
	message     TEXT NOT NULL,
	page        TEXT NOT NULL,
	status      INTEGER NOT NULL,
	stack       TEXT NOT NULL,
	app_version TEXT NOT NULL
);
CREATE INDEX client_errors_provider_created ON client_errors (provider_id, created_at);
