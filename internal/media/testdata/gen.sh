#!/bin/sh
# Makes the tiny test asset "fix" (3 one-second segments: two video
# renditions, audio ru/en, WebVTT ru/en) so the origin's tests need no demo
# media. Run from this directory: sh gen.sh
set -eu
rm -rf fix && mkdir -p fix
cd fix
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }
hls() { echo "-f hls -hls_time 1 -hls_list_size 0 -hls_segment_type mpegts -hls_segment_filename $1/%03d.ts $1/index.m3u8"; }
for r in 160x90:90p:60k 320x180:180p:120k; do
	size=${r%%:*}; rest=${r#*:}; name=${rest%%:*}; rate=${rest#*:}
	mkdir -p "$name"
	ff -f lavfi -i "testsrc2=size=$size:rate=25:duration=3" -c:v libx264 -profile:v baseline -preset veryfast \
		-b:v "$rate" -g 25 -keyint_min 25 -sc_threshold 0 -pix_fmt yuv420p $(hls "$name")
	rm "$name/index.m3u8"
done
for a in ru:440 en:880; do
	lang=${a%%:*}; freq=${a#*:}
	mkdir -p "audio_$lang"
	ff -f lavfi -i "sine=frequency=$freq:duration=3" -c:a aac -b:a 32k -ac 1 $(hls "audio_$lang")
	rm "audio_$lang/index.m3u8" "audio_$lang"/003.ts 2>/dev/null || true
done
for lang in ru en; do
	mkdir -p "sub_$lang"
	for i in 0 1 2; do
		printf 'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:0%d.000 --> 00:00:0%d.900\n%s %d\n' \
			"$i" "$i" "$lang" "$i" >"sub_$lang/00$i.vtt"
	done
done
cat >asset.json <<'JSON'
{
  "name": "fix",
  "label": "Fixture",
  "segments": [1.0, 1.0, 1.0],
  "video": [
    {"name": "180p", "bandwidth": 150000, "resolution": "320x180", "codecs": "avc1.42c00d", "frame_rate": 25, "init": "", "files": "180p/%03d.ts"},
    {"name": "90p", "bandwidth": 80000, "resolution": "160x90", "codecs": "avc1.42c00b", "frame_rate": 25, "init": "", "files": "90p/%03d.ts"}
  ],
  "audio": [
    {"name": "ru", "language": "ru", "label": "Русский", "default": true, "codecs": "mp4a.40.2", "init": "", "files": "audio_ru/%03d.ts"},
    {"name": "en", "language": "en", "label": "English", "default": false, "codecs": "mp4a.40.2", "init": "", "files": "audio_en/%03d.ts"}
  ],
  "subtitles": [
    {"name": "ru", "language": "ru", "label": "Русский", "default": false, "files": "sub_ru/%03d.vtt"},
    {"name": "en", "language": "en", "label": "English", "default": false, "files": "sub_en/%03d.vtt"}
  ]
}
JSON
