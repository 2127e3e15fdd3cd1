package provider

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the server texts of operators (defaults of the landing,
// SEO texts, the region error) in texts/{lang}.json and the country names in
// texts/countries.{lang}.json, one file per interface language, edited by
// translators.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
