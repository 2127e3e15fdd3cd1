-- The built-in sandbox payment gateway (internal/commerce/gateway/sandbox):
-- its payments, saved cards and refunds live here rather than in memory so
-- that they survive restarts and every copy of the server sees the same
-- state. Ids are random text (the payment id is the secret in the hosted
-- page's URL); times are unix seconds; money is integer minor units. No full
-- card number or CVC is ever stored: only the last 4 digits, the brand and
-- what later payments with a saved card do.

CREATE TABLE sandbox_payments (
	id              TEXT PRIMARY KEY,
	-- the operator's shortname: one sandbox "shop" per provider
	provider        TEXT NOT NULL,
	idempotency_key TEXT NOT NULL,
	-- pending, succeeded, canceled
	status          TEXT NOT NULL,
	failure_reason  TEXT NOT NULL DEFAULT '',
	amount          BIGINT NOT NULL,
	currency        TEXT NOT NULL,
	refunded        BIGINT NOT NULL DEFAULT 0,
	description     TEXT NOT NULL DEFAULT '',
	-- bank_card, sbp, mobile_balance
	method          TEXT NOT NULL,
	-- '' (a saved card: decided at once, no page), 'redirect' or 'qr'
	confirmation    TEXT NOT NULL DEFAULT '',
	return_url      TEXT NOT NULL DEFAULT '',
	save_card       BOOLEAN NOT NULL DEFAULT FALSE,
	-- JSON object of the caller's metadata
	metadata        TEXT NOT NULL DEFAULT '{}',
	-- language of the texts sent to the payer (the SMS code)
	lang            TEXT NOT NULL DEFAULT 'ru',
	-- '' or '3ds': a 3-D Secure code page is open for the card typed in
	challenge       TEXT NOT NULL DEFAULT '',
	card_brand      TEXT NOT NULL DEFAULT '',
	card_last4      TEXT NOT NULL DEFAULT '',
	-- the saved card this payment used or saved ('' none)
	card_token      TEXT NOT NULL DEFAULT '',
	qr_payload      TEXT NOT NULL DEFAULT '',
	phone           TEXT NOT NULL DEFAULT '',
	-- "salt$sha256" of the SMS code, the wrong tries and the codes sent
	sms_code_hash   TEXT NOT NULL DEFAULT '',
	sms_tries       INTEGER NOT NULL DEFAULT 0,
	sms_sends       INTEGER NOT NULL DEFAULT 0,
	created_at      BIGINT NOT NULL,
	updated_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX sandbox_payments_idempotency ON sandbox_payments (provider, idempotency_key);

CREATE TABLE sandbox_cards (
	token      TEXT PRIMARY KEY,
	provider   TEXT NOT NULL,
	brand      TEXT NOT NULL,
	last4      TEXT NOT NULL,
	-- what a later payment with this card does: 'succeed' or 'decline'
	-- (test card 4000 0000 0000 0341 saves a card whose renewals fail)
	renewal    TEXT NOT NULL,
	created_at BIGINT NOT NULL
);

CREATE TABLE sandbox_refunds (
	id              TEXT PRIMARY KEY,
	payment_id      TEXT NOT NULL REFERENCES sandbox_payments (id),
	provider        TEXT NOT NULL,
	idempotency_key TEXT NOT NULL,
	amount          BIGINT NOT NULL,
	status          TEXT NOT NULL,
	created_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX sandbox_refunds_idempotency ON sandbox_refunds (provider, idempotency_key);
CREATE INDEX sandbox_refunds_payment ON sandbox_refunds (payment_id);
