package push

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the server texts of push subscriptions:
// texts/{lang}.json, one file per interface language.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
