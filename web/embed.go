// Package web holds the built React client. `npm run build` writes web/dist, and the
// Go server serves it from Dist (index.html fallback for client-side routes).
package web

import "embed"

// Dist is the built client: index.html, hashed assets and public/ (locales, icons).
//
//go:embed all:dist
var Dist embed.FS
