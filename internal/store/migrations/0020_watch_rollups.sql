-- Watch reports rolled up, and the operator's dashboard counted ahead. A
-- player reports every 30 s (about 285 million reports a day at 100 000
-- viewers), so a row per report kept forever does not scale: every report
-- now also adds to the roll-ups below (identity/watch*.go), which the
-- dashboard reads, and the raw rows (watch_stats) are kept only for the
-- operator's stat_retention_days.

-- The raw rows carry their operator, so that one operator's retention prune
-- is a range of an index. Rows written before have 0 and follow the default
-- retention.
ALTER TABLE watch_stats ADD COLUMN provider_id BIGINT NOT NULL DEFAULT 0;
CREATE INDEX watch_stats_provider_created ON watch_stats (provider_id, created_at);

-- Seconds watched per viewer, object (a channel, or a content: a film or an
-- episode) and unix day (UTC).
CREATE TABLE watch_daily (
	user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	-- channel or content
	object_kind TEXT NOT NULL,
	object_id   BIGINT NOT NULL,
	day         BIGINT NOT NULL,
	seconds     BIGINT NOT NULL,
	PRIMARY KEY (user_id, object_kind, object_id, day)
);

-- Seconds watched per operator and day, for the dashboard's watch hours
-- without summing every viewer's row. Reports add to the row of their
-- viewer's shard (user id mod 16), so that writers on PostgreSQL do not all
-- wait for one row.
CREATE TABLE watch_totals (
	provider_id BIGINT NOT NULL,
	day         BIGINT NOT NULL,
	shard       INTEGER NOT NULL,
	seconds     BIGINT NOT NULL,
	PRIMARY KEY (provider_id, day, shard)
);

-- The latest report of each viewer and object, and of each viewer
-- (object_kind ''), pruned after minutes of silence. The writer reads back
-- previous_at (the report the latest replaced) in the statement that writes
-- it, to move the viewer in watch_now.
CREATE TABLE watch_live (
	user_id     BIGINT NOT NULL,
	object_kind TEXT NOT NULL,
	object_id   BIGINT NOT NULL,
	provider_id BIGINT NOT NULL,
	reported_at BIGINT NOT NULL,
	previous_at BIGINT NOT NULL DEFAULT 0,
	PRIMARY KEY (user_id, object_kind, object_id)
);

-- "Watching now" counted ahead: each viewer counts once, in the 10-second
-- slot of their latest report, per object and (object_kind '') for the
-- operator as a whole. A report moves its viewer from the slot of their
-- previous report to its own, so the viewers of the last 90 s are the sum of
-- the last slots: a read of a few rows per object instead of a distinct
-- count over every viewer.
CREATE TABLE watch_now (
	provider_id BIGINT NOT NULL,
	slot        BIGINT NOT NULL,
	object_kind TEXT NOT NULL,
	object_id   BIGINT NOT NULL,
	viewers     BIGINT NOT NULL,
	PRIMARY KEY (provider_id, slot, object_kind, object_id)
);

-- The dashboard's series counted per bucket (a UTC day or hour) by a job
-- (operator/dashboard_facts.go): sign_ups, churn, revenue (item: currency)
-- and active (item: packet id). Counting reads every subscription, so it is
-- done ahead, not on each read. A bucket is counted again until a week
-- after its end.
CREATE TABLE dashboard_facts (
	provider_id BIGINT NOT NULL,
	bucket      TEXT NOT NULL,
	start_at    BIGINT NOT NULL,
	metric      TEXT NOT NULL,
	item        TEXT NOT NULL,
	value       BIGINT NOT NULL,
	PRIMARY KEY (provider_id, bucket, start_at, metric, item)
);

-- Which buckets are counted, and when last.
CREATE TABLE dashboard_counted (
	provider_id BIGINT NOT NULL,
	bucket      TEXT NOT NULL,
	start_at    BIGINT NOT NULL,
	counted_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, bucket, start_at)
);

-- The counting reads sign-ups, payments and subscriptions of one operator
-- over a time range; these indexes keep each read a range.
CREATE INDEX users_provider_joined ON users (provider_id, date_joined);
CREATE INDEX payments_provider_created ON payments (provider_id, created_at);
CREATE INDEX subscriptions_packet_end ON subscriptions (packet_id, end_at);
