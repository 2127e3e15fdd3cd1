-- The operator's own settings that are not part of the provider's JSON
-- configuration: the look of the viewer's pages (colours, an uploaded logo),
-- messenger links of the support, and the legal and help pages in Markdown.

-- One row per operator that changed any of these.
CREATE TABLE operator_brand (
	provider_id  BIGINT PRIMARY KEY,
	-- '#rrggbb' or '' (the built-in colours)
	accent_color TEXT NOT NULL DEFAULT '',
	button_color TEXT NOT NULL DEFAULT '',
	-- JSON array of {"name", "url"}
	messengers   TEXT NOT NULL DEFAULT '[]',
	-- the uploaded logo: its type (image/png, image/jpeg, image/webp) and bytes
	logo_type    TEXT NOT NULL DEFAULT '',
	logo         {{blob}},
	-- bumped on each upload: the logo's address changes with it
	logo_version BIGINT NOT NULL DEFAULT 0,
	updated_at   BIGINT NOT NULL
);

-- A page (terms, privacy, faq) of an operator in one interface language.
CREATE TABLE operator_pages (
	provider_id BIGINT NOT NULL,
	kind        TEXT NOT NULL,
	lang        TEXT NOT NULL,
	markdown    TEXT NOT NULL,
	updated_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, kind, lang)
);
