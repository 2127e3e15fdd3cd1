-- The bot of an operator's Telegram mini app. Its token signs the mini app's
-- launch data; it is a secret, kept sealed with the server secret like the
-- payment gateways' credentials (a table of its own, so that the providers
-- file rewriting the operator's settings at start does not wipe it).
CREATE TABLE telegram_bots (
	provider_id   BIGINT PRIMARY KEY,
	token_sealed  TEXT NOT NULL,
	-- the bot's numeric id (the token's part before ':'), shown in the console
	bot_id        BIGINT NOT NULL,
	updated_at    BIGINT NOT NULL
);

-- Telegram accounts that signed in through an operator's mini app, and the
-- Efir user each one is.
CREATE TABLE telegram_logins (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	telegram_id  BIGINT NOT NULL,
	user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at   BIGINT NOT NULL,
	UNIQUE (provider_id, telegram_id)
);
CREATE INDEX telegram_logins_user ON telegram_logins (user_id);
