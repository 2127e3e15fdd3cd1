package catalog

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the server texts of the catalogue (errors, section
// names): texts/{lang}.json or texts/{topic}.{lang}.json, one file per
// interface language and topic.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
