-- The streams a subscriber watches at once (internal/streams): one row per
-- stream handed out (a live or catch-up channel, a film or an episode), kept
-- alive by the player's watch reports (PATCH /v2/users/self/stat/{id}). A
-- device counts once however many of its rows are alive; when the
-- operator's stream_limit is passed, the oldest other device's rows stop.
-- Rows are pruned a day after their last report.
CREATE TABLE active_streams (
	id           {{id}},
	user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	device_id    BIGINT NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
	-- the id the player reports with
	stat_id      TEXT NOT NULL UNIQUE,
	-- what is watched: live or archive (item_id a channel), vod (a content)
	kind         TEXT NOT NULL,
	item_id      BIGINT NOT NULL,
	started_at   BIGINT NOT NULL,
	-- handed out or last reported; alive while within the last 90 s
	last_seen_at BIGINT NOT NULL,
	-- 0 while running; else when and why it stopped ('limit')
	stopped_at   BIGINT NOT NULL DEFAULT 0,
	stop_reason  TEXT NOT NULL DEFAULT '',
	-- the limit in force when it stopped, told to the viewer
	stop_limit   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX active_streams_user ON active_streams (user_id, device_id, stopped_at);
CREATE INDEX active_streams_seen ON active_streams (last_seen_at);
