#!/usr/bin/env bash
# Generates the demo loop channels under media/demo/ (committed; the media
# origin plays each one 24/7 on the wall clock, see internal/media).
#
#   scripts/gen-demo-media.sh            # wipe media/demo/ch* and regenerate all
#   scripts/gen-demo-media.sh ch01 ch03  # regenerate only these assets
#
# Every asset is a 60 s loop of 30 segments of exactly 2 s (25 fps, a closed
# GOP of 50 frames, no scene-cut keyframes, no B-frames so PTS == DTS),
# fragmented MP4 (CMAF-style init.mp4 + NNN.m4s per track):
#   video 720p / 480p / 240p H.264, audio ru / en AAC-LC as separate
#   renditions, WebVTT subtitles ru / en with X-TIMESTAMP-MAP.
# fMP4 rather than MPEG-TS because TS costs at least one 188-byte packet per
# video frame, which would eat most of the 15 MB budget of mostly-static
# pictures. scripts/gen-demo-media-meta.py measures the produced segments with
# ffprobe and writes the subtitles and asset.json.
# Needs ffmpeg/ffprobe (libx264, drawtext) and python3; the output of a given
# ffmpeg build is deterministic (bitexact flags, fixed x264 threads).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out="$root/media/demo"
meta="$root/scripts/gen-demo-media-meta.py"
for tool in ffmpeg ffprobe python3; do
  command -v "$tool" >/dev/null || { echo "gen-demo-media: $tool not found (apt-get install -y ffmpeg python3)" >&2; exit 1; }
done
fontdir=/usr/share/fonts/truetype/dejavu
bold="$fontdir/DejaVuSans-Bold.ttf"
mono="$fontdir/DejaVuSansMono-Bold.ttf"
[[ -f $bold && -f $mono ]] || { echo "gen-demo-media: DejaVu fonts missing (apt-get install -y fonts-dejavu-core)" >&2; exit 1; }

loop=60  # seconds; a multiple of the 2 s segment
fps=25
gop=50   # 2 s
# 60 s is 2812.5 AAC frames at 48 kHz; the encoder would flush a frame at
# 60.01 s which the segmenter turns into a 31st segment. Two frames short keeps
# 30 audio segments, each starting within one frame (21 ms) of its video one.
adur=59.957

# name | label | background (lavfi graph producing one 1280x720 frame) | ru tone Hz | en tone Hz
assets=(
  "ch01|Efir 1|gradients=s=1280x720:c0=0x0b2a6b:c1=0x2a6fd6:x0=0:y0=0:x1=1280:y1=720:speed=0.00001|330|440"
  "ch02|News 24|gradients=s=1280x720:c0=0x4a0608:c1=0xa8141c:x0=0:y0=0:x1=0:y1=720:speed=0.00001,drawbox=x=0:y=560:w=1280:h=70:color=0xf2f2f2:t=fill,drawbox=x=0:y=560:w=220:h=70:color=0xffc400:t=fill|349|466"
  "ch03|Sport|color=c=0x1e7a2e:s=1280x720,drawbox=x=0:y=0:w=1280:h=720:color=white:t=8,drawbox=x=636:y=0:w=8:h=720:color=white:t=fill,drawbox=x=0:y=210:w=150:h=300:color=white:t=8,drawbox=x=1130:y=210:w=150:h=300:color=white:t=8|370|494"
  "ch04|Kids|color=c=0xffb300:s=1280x720,drawbox=x=60:y=60:w=160:h=160:color=0xe53935:t=fill,drawbox=x=1060:y=60:w=160:h=160:color=0x1e88e5:t=fill,drawbox=x=60:y=500:w=160:h=160:color=0x43a047:t=fill,drawbox=x=1060:y=500:w=160:h=160:color=0x8e24aa:t=fill|392|523"
  "ch05|Cinema|gradients=s=1280x720:c0=0x101010:c1=0x3b2a10:x0=640:y0=0:x1=640:y1=720:speed=0.00001,drawbox=x=0:y=0:w=1280:h=90:color=black:t=fill,drawbox=x=0:y=630:w=1280:h=90:color=black:t=fill|294|392"
  "ch06|Music|gradients=s=1280x720:c0=0x3a0a6b:c1=0xd81b8c:x0=0:y0=720:x1=1280:y1=0:speed=0.00001|415|554"
  "ch07|Nature|gradients=s=1280x720:c0=0x0d4d4d:c1=0x5aa83c:x0=0:y0=0:x1=0:y1=720:speed=0.00001|262|349"
  "ch08|4K Demo|smptehdbars=s=1280x720|311|415"
)

want=("$@")
selected() {
  [[ ${#want[@]} -eq 0 ]] && return 0
  local w
  for w in "${want[@]}"; do [[ $w == "$1" ]] && return 0; done
  return 1
}

mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

common=(-hide_banner -loglevel error -nostdin -y)
bitexact=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact)
# hls muxer in fMP4 mode; the playlists it writes are thrown away (the origin
# writes its own from asset.json).
hls=(-f hls -hls_time 2 -hls_playlist_type vod -hls_segment_type fmp4 -hls_fmp4_init_filename init.mp4)
x264=(-c:v libx264 -preset medium -bf 0 -g "$gop" -keyint_min "$gop" -sc_threshold 0
  -x264-params "threads=2:open-gop=0" -pix_fmt yuv420p)

# Each asset is built in $work/<name> and then swapped in whole, so a running
# origin never sees a half-written asset.
gen_asset() {
  local name=$1 label=$2
  local dir="$work/$name" tmp="$work/$name.tmp"
  mkdir -p "$dir"/{720p,480p,240p,audio_ru,audio_en,sub_ru,sub_en} "$tmp"
  echo "gen-demo-media: $name ($label)"
  gen_video "$@"
  gen_audio "$@"
  rm -f "$dir"/*/index.m3u8
  python3 "$meta" "$dir" "$name" "$label" "$fps"
  rm -rf "$tmp" "$out/.$name.new" "$out/.$name.old"
  cp -r "$dir" "$out/.$name.new"
  [[ -e $out/$name ]] && mv "$out/$name" "$out/.$name.old"
  mv "$out/.$name.new" "$out/$name"
  rm -rf "$out/.$name.old" "$dir"
}

gen_video() {
  local name=$1 label=$2 bg=$3
  local dir="$work/$name" tmp="$work/$name.tmp"
  ffmpeg "${common[@]}" -f lavfi -i "$bg" -frames:v 1 "$tmp/bg.png"
  # Texts live in files so drawtext sees them without filtergraph escaping.
  printf '%s' "$label" >"$tmp/label.txt"
  printf '%s' "Efir demo · $name · loop ${loop}s" >"$tmp/sub.txt"
  # mm:ss.t of the loop position: visibly running, and what the subtitles quote.
  printf '%s' '%{eif:floor(t/60):d:2}:%{eif:mod(floor(t),60):d:2}.%{eif:mod(floor(t*10),10):d}' >"$tmp/clock.txt"

  local txt="fontcolor=white:shadowcolor=black@0.6:expansion=normal"
  local graph="[0:v]format=yuv420p,
drawtext=fontfile=$bold:textfile=$tmp/label.txt:fontsize=150:$txt:shadowx=5:shadowy=5:x=(w-tw)/2:y=170,
drawtext=fontfile=$mono:textfile=$tmp/clock.txt:fontsize=96:$txt:shadowx=3:shadowy=3:box=1:boxcolor=black@0.35:boxborderw=16:x=(w-tw)/2:y=390,
drawtext=fontfile=$bold:textfile=$tmp/sub.txt:fontsize=28:$txt:shadowx=2:shadowy=2:x=(w-tw)/2:y=530[pic];
[pic][1:v]overlay=x=-w+w*t/$loop:y=H-h:eval=frame:shortest=1,split=3[v720][a][b];
[a]scale=854:480:flags=lanczos[v480];
[b]scale=426:240:flags=lanczos[v240]"
  printf '%s' "$graph" >"$tmp/graph.txt"

  # One run, three renditions: identical timestamps and keyframes in each.
  ffmpeg "${common[@]}" -loop 1 -framerate "$fps" -t "$loop" -i "$tmp/bg.png" \
    -f lavfi -t "$loop" -i "color=c=white@0.85:s=1280x12:r=$fps" \
    -filter_complex_script "$tmp/graph.txt" "${bitexact[@]}" \
    -map '[v720]' "${x264[@]}" -profile:v high -level:v 3.1 -crf 34 -maxrate 600k -bufsize 1200k \
      "${hls[@]}" -hls_segment_filename "$dir/720p/%03d.m4s" "$dir/720p/index.m3u8" \
    -map '[v480]' "${x264[@]}" -profile:v main -level:v 3.0 -crf 33 -maxrate 350k -bufsize 700k \
      "${hls[@]}" -hls_segment_filename "$dir/480p/%03d.m4s" "$dir/480p/index.m3u8" \
    -map '[v240]' "${x264[@]}" -profile:v baseline -level:v 2.1 -crf 32 -maxrate 150k -bufsize 300k \
      "${hls[@]}" -hls_segment_filename "$dir/240p/%03d.m4s" "$dir/240p/index.m3u8"

}

gen_audio() {
  local name=$1 ru=$4 en=$5
  local dir="$work/$name"
  # Audio: a soft tone per language with a short beep each second and a
  # higher one at every 10 s, so language switches are audible.
  local beep='0.45*sin(2*PI*%s*t)*lt(mod(t,1),0.08)+0.45*sin(2*PI*%s*t)*lt(mod(t,10),0.25)'
  local ru_expr en_expr
  ru_expr="0.15*sin(2*PI*$ru*t)+$(printf "$beep" $((ru * 2)) $((ru * 3)))"
  en_expr="0.15*sin(2*PI*$en*t)+$(printf "$beep" $((en * 2)) $((en * 3)))"
  # aevalsrc options are ':'-separated and the graph is ','-separated: escape commas.
  ru_expr=${ru_expr//,/\\,}
  en_expr=${en_expr//,/\\,}
  ffmpeg "${common[@]}" \
    -f lavfi -i "aevalsrc=$ru_expr:s=48000:d=$adur" \
    -f lavfi -i "aevalsrc=$en_expr:s=48000:d=$adur" "${bitexact[@]}" \
    -map 0:a -c:a aac -ac 1 -b:a 16k -metadata:s:a:0 language=rus \
      "${hls[@]}" -hls_segment_filename "$dir/audio_ru/%03d.m4s" "$dir/audio_ru/index.m3u8" \
    -map 1:a -c:a aac -ac 1 -b:a 16k -metadata:s:a:0 language=eng \
      "${hls[@]}" -hls_segment_filename "$dir/audio_en/%03d.m4s" "$dir/audio_en/index.m3u8"
}

names=()
for row in "${assets[@]}"; do
  IFS='|' read -r name label bg ru en <<<"$row"
  names+=("$name")
  selected "$name" || continue
  gen_asset "$name" "$label" "$bg" "$ru" "$en"
done
# A full run also removes assets that are no longer in the table.
if [[ ${#want[@]} -eq 0 ]]; then
  for d in "$out"/*/; do
    d=$(basename "$d")
    [[ " ${names[*]} " == *" $d "* ]] || rm -rf "${out:?}/$d"
  done
fi
# The trick-play thumbnails of what was made (gen-demo-thumbs.sh).
made=()
for n in "${names[@]}"; do selected "$n" && made+=("$n"); done
"$root/scripts/gen-demo-thumbs.sh" "${made[@]}"
echo "gen-demo-media: $(du -sb "$out" | cut -f1) bytes in $out"
