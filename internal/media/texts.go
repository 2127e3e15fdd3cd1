package media

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the texts of the origin's refusals: texts/{lang}.json.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
