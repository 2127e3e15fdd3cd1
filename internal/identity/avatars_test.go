package identity

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"testing"
)

func TestAvatarCatalogue(t *testing.T) {
	cats := avatarCategories("en")
	if len(cats) != 3 {
		t.Fatalf("%d categories, want 3", len(cats))
	}
	seen := map[int]bool{}
	pictures := map[string]int{}
	for _, c := range cats {
		if c.Title == "" || c.Title == "avatar_category_animals" {
			t.Errorf("category title %q is not translated", c.Title)
		}
		if len(c.Avatars) < 6 || len(c.Avatars) > 8 {
			t.Errorf("category %q has %d avatars, want 6-8", c.Title, len(c.Avatars))
		}
		for _, a := range c.Avatars {
			if seen[a.ID] {
				t.Errorf("avatar %d listed twice", a.ID)
			}
			seen[a.ID] = true
			if a.Src != "/v2/profiles/avatars/"+strconv.Itoa(a.ID)+".svg" {
				t.Errorf("avatar %d src %q", a.ID, a.Src)
			}
			svg := avatarSVG[a.ID]
			if prev, ok := pictures[string(svg)]; ok {
				t.Errorf("avatars %d and %d draw the same picture", prev, a.ID)
			}
			pictures[string(svg)] = a.ID
			checkXML(t, a.ID, svg)
		}
	}
	if !validAvatar(1) || validAvatar(0) || validAvatar(len(avatarCatalogue)+1) {
		t.Error("validAvatar does not follow the catalogue")
	}
	if ru := avatarCategories("ru")[0].Title; ru != "Животные" {
		t.Errorf("ru title %q", ru)
	}
	for range 50 {
		if id := randomAvatar(); !validAvatar(id) {
			t.Fatalf("random avatar %d is not in the catalogue", id)
		}
	}
}

// checkXML makes sure a picture is well-formed XML with an <svg> root.
func checkXML(t *testing.T, id int, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("avatar %d is not well-formed: %v", id, err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Errorf("avatar %d root element %q", id, root)
	}
}

func TestParseAvatarFile(t *testing.T) {
	for name, want := range map[string]int{"1.svg": 1, "24.svg": 24} {
		if id, ok := parseAvatarFile(name); !ok || id != want {
			t.Errorf("%q -> %d %v", name, id, ok)
		}
	}
	for _, name := range []string{"", ".svg", "0.svg", "01.svg", "1", "1.png", "-1.svg", "+1.svg", "1.svg.svg",
		"99999.svg", "1 .svg", "9999.svg", "../1.svg"} {
		if id, ok := parseAvatarFile(name); ok {
			t.Errorf("%q accepted as %d", name, id)
		}
	}
}

func FuzzParseAvatarFile(f *testing.F) {
	for _, s := range []string{"1.svg", "24.svg", "0.svg", "1e3.svg", "١.svg", "", "9999999999999999999.svg"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		id, ok := parseAvatarFile(name)
		if !ok {
			return
		}
		if !validAvatar(id) || name != strconv.Itoa(id)+".svg" {
			t.Fatalf("%q accepted as %d", name, id)
		}
	})
}
