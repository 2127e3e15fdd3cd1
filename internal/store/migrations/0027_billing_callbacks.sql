-- Callbacks to an operator's own billing (internal/operator/billing): the
-- address, the signing secret (sealed) and whether they are on.
CREATE TABLE billing_settings (
	provider_id     BIGINT PRIMARY KEY,
	url             TEXT NOT NULL DEFAULT '',
	secret_sealed   TEXT NOT NULL DEFAULT '',
	enabled         BOOLEAN NOT NULL DEFAULT FALSE,
	-- sign-in allowed when the billing does not answer AUTH in time
	auth_fail_open  BOOLEAN NOT NULL DEFAULT TRUE,
	updated_at      BIGINT NOT NULL DEFAULT 0
);

-- Every callback sent (or to be sent): the durable queue and its log.
-- state: pending (to be sent; next_at is the next try), delivered, refused
-- (the billing said no), failed (given up). A worker takes a row by moving
-- claimed_until into the future, so one copy of Efir sends it at a time.
CREATE TABLE billing_callbacks (
	id             {{id}},
	provider_id    BIGINT NOT NULL,
	kind           TEXT NOT NULL,
	idem_key       TEXT NOT NULL UNIQUE,
	user_id        BIGINT NOT NULL DEFAULT 0,
	payload        TEXT NOT NULL,
	state          TEXT NOT NULL,
	attempts       INTEGER NOT NULL DEFAULT 0,
	next_at        BIGINT NOT NULL DEFAULT 0,
	claimed_until  BIGINT NOT NULL DEFAULT 0,
	last_status    INTEGER NOT NULL DEFAULT 0,
	last_answer    TEXT NOT NULL DEFAULT '',
	last_error     TEXT NOT NULL DEFAULT '',
	created_at     BIGINT NOT NULL,
	done_at        BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX billing_callbacks_provider ON billing_callbacks (provider_id, id);
CREATE INDEX billing_callbacks_due ON billing_callbacks (state, next_at);

-- Each try of a callback with what came back.
CREATE TABLE billing_callback_attempts (
	id           {{id}},
	callback_id  BIGINT NOT NULL,
	at           BIGINT NOT NULL,
	status       INTEGER NOT NULL DEFAULT 0,
	answer       TEXT NOT NULL DEFAULT '',
	error        TEXT NOT NULL DEFAULT '',
	duration_ms  BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX billing_callback_attempts_callback ON billing_callback_attempts (callback_id, id);
