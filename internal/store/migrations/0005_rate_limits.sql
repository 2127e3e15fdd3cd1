-- Events of the sliding-window rate limits (package ratelimit): guest
-- creation and phone registrations per address, wrong passwords per login and
-- address... In the database so that every copy of efir counts the same
-- events when no Redis is configured. at and expires_at are unix
-- MILLISECONDS, unlike the other tables: a window answers how long to wait to
-- the millisecond, as the in-process limits it replaces did. key is a byte
-- string: keys carry what clients send (a login), which PostgreSQL TEXT
-- would refuse when it holds a NUL or is not UTF-8.
CREATE TABLE rate_limits (
	bucket     TEXT NOT NULL,
	key        {{blob}} NOT NULL,
	at         BIGINT NOT NULL,
	expires_at BIGINT NOT NULL
);
-- Counting one key's live events walks this index backwards from the newest.
CREATE INDEX rate_limits_key ON rate_limits (bucket, key, at);
-- The periodic sweep deletes expired events of every bucket in one range.
CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
