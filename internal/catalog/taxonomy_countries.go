package catalog

// countryCodes maps the ISO 3166-1 numeric codes contents are tagged with
// (content_countries.country_id) to alpha-2 codes, which key the country
// names of the platform's list (internal/provider/countries.go, texts
// country_XX). A code missing here is left out of a content's countries;
// TestCountryCodesMatchThePlatform keeps the two lists the same.
var countryCodes = map[int64]string{
	643: "RU", 398: "KZ", 112: "BY", 51: "AM", 31: "AZ", 417: "KG", 498: "MD", 762: "TJ", 795: "TM", 860: "UZ",
	268: "GE", 804: "UA", 428: "LV", 440: "LT", 233: "EE", 642: "RO", 100: "BG", 616: "PL", 688: "RS", 499: "ME",
	792: "TR", 196: "CY", 300: "GR", 276: "DE", 250: "FR", 380: "IT", 724: "ES", 203: "CZ", 246: "FI", 528: "NL",
	826: "GB", 376: "IL", 784: "AE", 818: "EG", 764: "TH", 156: "CN", 496: "MN", 840: "US", 124: "CA",
}
