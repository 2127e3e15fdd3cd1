// Package mediafiles holds the demo media (media/demo/<asset>/ with
// asset.json and HLS segments, made by scripts/gen-demo-media.sh) inside the
// binary, so a fresh efir plays its demo channels with nothing installed.
// internal/media extracts it to the data directory on start.
package mediafiles

import "embed"

// FS holds demo/<asset>/... ("all:" keeps files whose names start with '.' or '_').
//
//go:embed all:demo
var FS embed.FS
