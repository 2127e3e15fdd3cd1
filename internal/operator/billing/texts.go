package billing

import (
	"embed"

	"efir/internal/httpx"
)

// textFiles are the server texts of the billing callbacks: texts/billing.{lang}.json.
//
//go:embed texts/*.json
var textFiles embed.FS

func init() { httpx.RegisterFS(textFiles, "texts") }
