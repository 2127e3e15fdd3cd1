-- Artwork uploaded in the console (posters and covers of contents): the
-- picture itself, kept in the database so every copy of efir serves it
-- without shared disks. A content's poster_url or cover_url then names it
-- (/v2/catalog_images/<id>-<digest>.<ext>); '' keeps the generated
-- picture. digest is the start of the picture's SHA-256, so an address
-- never changes what it shows and may be cached for good.
CREATE TABLE catalog_images (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	mime        TEXT NOT NULL,
	digest      TEXT NOT NULL,
	width       INTEGER NOT NULL DEFAULT 0,
	height      INTEGER NOT NULL DEFAULT 0,
	data        {{blob}} NOT NULL,
	created_at  BIGINT NOT NULL
);
CREATE INDEX catalog_images_provider ON catalog_images (provider_id);
