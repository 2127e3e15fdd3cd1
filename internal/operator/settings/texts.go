package settings

import (
	"embed"

	"efir/internal/httpx"
)

// textFiles are the server texts of the settings section:
// texts/settings.{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }
