-- Promo campaigns made in the console, messages sent by staff and surveys
-- (internal/operator/engage).

-- A campaign's limits beside each key's max_uses: per_user_limit keys of the
-- campaign per viewer and total_limit redemptions in all (0: no limit); it
-- is valid from starts_at (0: at once) to expires_at; disabled_at stops it.
ALTER TABLE promo_campaigns ADD COLUMN starts_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE promo_campaigns ADD COLUMN uses_per_key INTEGER NOT NULL DEFAULT 1;
ALTER TABLE promo_campaigns ADD COLUMN per_user_limit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE promo_campaigns ADD COLUMN total_limit INTEGER NOT NULL DEFAULT 0;
ALTER TABLE promo_campaigns ADD COLUMN disabled_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE promo_campaigns ADD COLUMN created_by BIGINT NOT NULL DEFAULT 0;
CREATE INDEX promo_campaigns_provider ON promo_campaigns (provider_id, id);
CREATE INDEX promo_keys_campaign ON promo_keys (campaign_id, id);
CREATE INDEX promo_uses_user ON promo_uses (user_id, created_at);
CREATE INDEX promo_uses_created ON promo_uses (created_at);

-- A message sent by staff: to everybody (all), a packet's subscribers
-- (packet) or one viewer (user), now or at send_at. Sending copies it into
-- each recipient's messages in one statement (the audience is the one of the
-- moment it is sent). status: scheduled, sent, cancelled.
CREATE TABLE message_broadcasts (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	title       TEXT NOT NULL,
	text        TEXT NOT NULL,
	link        TEXT NOT NULL DEFAULT '',
	audience    TEXT NOT NULL,
	packet_id   BIGINT NOT NULL DEFAULT 0,
	user_id     BIGINT NOT NULL DEFAULT 0,
	send_at     BIGINT NOT NULL,
	status      TEXT NOT NULL,
	recipients  INTEGER NOT NULL DEFAULT 0,
	created_by  BIGINT NOT NULL DEFAULT 0,
	created_at  BIGINT NOT NULL,
	sent_at     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX message_broadcasts_provider ON message_broadcasts (provider_id, id);
CREATE INDEX message_broadcasts_due ON message_broadcasts (status, send_at);
ALTER TABLE messages ADD COLUMN broadcast_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN link TEXT NOT NULL DEFAULT '';

-- Surveys: questions with answer options and/or free text. Viewers read a
-- question of an active survey by its id and answer it once (a new answer
-- replaces the old one).
CREATE TABLE surveys (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	title       TEXT NOT NULL,
	active      BOOLEAN NOT NULL DEFAULT FALSE,
	created_at  BIGINT NOT NULL
);
CREATE INDEX surveys_provider ON surveys (provider_id, id);
CREATE TABLE survey_questions (
	id                {{id}},
	survey_id         BIGINT NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
	position          INTEGER NOT NULL,
	question          TEXT NOT NULL,
	description       TEXT NOT NULL DEFAULT '',
	allow_user_answer BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX survey_questions_survey ON survey_questions (survey_id, position);
CREATE TABLE survey_options (
	id          {{id}},
	question_id BIGINT NOT NULL REFERENCES survey_questions (id) ON DELETE CASCADE,
	position    INTEGER NOT NULL,
	text        TEXT NOT NULL
);
CREATE INDEX survey_options_question ON survey_options (question_id, position);
CREATE TABLE survey_answers (
	id          {{id}},
	question_id BIGINT NOT NULL REFERENCES survey_questions (id) ON DELETE CASCADE,
	user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	user_text   TEXT NOT NULL DEFAULT '',
	created_at  BIGINT NOT NULL,
	UNIQUE (question_id, user_id)
);
CREATE TABLE survey_answer_options (
	answer_id BIGINT NOT NULL REFERENCES survey_answers (id) ON DELETE CASCADE,
	option_id BIGINT NOT NULL REFERENCES survey_options (id) ON DELETE CASCADE,
	PRIMARY KEY (answer_id, option_id)
);
CREATE INDEX survey_answer_options_option ON survey_answer_options (option_id);
