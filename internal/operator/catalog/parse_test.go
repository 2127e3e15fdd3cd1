package catalogadmin

import "testing"

// The import's readers: CSV with commas or semicolons (a quoted cell may
// hold the separator and a line break; line numbers are the file's), JSON
// with each row's line where its object starts.
func TestImportReaders(t *testing.T) {
	rows, fe := parseCSV("\ufefftitle;year;countries\n\"Один; два\";2020;RU|KZ\n\n\"Три\nстроки\";1999;\nЧетыре;2001;GE\n")
	if fe != nil || len(rows) != 3 {
		t.Fatalf("csv: %v %+v", fe, rows)
	}
	if rows[0].fields["title"] != "Один; два" || rows[0].line != 2 || rows[1].line != 4 || rows[2].line != 6 ||
		rows[2].fields["countries"] != "GE" {
		t.Errorf("csv rows: %+v", rows)
	}
	if _, fe := parseCSV("title,colour\nx,y\n"); fe == nil {
		t.Error("an unknown column passed")
	}
	rows, fe = parseJSON("[\n  {\"title\": \"A\", \"year\": 2020, \"countries\": [\"RU\", \"KZ\"]},\n\n  {\"title\": \"B\",\n   \"status\": null}\n]")
	if fe != nil || len(rows) != 2 || rows[0].line != 2 || rows[1].line != 4 || rows[0].fields["countries"] != "RU|KZ" ||
		rows[0].fields["year"] != "2020" || rows[1].fields["status"] != "" {
		t.Fatalf("json: %v %+v", fe, rows)
	}
	for _, bad := range []string{`{}`, `[{"title": {"a": 1}}]`, `[{"title": "x"}`, `[{"nope": 1}]`} {
		if _, fe := parseJSON(bad); fe == nil {
			t.Errorf("%s passed", bad)
		}
	}
	if got := splitList(" RU | kz;;GE "); len(got) != 3 || got[1] != "kz" {
		t.Errorf("splitList: %q", got)
	}
	for s, ok := range map[string]bool{"": true, "demo-film_1": true, "https://x.example/a/master.m3u8?t=1": true,
		"http://x.example/live": true, "https://x.example/a.mpd": false, "rtmp://x.example/a": false, "udp://@239.0.0.1:1234": false,
		"https://": false, "bad name": false} {
		if validSource(s) != ok {
			t.Errorf("validSource(%q) = %v", s, !ok)
		}
	}
}
