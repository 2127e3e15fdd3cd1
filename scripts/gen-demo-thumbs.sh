#!/usr/bin/env bash
# Makes the trick-play thumbnails of demo assets (media/demo/chNN): one JPEG
# sprite sheet of the loop's pictures every 10 s at 196x110 (the spec's
# size), 3 across, and its entry in asset.json, which the media origin turns
# into a WebVTT index per stream (internal/media/thumbnails.go).
#
#   scripts/gen-demo-thumbs.sh            # every asset
#   scripts/gen-demo-thumbs.sh ch01 ch03  # only these
#
# gen-demo-media.sh runs it for the assets it makes. Needs ffmpeg and python3.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/media/demo"
command -v ffmpeg >/dev/null || { echo "gen-demo-thumbs: ffmpeg not found (apt-get install -y ffmpeg)" >&2; exit 1; }

interval=10 width=196 height=110 columns=3

names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
  for d in "$out"/ch*/; do names+=("$(basename "$d")"); done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for name in "${names[@]}"; do
  dir="$out/$name"
  [[ -f $dir/asset.json ]] || { echo "gen-demo-thumbs: $dir/asset.json missing" >&2; exit 1; }
  # The smallest rendition decodes fastest and is sharper than 196x110 already.
  cat "$dir/240p/init.mp4" "$dir"/240p/[0-9]*.m4s >"$work/$name.mp4"
  loop=$(python3 -c 'import json,sys; print(sum(json.load(open(sys.argv[1]))["segments"]))' "$dir/asset.json")
  count=$(python3 -c 'import math,sys; print(math.ceil(float(sys.argv[1]) / int(sys.argv[2])))' "$loop" "$interval")
  rows=$(( (count + columns - 1) / columns ))
  # One frame at every interval's start (t = 0, 10, 20, ...), scaled and tiled.
  ffmpeg -hide_banner -loglevel error -nostdin -y -i "$work/$name.mp4" \
    -vf "select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,$interval-0.001)',scale=$width:$height,tile=${columns}x${rows}" \
    -frames:v 1 -q:v 5 -fflags +bitexact "$dir/thumbs.jpg"
  python3 - "$dir/asset.json" "$interval" "$width" "$height" "$columns" "$count" <<'PY'
import json, sys
path, interval, width, height, columns, count = sys.argv[1], *map(int, sys.argv[2:])
with open(path, encoding="utf-8") as f:
    doc = json.load(f)
doc["thumbnails"] = {"file": "thumbs.jpg", "interval": interval, "width": width, "height": height,
                     "columns": columns, "count": count}
with open(path, "w", encoding="utf-8") as f:
    json.dump(doc, f, ensure_ascii=False, indent=2)
    f.write("\n")
PY
  echo "gen-demo-thumbs: $name: $count pictures, $(stat -c %s "$dir/thumbs.jpg") bytes"
done
