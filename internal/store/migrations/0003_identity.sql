-- Viewers, their devices, access tokens, profiles, messages and accounts.
-- Times are unix seconds (UTC). Secrets (password, PIN, tokens) only as hashes.
CREATE TABLE users (
	id                    {{id}},
	provider_id           BIGINT NOT NULL,
	username              TEXT NOT NULL UNIQUE,
	password_hash         TEXT,
	phone                 TEXT,
	is_guest              BOOLEAN NOT NULL DEFAULT FALSE,
	first_name            TEXT NOT NULL DEFAULT '',
	email                 TEXT,
	timezone              TEXT NOT NULL DEFAULT 'Europe/Moscow',
	date_joined           BIGINT NOT NULL,
	refer_id              TEXT NOT NULL DEFAULT '',
	device_limit          INTEGER,
	provider_uid          TEXT NOT NULL DEFAULT '',
	auto_auth_network     TEXT NOT NULL DEFAULT '',
	settings              TEXT NOT NULL DEFAULT '{}',
	parental_status       TEXT NOT NULL DEFAULT 'notset',
	parental_code_hash    TEXT,
	parental_failures     INTEGER NOT NULL DEFAULT 0,
	parental_locked_until BIGINT NOT NULL DEFAULT 0,
	-- last PIN reset by SMS (POST /v2/users/self/parental_code/send), for its rate limit
	parental_sent_at      BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX users_provider_phone ON users (provider_id, phone);
CREATE UNIQUE INDEX users_provider_email ON users (provider_id, email);

CREATE TABLE devices (
	id                {{id}},
	user_id           BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	serial            TEXT NOT NULL DEFAULT '',
	device_type       TEXT NOT NULL DEFAULT 'pc',
	vendor            TEXT NOT NULL DEFAULT '',
	model             TEXT NOT NULL DEFAULT '',
	version           TEXT NOT NULL DEFAULT '',
	os_name           TEXT NOT NULL DEFAULT '',
	os_version        TEXT NOT NULL DEFAULT '',
	application_type  TEXT NOT NULL DEFAULT '',
	settings          TEXT NOT NULL DEFAULT '{}',
	parental_settings TEXT NOT NULL DEFAULT '{}',
	notification      TEXT NOT NULL DEFAULT '',
	-- The active profile of the device: a re-issued token keeps it. No foreign
	-- key (profiles come later in this file); readers join profiles anyway.
	profile_id        BIGINT,
	created_at        BIGINT NOT NULL,
	login_at          BIGINT NOT NULL
);
CREATE INDEX devices_user ON devices (user_id, login_at);

CREATE TABLE profiles (
	id             {{id}},
	user_id        BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	name           TEXT NOT NULL,
	role           TEXT NOT NULL DEFAULT 'adult',
	icon_avatar_id INTEGER NOT NULL DEFAULT 1,
	type           TEXT NOT NULL DEFAULT 'regular',
	created_at     BIGINT NOT NULL
);
CREATE INDEX profiles_user ON profiles (user_id, id);

-- A token is issued by login (device_id NULL: it may only register a device)
-- or by device authentication (bound to a device and its active profile).
CREATE TABLE tokens (
	id                  {{id}},
	hash                TEXT NOT NULL UNIQUE,
	user_id             BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	device_id           BIGINT REFERENCES devices (id) ON DELETE CASCADE,
	profile_id          BIGINT REFERENCES profiles (id) ON DELETE SET NULL,
	issued_at           BIGINT NOT NULL,
	expires_at          BIGINT NOT NULL,
	parental_pass_until BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tokens_user ON tokens (user_id);
CREATE INDEX tokens_device ON tokens (device_id);
CREATE INDEX tokens_expires ON tokens (expires_at);

CREATE TABLE messages (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	title      TEXT NOT NULL,
	text       TEXT NOT NULL,
	created_at BIGINT NOT NULL,
	removed    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX messages_user ON messages (user_id, created_at);

-- Money in integer minor units with the ISO currency code.
CREATE TABLE accounts (
	id                 {{id}},
	user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	balance            BIGINT NOT NULL DEFAULT 0,
	amount             BIGINT NOT NULL DEFAULT 0,
	currency           TEXT NOT NULL DEFAULT 'RUB',
	is_payment_allowed BOOLEAN NOT NULL DEFAULT TRUE
);
CREATE INDEX accounts_user ON accounts (user_id);

-- Watch statistics reported by players (PATCH /v2/users/self/stat/{id}).
CREATE TABLE watch_stats (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	stat_id    TEXT NOT NULL,
	duration   BIGINT NOT NULL,
	created_at BIGINT NOT NULL
);

-- The Alma (multi-provider) flow: after a one-time code the viewer picks a city
-- and one of the addresses served there; the address names the provider and
-- the subscriber number (user_id) at that provider.
CREATE TABLE alma_cities (
	id   BIGINT PRIMARY KEY,
	name TEXT NOT NULL
);

CREATE TABLE alma_addresses (
	id          {{id}},
	city_id     BIGINT NOT NULL REFERENCES alma_cities (id) ON DELETE CASCADE,
	address_id  BIGINT NOT NULL,
	address     TEXT NOT NULL,
	provider_id BIGINT NOT NULL,
	user_id     BIGINT NOT NULL,
	phone       TEXT NOT NULL
);
-- An address is offered only to the phones bound to it (a household may
-- have several): a verified phone alone must not open someone else's account.
CREATE UNIQUE INDEX alma_addresses_phone ON alma_addresses (address_id, phone);
CREATE INDEX alma_addresses_city ON alma_addresses (city_id, phone);

-- Short-lived tokens of the Alma flow (mwat), bound to the verified phone;
-- stored as hashes like access tokens.
CREATE TABLE alma_sessions (
	id         {{id}},
	hash       TEXT NOT NULL UNIQUE,
	phone      TEXT NOT NULL,
	city_id    BIGINT NOT NULL DEFAULT 0,
	expires_at BIGINT NOT NULL
);
