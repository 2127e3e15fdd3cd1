-- The operator's install instructions: how to watch on each kind of device
-- (Smart TV, phones, the Dune, TVIP, Eltex and MAG set-top boxes), written in
-- Markdown per interface language, and the pictures those texts show. A
-- device without a text of the operator shows the built-in one.

-- A device's text in one interface language.
CREATE TABLE operator_install_texts (
	provider_id BIGINT NOT NULL,
	device      TEXT NOT NULL,
	lang        TEXT NOT NULL,
	markdown    TEXT NOT NULL,
	updated_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, device, lang)
);

-- Devices the operator left out of the list (its viewers have none of them).
CREATE TABLE operator_install_hidden (
	provider_id BIGINT NOT NULL,
	device      TEXT NOT NULL,
	updated_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, device)
);

-- An uploaded picture: its type (image/png, image/jpeg, image/webp) and bytes.
-- Its address names the row, so it never changes and is cached for long.
CREATE TABLE operator_install_pictures (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	type        TEXT NOT NULL,
	data        {{blob}} NOT NULL,
	size        BIGINT NOT NULL,
	width       BIGINT NOT NULL,
	height      BIGINT NOT NULL,
	created_at  BIGINT NOT NULL
);
CREATE INDEX operator_install_pictures_provider ON operator_install_pictures (provider_id, id);
