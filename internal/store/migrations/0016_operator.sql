-- The operator side: staff of the console, their sessions and set-up links,
-- and the audit log of every change made by staff or the provider API.

-- A staff member works for one operator (provider_id), or for the platform
-- (provider_id NULL: a platform administrator who sees every operator).
CREATE TABLE staff (
	id              {{id}},
	provider_id     BIGINT,
	email           TEXT NOT NULL UNIQUE,
	name            TEXT NOT NULL DEFAULT '',
	role            TEXT NOT NULL,
	-- argon2id; '' until the set-up link is followed
	password_hash   TEXT NOT NULL DEFAULT '',
	-- the authenticator's secret, sealed (AES-GCM) with the server's key
	totp_secret     TEXT NOT NULL DEFAULT '',
	totp_enabled    BOOLEAN NOT NULL DEFAULT FALSE,
	-- the last time step whose code was accepted: a code works once
	totp_last_step  BIGINT NOT NULL DEFAULT 0,
	-- the demo's administrator only (set by the seed, never by the console)
	totp_exempt     BOOLEAN NOT NULL DEFAULT FALSE,
	failed_logins   INTEGER NOT NULL DEFAULT 0,
	locked_until    BIGINT NOT NULL DEFAULT 0,
	disabled_at     BIGINT NOT NULL DEFAULT 0,
	created_at      BIGINT NOT NULL,
	last_login_at   BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX staff_provider ON staff (provider_id, email);

-- One-time recovery codes of the second factor, hashed.
CREATE TABLE staff_recovery_codes (
	staff_id   BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
	code_hash  TEXT NOT NULL,
	used_at    BIGINT NOT NULL DEFAULT 0,
	PRIMARY KEY (staff_id, code_hash)
);

-- A console session (cookie) or a sign-in half done (kind 'challenge': the
-- password was right, the second factor is next). Only hashes are kept.
CREATE TABLE staff_sessions (
	id               {{id}},
	token_hash       TEXT NOT NULL UNIQUE,
	staff_id         BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
	kind             TEXT NOT NULL,
	csrf_token       TEXT NOT NULL DEFAULT '',
	-- the operator a platform administrator works on
	provider_id      BIGINT,
	-- an authenticator being enrolled, sealed, until its first code confirms it
	pending_totp     TEXT NOT NULL DEFAULT '',
	ip               TEXT NOT NULL DEFAULT '',
	user_agent       TEXT NOT NULL DEFAULT '',
	created_at       BIGINT NOT NULL,
	last_seen_at     BIGINT NOT NULL,
	expires_at       BIGINT NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

-- One-time set-up links (an invitation, or a reset of password and factor).
CREATE TABLE staff_setup_links (
	token_hash  TEXT PRIMARY KEY,
	staff_id    BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
	created_at  BIGINT NOT NULL,
	expires_at  BIGINT NOT NULL,
	used_at     BIGINT NOT NULL DEFAULT 0
);

-- Every change made in the console or through the provider API.
CREATE TABLE audit_log (
	id           {{id}},
	provider_id  BIGINT,
	at           BIGINT NOT NULL,
	actor_kind   TEXT NOT NULL,
	actor_id     BIGINT NOT NULL DEFAULT 0,
	actor        TEXT NOT NULL DEFAULT '',
	ip           TEXT NOT NULL DEFAULT '',
	action       TEXT NOT NULL,
	object_type  TEXT NOT NULL DEFAULT '',
	object_id    TEXT NOT NULL DEFAULT '',
	before_json  TEXT NOT NULL DEFAULT '',
	after_json   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_provider ON audit_log (provider_id, id);
CREATE INDEX audit_log_object ON audit_log (provider_id, object_type, object_id);

-- An operator may block a subscriber: no sign-in, no stream.
ALTER TABLE users ADD COLUMN blocked_at BIGINT NOT NULL DEFAULT 0;
