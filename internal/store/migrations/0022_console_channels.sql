-- The console's channels section: alternative sources of a channel (an M3U
-- import with several entries of one tvg-id), uploaded logos, blackouts,
-- and guide sources fetched on a schedule with their last report.

-- Every address a channel has. channels.source_url stays the one viewers
-- are given (the first playable one); the others are kept as alternatives.
-- playable is false for addresses that are not HLS (DASH, rtmp, udp, a bare
-- host:port): they are never offered to viewers.
CREATE TABLE channel_sources (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	channel_id  BIGINT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
	url         TEXT NOT NULL,
	playable    BOOLEAN NOT NULL DEFAULT TRUE,
	-- why an address is not playable ('dash', 'rtmp', 'udp', 'bare', 'scheme')
	problem     TEXT NOT NULL DEFAULT '',
	sort        INTEGER NOT NULL DEFAULT 0,
	created_at  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX channel_sources_channel ON channel_sources (channel_id, sort);

-- A logo uploaded in the console, served at /v2/channels/{id}/logo
-- (channels.logo_url points there with the logo's version).
CREATE TABLE channel_logos (
	channel_id   BIGINT PRIMARY KEY REFERENCES channels (id) ON DELETE CASCADE,
	provider_id  BIGINT NOT NULL,
	content_type TEXT NOT NULL,
	data         {{blob}} NOT NULL,
	version      TEXT NOT NULL,
	updated_at   BIGINT NOT NULL
);

-- Time ranges of a channel that cannot be replayed: the guide's programmes
-- overlapping them lose their catch-up (the players' blackouts), also after
-- every later guide import.
CREATE TABLE channel_blackouts (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	channel_id  BIGINT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
	start_at    BIGINT NOT NULL,
	end_at      BIGINT NOT NULL,
	reason      TEXT NOT NULL DEFAULT '',
	created_at  BIGINT NOT NULL
);
CREATE INDEX channel_blackouts_channel ON channel_blackouts (channel_id, start_at);

-- An XMLTV guide fetched by address every every_hours hours (and on
-- demand). The last import's report is kept as JSON.
CREATE TABLE guide_sources (
	id            {{id}},
	provider_id   BIGINT NOT NULL,
	url           TEXT NOT NULL,
	every_hours   INTEGER NOT NULL DEFAULT 12,
	enabled       BOOLEAN NOT NULL DEFAULT TRUE,
	next_fetch_at BIGINT NOT NULL DEFAULT 0,
	-- '' never fetched, 'running', 'ok', 'failed'
	last_status   TEXT NOT NULL DEFAULT '',
	last_error    TEXT NOT NULL DEFAULT '',
	last_fetch_at BIGINT NOT NULL DEFAULT 0,
	last_report   TEXT NOT NULL DEFAULT '',
	created_at    BIGINT NOT NULL
);
CREATE INDEX guide_sources_provider ON guide_sources (provider_id, id);
CREATE INDEX guide_sources_due ON guide_sources (enabled, next_fetch_at);
