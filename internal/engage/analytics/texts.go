package analytics

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the texts of refused batches: texts/{lang}.json, one
// file per interface language.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
