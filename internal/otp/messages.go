package otp

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the server texts of one-time codes: texts/{lang}.json, one
// file per interface language, edited by translators.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
