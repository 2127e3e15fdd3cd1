-- Operators (providers). The settings live in one JSON document (config) since
-- they change rarely, are read whole into memory and grow new fields often;
-- the columns are what must be unique or chosen by SQL. Ids are given
-- explicitly (the demo operator is id 1 on every machine), so no sequence.
CREATE TABLE providers (
	id         BIGINT PRIMARY KEY,
	shortname  TEXT NOT NULL UNIQUE,
	is_default BOOLEAN NOT NULL DEFAULT FALSE,
	config     TEXT NOT NULL,
	updated_at BIGINT NOT NULL
);
