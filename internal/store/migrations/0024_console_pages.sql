-- The operator's own SEO masks: a text of a page type (title, description,
-- h1 of "/contents/*" and the others) in one language, replacing the
-- built-in text of the platform. {name} stands for the page's item and %s
-- for the operator's name, as in the built-in texts. A mask not given here
-- keeps the built-in text.
CREATE TABLE seo_masks (
	provider_id BIGINT NOT NULL,
	page_type   TEXT NOT NULL,
	text_type   TEXT NOT NULL,
	lang        TEXT NOT NULL,
	value       TEXT NOT NULL,
	updated_at  BIGINT NOT NULL,
	PRIMARY KEY (provider_id, page_type, text_type, lang)
);

