-- Viewer ratings: a profile rates a movie or a series (never a season or an
-- episode: those are rated through their series) from 1 to 10. One rating
-- per profile and content; rating again replaces it. The public ratings of
-- contents (rating_imdb, rating_kinopoisk) stay as they are: these are the
-- viewers' own marks.
CREATE TABLE content_ratings (
	id         {{id}},
	user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	profile_id BIGINT NOT NULL DEFAULT 0,
	content_id BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 10),
	created_at BIGINT NOT NULL,
	updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX content_ratings_viewer ON content_ratings (user_id, profile_id, content_id);
-- Deleting a content cascades here; without this index that is a full scan.
CREATE INDEX content_ratings_content ON content_ratings (content_id);
