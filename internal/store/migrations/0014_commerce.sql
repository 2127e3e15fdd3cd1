-- Commerce: packets as offers (price options per period, trials, bundles,
-- add-ons), subscriptions that renew, the balance ledger, payments through
-- gateways, saved cards, single offers of films with their licences, promo
-- codes and the promo days of new viewers. Money is integer minor units with
-- the currency beside it; times are unix seconds (UTC).

ALTER TABLE packets ADD COLUMN trial_price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE packets ADD COLUMN trial_days INTEGER NOT NULL DEFAULT 0;
ALTER TABLE packets ADD COLUMN after_renew_packet_id BIGINT NOT NULL DEFAULT 0;
-- JSON: {background_mobile, background_tv, logo, corner_badge, special_features, color}
ALTER TABLE packets ADD COLUMN design TEXT NOT NULL DEFAULT '{}';
-- JSON: [{icon, text}]
ALTER TABLE packets ADD COLUMN benefits TEXT NOT NULL DEFAULT '[]';
-- JSON: content ids shown on the packet page
ALTER TABLE packets ADD COLUMN videos TEXT NOT NULL DEFAULT '[]';
ALTER TABLE packets ADD COLUMN agreement TEXT NOT NULL DEFAULT '';
ALTER TABLE packets ADD COLUMN is_adult BOOLEAN NOT NULL DEFAULT FALSE;
-- a bundle: a packet that includes others, sold under its own name and price
ALTER TABLE packets ADD COLUMN is_bundle BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE packets ADD COLUMN internet_speed INTEGER NOT NULL DEFAULT 0;

-- The price options of a packet: one per length (1, 3, 6, 12 months).
-- paysystems: comma-separated shortnames that may sell it; '' = all.
CREATE TABLE packet_periods (
	id         {{id}},
	packet_id  BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	months     INTEGER NOT NULL,
	amount     BIGINT NOT NULL,
	paysystems TEXT NOT NULL DEFAULT '',
	UNIQUE (packet_id, months)
);

-- Packets a packet contains (a bundle's members): holding the packet grants them.
CREATE TABLE packet_includes (
	packet_id   BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	included_id BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	PRIMARY KEY (packet_id, included_id)
);

-- Add-ons offered on top of a base packet ("available").
CREATE TABLE packet_addons (
	base_id  BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	addon_id BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	PRIMARY KEY (base_id, addon_id)
);

-- Subscriptions renew. A future subscription (a cheaper base packet, a later
-- start) has end_at = start_at until its first period is charged, so it
-- grants nothing before. open_key is 'user:packet' while the row is the
-- user's open subscription of that packet: the database refuses a second one.
ALTER TABLE subscriptions ADD COLUMN renew BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE subscriptions ADD COLUMN period_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN months INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN currency TEXT NOT NULL DEFAULT '';
ALTER TABLE subscriptions ADD COLUMN next_period_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN paused_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN retry_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN closed_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN open_key TEXT;
ALTER TABLE subscriptions ADD COLUMN idem_key TEXT;
CREATE UNIQUE INDEX subscriptions_open ON subscriptions (open_key);
CREATE UNIQUE INDEX subscriptions_idem ON subscriptions (idem_key);
CREATE INDEX subscriptions_due ON subscriptions (renew, end_at, id);

-- One charge per subscription per period, whoever runs the renewal.
CREATE TABLE subscription_charges (
	subscription_id BIGINT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
	period_start    BIGINT NOT NULL,
	amount          BIGINT NOT NULL,
	payment_id      BIGINT NOT NULL DEFAULT 0,
	created_at      BIGINT NOT NULL,
	PRIMARY KEY (subscription_id, period_start)
);

-- A trial is once per user per packet, whatever the period.
CREATE TABLE trials_used (
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	packet_id  BIGINT NOT NULL,
	created_at BIGINT NOT NULL,
	PRIMARY KEY (user_id, packet_id)
);

-- The balance is the sum of its entries; accounts.balance is kept equal to
-- it in the same transaction (the tests check the invariant). Every entry
-- has a unique key, so replaying an operation adds nothing.
CREATE TABLE ledger_entries (
	id            {{id}},
	account_id    BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
	user_id       BIGINT NOT NULL,
	-- topup, charge, refund, promo_credit, adjustment, reversal
	kind          TEXT NOT NULL,
	amount        BIGINT NOT NULL,
	currency      TEXT NOT NULL,
	balance_after BIGINT NOT NULL,
	idem_key      TEXT NOT NULL UNIQUE,
	description   TEXT NOT NULL DEFAULT '',
	created_at    BIGINT NOT NULL
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, id);

-- Payments through a gateway. The row is written before the gateway is
-- called; unknown means the gateway did not answer and the reconciler asks.
CREATE TABLE payments (
	id                 {{id}},
	user_id            BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	provider_id        BIGINT NOT NULL,
	account_id         BIGINT NOT NULL,
	-- refill, subscription, offer, card_link, renewal
	kind               TEXT NOT NULL,
	-- created, pending, complete, error, unknown
	status             TEXT NOT NULL,
	amount             BIGINT NOT NULL,
	currency           TEXT NOT NULL,
	paysystem          TEXT NOT NULL,
	gateway            TEXT NOT NULL,
	gateway_payment_id TEXT,
	idem_key           TEXT NOT NULL UNIQUE,
	packet_id          BIGINT NOT NULL DEFAULT 0,
	period_id          BIGINT NOT NULL DEFAULT 0,
	trial              BOOLEAN NOT NULL DEFAULT FALSE,
	offer_id           BIGINT NOT NULL DEFAULT 0,
	subscription_id    BIGINT NOT NULL DEFAULT 0,
	period_start       BIGINT NOT NULL DEFAULT 0,
	card_id            BIGINT NOT NULL DEFAULT 0,
	save_card          BOOLEAN NOT NULL DEFAULT FALSE,
	needed_refund      BOOLEAN NOT NULL DEFAULT FALSE,
	confirmation_url   TEXT NOT NULL DEFAULT '',
	qr_payload         TEXT NOT NULL DEFAULT '',
	status_description TEXT NOT NULL DEFAULT '',
	refunded           BIGINT NOT NULL DEFAULT 0,
	created_at         BIGINT NOT NULL,
	updated_at         BIGINT NOT NULL,
	checked_at         BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX payments_gateway ON payments (gateway, gateway_payment_id);
CREATE INDEX payments_user ON payments (user_id, id);
CREATE INDEX payments_open ON payments (status, checked_at);

-- Saved cards: only the brand, the last four digits and the gateway's token.
CREATE TABLE cards (
	id          {{id}},
	user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	gateway     TEXT NOT NULL,
	token       TEXT NOT NULL,
	brand       TEXT NOT NULL DEFAULT '',
	last4       TEXT NOT NULL DEFAULT '',
	is_primary  BOOLEAN NOT NULL DEFAULT FALSE,
	created_at  BIGINT NOT NULL,
	UNIQUE (user_id, gateway, token)
);

-- Single offers of films: rent (a window in hours) or buy (forever).
CREATE TABLE content_offers (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	content_id   BIGINT NOT NULL,
	kind         TEXT NOT NULL,
	amount       BIGINT NOT NULL,
	currency     TEXT NOT NULL,
	rental_hours INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX content_offers_content ON content_offers (content_id);

-- What a viewer bought of a film (entity licence); end_at 0 = forever.
CREATE TABLE licences (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	offer_id   BIGINT NOT NULL,
	content_id BIGINT NOT NULL,
	kind       TEXT NOT NULL,
	amount     BIGINT NOT NULL,
	currency   TEXT NOT NULL,
	start_at   BIGINT NOT NULL,
	end_at     BIGINT NOT NULL DEFAULT 0,
	idem_key   TEXT NOT NULL UNIQUE,
	created_at BIGINT NOT NULL
);
CREATE INDEX licences_user ON licences (user_id, content_id);

-- Promo campaigns and their keys. kind: days (packet_ids for days) or
-- balance (amount credited). is_paid keys need a linked card.
CREATE TABLE promo_campaigns (
	id                 {{id}},
	provider_id        BIGINT NOT NULL,
	name               TEXT NOT NULL,
	kind               TEXT NOT NULL,
	days               INTEGER NOT NULL DEFAULT 0,
	amount             BIGINT NOT NULL DEFAULT 0,
	currency           TEXT NOT NULL DEFAULT '',
	packet_ids         TEXT NOT NULL DEFAULT '',
	is_paid            BOOLEAN NOT NULL DEFAULT FALSE,
	needed_refund      BOOLEAN NOT NULL DEFAULT FALSE,
	is_need_confirm    BOOLEAN NOT NULL DEFAULT FALSE,
	confirmation_title TEXT NOT NULL DEFAULT '',
	confirmation_text  TEXT NOT NULL DEFAULT '',
	confirmation_desc  TEXT NOT NULL DEFAULT '',
	description        TEXT NOT NULL DEFAULT '',
	expires_at         BIGINT NOT NULL DEFAULT 0,
	created_at         BIGINT NOT NULL
);
CREATE TABLE promo_keys (
	id          {{id}},
	campaign_id BIGINT NOT NULL REFERENCES promo_campaigns (id) ON DELETE CASCADE,
	provider_id BIGINT NOT NULL,
	key_text    TEXT NOT NULL,
	max_uses    INTEGER NOT NULL DEFAULT 1,
	uses        INTEGER NOT NULL DEFAULT 0,
	UNIQUE (provider_id, key_text)
);
CREATE TABLE promo_uses (
	key_id     BIGINT NOT NULL REFERENCES promo_keys (id) ON DELETE CASCADE,
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at BIGINT NOT NULL,
	PRIMARY KEY (key_id, user_id)
);

-- The promo days of a new registration: once per phone per operator.
CREATE TABLE promo_day_grants (
	provider_id BIGINT NOT NULL,
	phone       TEXT NOT NULL,
	user_id     BIGINT NOT NULL,
	created_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, phone)
);
