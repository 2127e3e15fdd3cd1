#!/usr/bin/env python3
"""Measures one generated demo asset and writes its subtitles and asset.json.

Called by scripts/gen-demo-media.sh after ffmpeg has written the fMP4 tracks:

    gen-demo-media-meta.py <asset dir> <name> <label> <fps>

Durations come from the segments themselves (ffprobe packet timestamps), not
from the settings that should have produced them, and the tracks are checked
against each other: every track has the same number of segments, the video
renditions agree exactly, audio within one AAC frame of the video.
"""
import json
import math
import os
import subprocess
import sys

VIDEO = ["720p", "480p", "240p"]
AUDIO = [("ru", "Русский", True), ("en", "English", False)]
SUBS = [("ru", "Русский"), ("en", "English")]
AAC_FRAME = 1024 / 48000

PHRASES = {
    "ru": [
        "Вы смотрите канал «{label}»",
        "Это демонстрационный поток Эфира",
        "Русские субтитры",
        "Картинка и звук повторяются каждую минуту",
        "Смените язык звука в меню плеера",
    ],
    "en": [
        "You are watching {label}",
        "This is an Efir demo stream",
        "English subtitles",
        "Picture and sound repeat every minute",
        "Switch the audio language in the player menu",
    ],
}


def probe(init, seg, kind):
    """Start and duration (seconds) of one fMP4 segment, plus stream facts."""
    data = open(init, "rb").read() + open(seg, "rb").read()
    out = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", kind, "-show_entries",
         "packet=pts_time,duration_time:stream=codec_name,profile,width,height,sample_rate",
         "-of", "json", "-i", "pipe:0"],
        input=data, capture_output=True, check=True).stdout
    j = json.loads(out)
    pk = j["packets"]
    if not pk:
        sys.exit(f"{seg}: no {kind} packets")
    # The first AAC packet of a track may carry no duration (priming).
    known = [float(p["duration_time"]) for p in pk if p.get("duration_time", "N/A") != "N/A"]
    frame = sorted(known)[len(known) // 2] if known else 0.0
    first = min(float(p["pts_time"]) for p in pk)
    last = max(float(p["pts_time"]) + (float(p["duration_time"]) if p.get("duration_time", "N/A") != "N/A" else frame) for p in pk)
    return first, last - first, j["streams"][0]


def segments(d):
    return sorted(f for f in os.listdir(d) if f.endswith(".m4s"))


def track(adir, name, kind):
    d = os.path.join(adir, name)
    init = os.path.join(d, "init.mp4")
    segs = segments(d)
    starts, durs, sizes, stream = [], [], [], None
    for s in segs:
        start, dur, stream = probe(init, os.path.join(d, s), kind)
        starts.append(start)
        durs.append(dur)
        sizes.append(os.path.getsize(os.path.join(d, s)))
    for i, s in enumerate(segs):
        if s != f"{i:03d}.m4s":
            sys.exit(f"{d}: unexpected segment name {s}")
    return {"starts": starts, "durs": durs, "sizes": sizes, "stream": stream, "init": init}


def avc_codec(init):
    data = open(init, "rb").read()
    i = data.find(b"avcC")
    if i < 0:
        sys.exit(f"{init}: no avcC box")
    # configurationVersion, AVCProfileIndication, profile_compatibility, AVCLevelIndication
    return "avc1." + data[i + 5:i + 8].hex()


def mmss(t):
    t = int(round(t))
    return f"{t // 60:02d}:{t % 60:02d}"


def vtt_time(t):
    ms = int(round(t * 1000))
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d}.{ms % 1000:03d}"


def main():
    adir, name, label, fps = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
    video = {v: track(adir, v, "v") for v in VIDEO}
    audio = {a: track(adir, "audio_" + a, "a") for a, _, _ in AUDIO}

    ref = video[VIDEO[0]]
    n = len(ref["durs"])
    for k, t in list(video.items()) + list(audio.items()):
        if len(t["durs"]) != n:
            sys.exit(f"{name}/{k}: {len(t['durs'])} segments, video has {n}")
    for k, t in video.items():
        for i in range(n):
            if abs(t["durs"][i] - ref["durs"][i]) > 0.001 or abs(t["starts"][i] - ref["starts"][i]) > 0.001:
                sys.exit(f"{name}/{k} segment {i} differs from {VIDEO[0]}")
    for k, t in audio.items():
        if t["stream"]["profile"] != "LC":
            sys.exit(f"{name}/audio_{k}: AAC profile {t['stream']['profile']}, want LC")
        for i in range(n):
            if abs(t["starts"][i] - ref["starts"][i]) > AAC_FRAME + 0.001:
                sys.exit(f"{name}/audio_{k} segment {i} starts {t['starts'][i]:.4f}, video {ref['starts'][i]:.4f}")

    durs = [round(d, 3) for d in ref["durs"]]
    # Local cue times follow the video timeline; X-TIMESTAMP-MAP ties local 0
    # to the video's first presentation time (90 kHz).
    t0 = ref["starts"][0]
    mpegts = int(round(t0 * 90000))
    offs = [0.0]
    for d in durs:
        offs.append(offs[-1] + d)
    for lang, _ in SUBS:
        d = os.path.join(adir, "sub_" + lang)
        os.makedirs(d, exist_ok=True)
        phrases = PHRASES[lang]
        for i in range(n):
            text = phrases[i % len(phrases)].format(label=label)
            body = (f"WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:{mpegts},LOCAL:00:00:00.000\n\n"
                    f"{i + 1}\n{vtt_time(offs[i])} --> {vtt_time(offs[i + 1])} line:85%\n"
                    f"{text}\n{mmss(offs[i])}–{mmss(offs[i + 1])}\n")
            with open(os.path.join(d, f"{i:03d}.vtt"), "w", encoding="utf-8") as f:
                f.write(body)

    audio_peak = max(max(s * 8 / d for s, d in zip(t["sizes"], t["durs"])) for t in audio.values())

    def bandwidth(t):
        # Peak segment bit rate of the rendition plus the peak audio rendition,
        # as EXT-X-STREAM-INF BANDWIDTH wants; rounded up to 1 kbit/s.
        peak = max(s * 8 / d for s, d in zip(t["sizes"], t["durs"]))
        return int(math.ceil((peak + audio_peak) / 1000) * 1000)

    doc = {
        "name": name,
        "label": label,
        "segments": durs,
        "video": [{
            "name": v,
            "bandwidth": bandwidth(video[v]),
            "resolution": f"{video[v]['stream']['width']}x{video[v]['stream']['height']}",
            "codecs": avc_codec(video[v]["init"]) + ",mp4a.40.2",
            "frame_rate": int(fps) if fps.is_integer() else fps,
            "init": f"{v}/init.mp4",
            "files": f"{v}/%03d.m4s",
        } for v in VIDEO],
        "audio": [{
            "name": a, "language": a, "label": lab, "default": dflt, "codecs": "mp4a.40.2",
            "init": f"audio_{a}/init.mp4", "files": f"audio_{a}/%03d.m4s",
        } for a, lab, dflt in AUDIO],
        "subtitles": [{
            "name": s, "language": s, "label": lab, "default": False, "files": f"sub_{s}/%03d.vtt",
        } for s, lab in SUBS],
    }
    with open(os.path.join(adir, "asset.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=2)
        f.write("\n")
    worst = max(abs(t["starts"][i] - ref["starts"][i]) for t in audio.values() for i in range(n))
    print(f"  {n} segments, {sum(durs):.3f} s, video starts at {t0:.3f} s, audio offset <= {worst * 1000:.1f} ms")


if __name__ == "__main__":
    main()
