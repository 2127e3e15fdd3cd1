-- Live TV: packets (the commerce area extends them), channels, categories,
-- programmes and the schedule (EPG), subscriptions that grant packets,
-- favourites. Times are unix seconds (UTC); money is integer minor units.

CREATE TABLE packets (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	name        TEXT NOT NULL,
	short       TEXT NOT NULL DEFAULT '',
	description TEXT NOT NULL DEFAULT '',
	price       BIGINT NOT NULL DEFAULT 0,
	currency    TEXT NOT NULL DEFAULT '',
	period_days INTEGER NOT NULL DEFAULT 30,
	is_base     BOOLEAN NOT NULL DEFAULT FALSE,
	-- a free packet is granted to everybody, guests included
	is_free     BOOLEAN NOT NULL DEFAULT FALSE,
	is_hidden   BOOLEAN NOT NULL DEFAULT FALSE,
	sort        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX packets_provider ON packets (provider_id, sort);

CREATE TABLE channels (
	id               {{id}},
	provider_id      BIGINT NOT NULL,
	slug             TEXT NOT NULL,
	name             TEXT NOT NULL,
	description      TEXT NOT NULL DEFAULT '',
	-- position in the line-up (channel number)
	number           INTEGER NOT NULL DEFAULT 0,
	-- age rating: 0, 6, 12, 16, 18
	age              INTEGER NOT NULL DEFAULT 0,
	is_free          BOOLEAN NOT NULL DEFAULT FALSE,
	is_hidden        BOOLEAN NOT NULL DEFAULT FALSE,
	is_fixed         BOOLEAN NOT NULL DEFAULT FALSE,
	is_4k            BOOLEAN NOT NULL DEFAULT FALSE,
	is_hd            BOOLEAN NOT NULL DEFAULT FALSE,
	-- 'loop': a local HLS asset (media/…/<source_url>) played on the wall clock;
	-- 'hls': an upstream live HLS address, catch-up through catchup_template
	source_type      TEXT NOT NULL DEFAULT 'loop',
	source_url       TEXT NOT NULL DEFAULT '',
	-- e.g. '{url}/index-{start}-{duration}.m3u8' or '{url}?utc={start}'; '' means
	-- the source keeps no archive of its own
	catchup_template TEXT NOT NULL DEFAULT '',
	archived_days    INTEGER NOT NULL DEFAULT 0,
	-- XMLTV channel id / M3U tvg-id the guide import matches by
	epg_id           TEXT NOT NULL DEFAULT '',
	logo_url         TEXT NOT NULL DEFAULT '',
	bg_url           TEXT NOT NULL DEFAULT '',
	color_bg         TEXT NOT NULL DEFAULT '',
	overlay_icon     TEXT NOT NULL DEFAULT '',
	created_at       BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX channels_provider_slug ON channels (provider_id, slug);
CREATE INDEX channels_provider_number ON channels (provider_id, number);
CREATE INDEX channels_provider_epg ON channels (provider_id, epg_id);

-- Category ids are the spec's numbers (32 all channels, 22 children, 17
-- fallback...), so they are unique per provider, not globally.
CREATE TABLE categories (
	provider_id      BIGINT NOT NULL,
	id               BIGINT NOT NULL,
	slug             TEXT NOT NULL,
	name             TEXT NOT NULL,
	short            TEXT NOT NULL DEFAULT '',
	sort             INTEGER NOT NULL DEFAULT 0,
	tag_all_channels BOOLEAN NOT NULL DEFAULT FALSE,
	tag_startup      BOOLEAN NOT NULL DEFAULT FALSE,
	tag_is_adult     BOOLEAN NOT NULL DEFAULT FALSE,
	PRIMARY KEY (provider_id, id)
);

CREATE TABLE channel_categories (
	provider_id BIGINT NOT NULL,
	category_id BIGINT NOT NULL,
	channel_id  BIGINT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
	sort        INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (provider_id, category_id, channel_id)
);
CREATE INDEX channel_categories_channel ON channel_categories (channel_id);

CREATE TABLE packet_channels (
	packet_id  BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	channel_id BIGINT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
	PRIMARY KEY (packet_id, channel_id)
);
CREATE INDEX packet_channels_channel ON packet_channels (channel_id);

-- A user's packets. The commerce area fills it by purchases; until then the
-- operator or the demo seed grants rows (source 'grant' / 'demo').
CREATE TABLE subscriptions (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	packet_id  BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	start_at   BIGINT NOT NULL,
	-- 0: no end
	end_at     BIGINT NOT NULL DEFAULT 0,
	source     TEXT NOT NULL DEFAULT 'grant',
	created_at BIGINT NOT NULL
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, end_at);

-- A programme (telecast) that schedule entries show; content_id links it to
-- the catalogue later.
CREATE TABLE programs (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	title       TEXT NOT NULL,
	description TEXT NOT NULL DEFAULT '',
	-- JSON array of genre names
	genres      TEXT NOT NULL DEFAULT '[]',
	-- JSON array of country names
	countries   TEXT NOT NULL DEFAULT '[]',
	year        INTEGER NOT NULL DEFAULT 0,
	age         INTEGER NOT NULL DEFAULT 0,
	image_url   TEXT NOT NULL DEFAULT '',
	content_id  BIGINT,
	-- identity of the programme in the guide source (XMLTV title + channel)
	epg_key     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX programs_provider_key ON programs (provider_id, epg_key);

CREATE TABLE schedule (
	id                   {{id}},
	channel_id           BIGINT NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
	program_id           BIGINT REFERENCES programs (id) ON DELETE SET NULL,
	title                TEXT NOT NULL,
	description          TEXT NOT NULL DEFAULT '',
	-- planned start and length
	start_at             BIGINT NOT NULL,
	duration             INTEGER NOT NULL,
	-- as broadcast (equal to the planned ones unless the source says otherwise)
	real_start_at        BIGINT NOT NULL,
	real_duration        INTEGER NOT NULL,
	season               INTEGER NOT NULL DEFAULT 0,
	series               INTEGER NOT NULL DEFAULT 0,
	episode_title        TEXT NOT NULL DEFAULT '',
	age                  INTEGER NOT NULL DEFAULT 0,
	motion_rating        TEXT NOT NULL DEFAULT '',
	-- JSON array of category names from the guide
	categories           TEXT NOT NULL DEFAULT '[]',
	image_url            TEXT NOT NULL DEFAULT '',
	is_catchup_available BOOLEAN NOT NULL DEFAULT TRUE,
	is_announcement      BOOLEAN NOT NULL DEFAULT FALSE,
	content_id           BIGINT
);
CREATE UNIQUE INDEX schedule_channel_start ON schedule (channel_id, start_at);
CREATE INDEX schedule_program ON schedule (program_id, start_at);

-- Favourites of a profile: kind 'channel', 'program', 'content' or 'person'.
CREATE TABLE favorites (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	profile_id BIGINT NOT NULL DEFAULT 0,
	kind       TEXT NOT NULL,
	object_id  BIGINT NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX favorites_object ON favorites (user_id, profile_id, kind, object_id);
