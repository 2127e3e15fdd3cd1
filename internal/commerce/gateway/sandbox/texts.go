package sandbox

import (
	"embed"

	"efir/internal/httpx"
)

// textFiles are the texts of the hosted pages and the SMS code, one file per
// interface language; every key starts with sandbox_.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }
