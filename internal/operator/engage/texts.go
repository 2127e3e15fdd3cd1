package engage

import (
	"embed"

	"efir/internal/httpx"
)

// textFiles are the section's server texts: texts/{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }
