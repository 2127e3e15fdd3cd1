-- The catalogue: libraries, contents (movie, program, series, season,
-- episode), genres, countries of contents, persons, trailers, watch history,
-- rows and rowsets (pages of rows, also the header menu), promotions and
-- news. Times are unix seconds (UTC). Wire slugs are "<slug>-<id>": the
-- stored slug has no id.

-- A library is a shelf of video on demand that packets sell (packet_libraries);
-- a free library is open to everybody, guests included.
CREATE TABLE libraries (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	slug        TEXT NOT NULL,
	name        TEXT NOT NULL,
	description TEXT NOT NULL DEFAULT '',
	is_free     BOOLEAN NOT NULL DEFAULT FALSE,
	sort        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX libraries_provider ON libraries (provider_id, sort);

CREATE TABLE packet_libraries (
	packet_id  BIGINT NOT NULL REFERENCES packets (id) ON DELETE CASCADE,
	library_id BIGINT NOT NULL REFERENCES libraries (id) ON DELETE CASCADE,
	PRIMARY KEY (packet_id, library_id)
);
CREATE INDEX packet_libraries_library ON packet_libraries (library_id);

-- Genres per provider; name_en is the name for every interface language
-- other than Russian.
CREATE TABLE genres (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	slug        TEXT NOT NULL,
	name        TEXT NOT NULL,
	name_en     TEXT NOT NULL DEFAULT '',
	-- the row that lists the genre (genre tags link to /row/{row_slug})
	row_id      BIGINT,
	sort        INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX genres_provider_slug ON genres (provider_id, slug);

CREATE TABLE contents (
	id               {{id}},
	provider_id      BIGINT NOT NULL,
	library_id       BIGINT REFERENCES libraries (id) ON DELETE SET NULL,
	-- season -> series, episode -> season (or series when it has no seasons)
	parent_id        BIGINT REFERENCES contents (id) ON DELETE CASCADE,
	-- movie, program, series, season, episode
	content_type     TEXT NOT NULL,
	slug             TEXT NOT NULL,
	title            TEXT NOT NULL,
	original_title   TEXT NOT NULL DEFAULT '',
	description      TEXT NOT NULL DEFAULT '',
	year             INTEGER NOT NULL DEFAULT 0,
	-- age rating: 0, 6, 12, 16, 18
	age              INTEGER NOT NULL DEFAULT 0,
	motion_rating    TEXT NOT NULL DEFAULT '',
	-- seconds (movies, episodes, programmes)
	duration         INTEGER NOT NULL DEFAULT 0,
	-- season number of a season or an episode; episode number of an episode
	season           INTEGER NOT NULL DEFAULT 0,
	series           INTEGER NOT NULL DEFAULT 0,
	sort             INTEGER NOT NULL DEFAULT 0,
	main_genre_id    BIGINT,
	rating_imdb      DOUBLE PRECISION NOT NULL DEFAULT 0,
	rating_kinopoisk DOUBLE PRECISION NOT NULL DEFAULT 0,
	is_adult         BOOLEAN NOT NULL DEFAULT FALSE,
	is_cartoon       BOOLEAN NOT NULL DEFAULT FALSE,
	is_announcement  BOOLEAN NOT NULL DEFAULT FALSE,
	is_hidden        BOOLEAN NOT NULL DEFAULT FALSE,
	-- withdrawn: answered with the lost_content payload, noindex
	is_lost          BOOLEAN NOT NULL DEFAULT FALSE,
	-- the media asset that plays it ('' = not playable, e.g. a series)
	asset            TEXT NOT NULL DEFAULT '',
	-- artwork addresses; '' means the generated artwork
	poster_url       TEXT NOT NULL DEFAULT '',
	cover_url        TEXT NOT NULL DEFAULT '',
	background_url   TEXT NOT NULL DEFAULT '',
	-- a telecast's programme in the guide (its catch-up sources)
	program_id       BIGINT REFERENCES programs (id) ON DELETE SET NULL,
	-- popularity for ordering rows and search ranking
	popularity       INTEGER NOT NULL DEFAULT 0,
	created_at       BIGINT NOT NULL DEFAULT 0,
	updated_at       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX contents_provider_type ON contents (provider_id, content_type, is_hidden, popularity);
CREATE INDEX contents_provider_year ON contents (provider_id, year);
CREATE INDEX contents_parent ON contents (parent_id, sort);
CREATE INDEX contents_program ON contents (program_id);

CREATE TABLE content_genres (
	content_id BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	genre_id   BIGINT NOT NULL REFERENCES genres (id) ON DELETE CASCADE,
	sort       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (content_id, genre_id)
);
CREATE INDEX content_genres_genre ON content_genres (genre_id, content_id);

-- country_id is the ISO 3166-1 numeric code: the countries and their names
-- in every language are the platform's list (GET /v2/countries).
CREATE TABLE content_countries (
	content_id BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	country_id BIGINT NOT NULL,
	sort       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (content_id, country_id)
);
CREATE INDEX content_countries_country ON content_countries (country_id, content_id);

CREATE TABLE persons (
	id            {{id}},
	provider_id   BIGINT NOT NULL,
	slug          TEXT NOT NULL,
	name          TEXT NOT NULL,
	original_name TEXT NOT NULL DEFAULT '',
	bio           TEXT NOT NULL DEFAULT '',
	-- '' means the generated portrait
	image_url     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX persons_provider ON persons (provider_id);

-- role: director, actor, producer, writer, composer, presenter, editor
CREATE TABLE content_persons (
	content_id BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	person_id  BIGINT NOT NULL REFERENCES persons (id) ON DELETE CASCADE,
	role       TEXT NOT NULL,
	sort       INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (content_id, person_id, role)
);
CREATE INDEX content_persons_person ON content_persons (person_id, content_id);

CREATE TABLE trailers (
	id         {{id}},
	content_id BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	title      TEXT NOT NULL DEFAULT '',
	asset      TEXT NOT NULL,
	duration   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX trailers_content ON trailers (content_id);

-- Where a profile stopped: one row per profile and content (an episode for
-- series). series_id is the top of the content's tree, for "continue
-- watching" rows that show a series once.
CREATE TABLE watch_history (
	user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	profile_id       BIGINT NOT NULL DEFAULT 0,
	content_id       BIGINT NOT NULL REFERENCES contents (id) ON DELETE CASCADE,
	series_id        BIGINT NOT NULL,
	seconds          INTEGER NOT NULL,
	duration         INTEGER NOT NULL DEFAULT 0,
	-- 0..100
	watch_percentage INTEGER NOT NULL DEFAULT 0,
	updated_at       BIGINT NOT NULL,
	PRIMARY KEY (user_id, profile_id, content_id)
);
CREATE INDEX watch_history_recent ON watch_history (user_id, profile_id, updated_at);

-- A rowset is a page of rows (start page, movies, series, kids...). A rowset
-- with menu_sort > 0 is also a header menu page; template outer_link goes to
-- url.
CREATE TABLE rowsets (
	id          {{id}},
	provider_id BIGINT NOT NULL,
	slug        TEXT NOT NULL,
	-- startpage, search, tvchannels, tvchannels20, tvchannels30, contents,
	-- group.catalog, group.catalog.page, outer_link, catalog
	template    TEXT NOT NULL,
	title       TEXT NOT NULL,
	description TEXT NOT NULL DEFAULT '',
	library_id  BIGINT,
	url         TEXT NOT NULL DEFAULT '',
	icon_url    TEXT NOT NULL DEFAULT '',
	menu_sort   INTEGER NOT NULL DEFAULT 0,
	-- a child profile sees only rowsets meant for children
	for_kids    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE UNIQUE INDEX rowsets_provider_slug ON rowsets (provider_id, slug);

-- A row. source says where its items come from:
--   items       row_items, in their order
--   query       contents matching query (JSON: content_type, genre, country,
--               year_from, year_to, rating_from, cartoon, order)
--   history     the viewer's continue-watching list
--   favorites   the viewer's favourite contents
--   channels    the line-up (query: {"category": id})
--   filmography a person's contents (person_id from the request)
CREATE TABLE rows (
	id               {{id}},
	provider_id      BIGINT NOT NULL,
	slug             TEXT NOT NULL,
	title            TEXT NOT NULL,
	-- tile template: content-v, content-h, history-h, history, channel,
	-- channels, person, collection-v, button, branded_button, promo-bg,
	-- promo-wide, packet_promo, packet_promo_base, donate_packs
	template         TEXT NOT NULL,
	source           TEXT NOT NULL DEFAULT 'items',
	query            TEXT NOT NULL DEFAULT '{}',
	library_id       BIGINT,
	description      TEXT NOT NULL DEFAULT '',
	html_description TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX rows_provider_slug ON rows (provider_id, slug);

CREATE TABLE rowset_rows (
	rowset_id BIGINT NOT NULL REFERENCES rowsets (id) ON DELETE CASCADE,
	row_id    BIGINT NOT NULL REFERENCES rows (id) ON DELETE CASCADE,
	sort      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (rowset_id, row_id)
);

-- A tile of a banner row: what it shows and where it leads. dest_type:
-- open_url, enter_promo_key, content, row, packet, rowset, channel,
-- last_channel, text.
CREATE TABLE promotions (
	id               {{id}},
	provider_id      BIGINT NOT NULL,
	name             TEXT NOT NULL DEFAULT '',
	title            TEXT NOT NULL DEFAULT '',
	short            TEXT NOT NULL DEFAULT '',
	description      TEXT NOT NULL DEFAULT '',
	-- '' means the generated artwork
	image_url        TEXT NOT NULL DEFAULT '',
	graphic_title    TEXT NOT NULL DEFAULT '',
	color_bg         TEXT NOT NULL DEFAULT '',
	age              INTEGER NOT NULL DEFAULT 0,
	year             INTEGER NOT NULL DEFAULT 0,
	trailer_id       BIGINT,
	dest_type        TEXT NOT NULL,
	dest_id          BIGINT,
	dest_slug        TEXT NOT NULL DEFAULT '',
	dest_library_id  BIGINT,
	dest_src         TEXT NOT NULL DEFAULT '',
	dest_id_no_ott   BIGINT,
	dest_title       TEXT NOT NULL DEFAULT '',
	dest_description TEXT NOT NULL DEFAULT ''
);
CREATE INDEX promotions_provider ON promotions (provider_id);

-- kind: content, channel, person, promotion
CREATE TABLE row_items (
	row_id    BIGINT NOT NULL REFERENCES rows (id) ON DELETE CASCADE,
	kind      TEXT NOT NULL,
	object_id BIGINT NOT NULL,
	sort      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (row_id, kind, object_id)
);
CREATE INDEX row_items_order ON row_items (row_id, sort);

CREATE TABLE news (
	id           {{id}},
	provider_id  BIGINT NOT NULL,
	slug         TEXT NOT NULL,
	title        TEXT NOT NULL,
	lead         TEXT NOT NULL DEFAULT '',
	body         TEXT NOT NULL DEFAULT '',
	image_url    TEXT NOT NULL DEFAULT '',
	published_at BIGINT NOT NULL,
	is_hidden    BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX news_provider_published ON news (provider_id, published_at);
