package catalogadmin

import (
	"embed"

	"efir/internal/httpx"
)

// textFiles are the section's server texts: texts/catalog.{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }
