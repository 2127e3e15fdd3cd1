package provider

import (
	"os"
	"testing"
)

// The providers file example of the README configures the spec's two named
// partners; it must load as the server would load it.
func TestProvidersFileExample(t *testing.T) {
	raw, err := os.ReadFile("../../examples/providers.json")
	if err != nil {
		t.Fatal(err)
	}
	list, err := parseProviders(raw)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || len(list[0].Partners) != 2 {
		t.Fatalf("example: %+v", list)
	}
	bank, uz := list[0].Partners[0], list[0].Partners[1]
	if !bank.HideLogout || !bank.ClosedOutsideWebview || bank.HomeURL == "" || !uz.HideLogout ||
		uz.InstallNotice == nil || uz.InstallNotice.DelaySeconds != 120 || uz.InstallNotice.ReopenSeconds != 259200 || uz.AppOffer == "" {
		t.Fatalf("partners: %+v %+v", bank, uz)
	}
}

func TestNormalizePartners(t *testing.T) {
	ok := []Partner{{ID: " Bank_App ", HomeURL: "https://bank.example/"}, {ID: "b", InstallNotice: &InstallNotice{Variant: "b", ReopenSeconds: 259200}}}
	if err := NormalizePartners(ok); err != nil || ok[0].ID != "bank_app" {
		t.Fatalf("%v %+v", err, ok)
	}
	for name, bad := range map[string][]Partner{
		"empty id":       {{ID: ""}},
		"spaces":         {{ID: "a b"}},
		"twice":          {{ID: "a"}, {ID: "A"}},
		"script link":    {{ID: "a", HomeURL: "javascript:alert(1)"}},
		"relative link":  {{ID: "a", HomeURL: "/home"}},
		"no variant":     {{ID: "a", InstallNotice: &InstallNotice{}}},
		"negative delay": {{ID: "a", InstallNotice: &InstallNotice{Variant: "a", DelaySeconds: -1}}},
		"bad offer":      {{ID: "a", AppOffer: "<b>"}},
	} {
		if err := NormalizePartners(bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
