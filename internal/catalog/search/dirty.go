package search

import (
	"context"
	"strings"

	"efir/internal/store"
)

// The catalogue's changes reach the index through search_dirty: database
// triggers on contents, persons and content_persons append the objects a
// statement touched, so every writer is covered (the demo seed, imports,
// operator tools, plain SQL) without any of them knowing about search. A
// refresh rewrites the documents of the queued objects and deletes the rows
// it read. Rows are appended, never merged (a writer never waits on a
// refresh holding a row), so an object may be queued several times.
//
// Triggers are procedural, which the portable migrations are not: they are
// installed here, with the index's other dialect-specific structures, by
// every process before it reads or builds an index. An index built before
// they existed has an older format and is rebuilt whole.

// triggerVersion is part of the triggers' names, so changed bodies are
// installed beside the old ones (which the change must then drop).
const triggerVersion = "1"

// Columns whose change changes a document (a person's too: its popularity
// and age come from its contents).
var (
	contentColumns = []string{"provider_id", "content_type", "slug", "title", "original_title", "year", "age",
		"popularity", "poster_url", "is_hidden", "is_lost"}
	personColumns = []string{"provider_id", "slug", "name", "original_name", "image_url"}
)

// sqliteTriggers: row triggers; a link names its person's provider through
// persons (a person deleted first has queued itself).
func sqliteTriggers() []string {
	queue := func(provider, kind, id string) string {
		return "INSERT INTO search_dirty (provider_id, kind, object_id) VALUES (" + provider + ", '" + kind + "', " + id + ");"
	}
	person := func(id string) string {
		return "INSERT INTO search_dirty (provider_id, kind, object_id) SELECT provider_id, 'person', id FROM persons WHERE id = " + id + ";"
	}
	var out []string
	add := func(name, event, table, body string) {
		out = append(out, "CREATE TRIGGER IF NOT EXISTS search_dirty_"+triggerVersion+"_"+name+" AFTER "+event+" ON "+table+
			" BEGIN "+body+" END")
	}
	for _, t := range []struct {
		table, kind string
		cols        []string
	}{{"contents", "content", contentColumns}, {"persons", "person", personColumns}} {
		add(t.table+"_ins", "INSERT", t.table, queue("NEW.provider_id", t.kind, "NEW.id"))
		add(t.table+"_upd", "UPDATE OF "+strings.Join(t.cols, ", "), t.table, queue("NEW.provider_id", t.kind, "NEW.id")+
			" INSERT INTO search_dirty (provider_id, kind, object_id) SELECT OLD.provider_id, '"+t.kind+"', OLD.id"+
			" WHERE OLD.provider_id <> NEW.provider_id;")
		add(t.table+"_del", "DELETE", t.table, queue("OLD.provider_id", t.kind, "OLD.id"))
	}
	add("links_ins", "INSERT", "content_persons", person("NEW.person_id"))
	add("links_upd", "UPDATE", "content_persons", strings.TrimSuffix(person("OLD.person_id"), ";")+
		" AND OLD.person_id <> NEW.person_id; "+person("NEW.person_id"))
	add("links_del", "DELETE", "content_persons", person("OLD.person_id"))
	return out
}

// postgresTriggers: statement triggers over transition tables, one
// INSERT ... SELECT per statement however many rows it wrote (a bulk import
// of 100,000 contents queues them in one go). An update queues only rows
// whose indexed columns changed.
func postgresTriggers() []string {
	changed := func(cols []string) string {
		o, n := make([]string, len(cols)), make([]string, len(cols))
		for i, c := range cols {
			o[i], n[i] = "o."+c, "n."+c
		}
		return "(" + strings.Join(o, ", ") + ") IS DISTINCT FROM (" + strings.Join(n, ", ") + ")"
	}
	fn := func(name, body string) string {
		return "CREATE OR REPLACE FUNCTION search_dirty_" + triggerVersion + "_" + name +
			"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN " + body + " RETURN NULL; END $$"
	}
	own := func(table, kind string, cols []string) string {
		ins := "INSERT INTO search_dirty (provider_id, kind, object_id) "
		return fn(table, `
		IF TG_OP = 'INSERT' THEN
			`+ins+`SELECT provider_id, '`+kind+`', id FROM new_rows;
		ELSIF TG_OP = 'DELETE' THEN
			`+ins+`SELECT provider_id, '`+kind+`', id FROM old_rows;
		ELSE
			`+ins+`SELECT o.provider_id, '`+kind+`', o.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE `+changed(cols)+`
			UNION ALL SELECT n.provider_id, '`+kind+`', n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
				WHERE `+changed(cols)+` AND n.provider_id <> o.provider_id;
		END IF;`)
	}
	persons := func(rows string) string {
		return "INSERT INTO search_dirty (provider_id, kind, object_id) SELECT p.provider_id, 'person', p.id FROM persons p " +
			"WHERE p.id IN (SELECT person_id FROM " + rows + ");"
	}
	out := []string{
		own("contents", "content", contentColumns),
		own("persons", "person", personColumns),
		fn("links", `
		IF TG_OP <> 'INSERT' THEN `+persons("old_rows")+` END IF;
		IF TG_OP <> 'DELETE' THEN `+persons("new_rows")+` END IF;`),
	}
	for _, t := range []struct{ table, fn string }{{"contents", "contents"}, {"persons", "persons"}, {"content_persons", "links"}} {
		for _, ev := range []struct{ event, ref string }{
			{"INSERT", "NEW TABLE AS new_rows"},
			{"UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"},
			{"DELETE", "OLD TABLE AS old_rows"},
		} {
			name := "search_dirty_" + triggerVersion + "_" + t.table + "_" + strings.ToLower(ev.event[:3])
			// CREATE TRIGGER has no IF NOT EXISTS before PostgreSQL 14's OR
			// REPLACE, and replacing would lock the table at every start.
			out = append(out, `DO $$ BEGIN
				IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = '`+name+`'
					AND tgrelid = to_regclass('`+t.table+`')) THEN
					CREATE TRIGGER `+name+` AFTER `+ev.event+` ON `+t.table+` REFERENCING `+ev.ref+`
						FOR EACH STATEMENT EXECUTE FUNCTION search_dirty_`+triggerVersion+`_`+t.fn+`();
				END IF; END $$`)
		}
	}
	return out
}

// installTriggers creates the triggers that are missing.
func installTriggers(ctx context.Context, tx *store.Tx) error {
	stmts := sqliteTriggers()
	if tx.Dialect() == store.Postgres {
		stmts = postgresTriggers()
	}
	for _, s := range stmts {
		if _, err := tx.Exec(ctx, s); err != nil {
			return err
		}
	}
	return nil
}
