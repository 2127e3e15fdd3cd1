package identity

import (
	"embed"

	"efir/internal/httpx"
)

// messageFiles are the server texts of sign-in, users, devices, profiles,
// avatars, the parental PIN and accounts: texts/{lang}.json, one file per
// interface language, edited by translators.
//
//go:embed texts/*.json
var messageFiles embed.FS

func init() { httpx.RegisterFS(messageFiles, "texts") }
