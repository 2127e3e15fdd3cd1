package provider

import "efir/internal/httpx"

// Country is one entry of GET /v2/countries; id is the ISO 3166-1 numeric code.
type Country struct {
	ID   int    `json:"id"`
	Code string `json:"code"`
	Name string `json:"name"`
}

// countries are the countries operators of this kind serve and their viewers
// travel to: the CIS first, then neighbours, then the rest of Europe and beyond.
// Their names are texts ("country_" + code) in texts/countries.{lang}.json,
// one file per interface language.
var countries = []struct {
	id   int
	code string
}{
	{643, "RU"},
	{398, "KZ"},
	{112, "BY"},
	{51, "AM"},
	{31, "AZ"},
	{417, "KG"},
	{498, "MD"},
	{762, "TJ"},
	{795, "TM"},
	{860, "UZ"},
	{268, "GE"},
	{804, "UA"},
	{428, "LV"},
	{440, "LT"},
	{233, "EE"},
	{642, "RO"},
	{100, "BG"},
	{616, "PL"},
	{688, "RS"},
	{499, "ME"},
	{792, "TR"},
	{196, "CY"},
	{300, "GR"},
	{276, "DE"},
	{250, "FR"},
	{380, "IT"},
	{724, "ES"},
	{203, "CZ"},
	{246, "FI"},
	{528, "NL"},
	{826, "GB"},
	{376, "IL"},
	{784, "AE"},
	{818, "EG"},
	{764, "TH"},
	{156, "CN"},
	{496, "MN"},
	{840, "US"},
	{124, "CA"},
}

// countriesIn lists the countries with names in lang.
func countriesIn(lang string) []Country {
	out := make([]Country, 0, len(countries))
	for _, c := range countries {
		out = append(out, Country{ID: c.id, Code: c.code, Name: httpx.T(lang, "country_"+c.code)})
	}
	return out
}
