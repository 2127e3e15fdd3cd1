-- A pause's planned end (0: until lifted). The renewal job lifts a pause
-- whose time has come, as if lifted at that moment.
ALTER TABLE subscriptions ADD COLUMN resume_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX subscriptions_resume_due ON subscriptions (resume_at) WHERE resume_at > 0;

-- The balance an operator's billing keeps for a subscriber, as the billing
-- last told Efir: pushed through the provider API (provider/account) or
-- answered to a BALANCE callback. Shown when the billing cannot be asked.
CREATE TABLE billing_balances (
	user_id      BIGINT PRIMARY KEY,
	provider_id  BIGINT NOT NULL,
	amount       BIGINT NOT NULL,
	currency     TEXT NOT NULL,
	updated_at   BIGINT NOT NULL
);

-- Subscriber tags (groups) an operator's systems keep through the provider
-- API, and which subscribers carry them.
CREATE TABLE subscriber_tags (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	shortname    TEXT NOT NULL,
	name         TEXT NOT NULL DEFAULT '',
	description  TEXT NOT NULL DEFAULT '',
	created_at   BIGINT NOT NULL,
	UNIQUE (provider_id, shortname)
);
CREATE TABLE subscriber_tag_links (
	id          {{id}},
	user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	tag_id      BIGINT NOT NULL REFERENCES subscriber_tags (id) ON DELETE CASCADE,
	created_at  BIGINT NOT NULL,
	UNIQUE (user_id, tag_id)
);
CREATE INDEX subscriber_tag_links_tag ON subscriber_tag_links (tag_id);
