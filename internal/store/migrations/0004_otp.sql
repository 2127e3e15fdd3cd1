-- One-time codes. Only a salted hash of the code is kept; a row is spent
-- (used = TRUE) when verified, burnt after too many wrong tries, or replaced
-- by a newer code for the same phone and purpose.
CREATE TABLE otp_codes (
	id          {{id}},
	phone       TEXT NOT NULL,
	purpose     TEXT NOT NULL,
	provider_id BIGINT NOT NULL,
	code_hash   TEXT NOT NULL,
	created_at  BIGINT NOT NULL,
	expires_at  BIGINT NOT NULL,
	tries       INTEGER NOT NULL DEFAULT 0,
	used        BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX otp_codes_phone ON otp_codes (phone, purpose, id);
CREATE INDEX otp_codes_expires ON otp_codes (expires_at);

-- Send events for rate limits, in the database so that every copy of efir
-- sees the same counts. scope is "phone:<digits>" or "ip:<address>".
CREATE TABLE otp_sends (
	id         {{id}},
	scope      TEXT NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE INDEX otp_sends_scope ON otp_sends (scope, created_at);
CREATE INDEX otp_sends_created ON otp_sends (created_at);

-- What the outbox sender "sent" (development, demo, tests, `efir outbox`).
CREATE TABLE otp_outbox (
	id         {{id}},
	phone      TEXT NOT NULL,
	code       TEXT NOT NULL DEFAULT '',
	text       TEXT NOT NULL,
	created_at BIGINT NOT NULL
);
CREATE INDEX otp_outbox_phone ON otp_outbox (phone, id);
CREATE INDEX otp_outbox_created ON otp_outbox (created_at);

-- Telegram chats linked to phones: a viewer shares their own contact with the
-- bot (Telegram vouches for the number), and codes for that phone then go to
-- the chat.
CREATE TABLE otp_telegram_chats (
	phone     TEXT PRIMARY KEY,
	chat_id   BIGINT NOT NULL,
	linked_at BIGINT NOT NULL
);
