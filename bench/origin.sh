#!/bin/sh
# Media origin budget: efir serves a signed segment at no less than half the
# throughput of nginx serving the same file (wrk on loopback, same run).
#
#   sh bench/origin.sh [media dir | --big]
#
# --big serves a 1 MB segment (a 2 s segment at 4 Mbit/s) instead of the
# demo's 16 KB ones.
#
# BENCH_ROUNDS (5) x BENCH_DURATION (4s) per server. The media dir defaults to media/demo when it holds an asset, else to the
# origin's test fixture. Skips (exit 0) when nginx or wrk is missing.
#
# efir serves through server.ServeListener as `efir serve` does, so segments
# take the connection fast path (internal/server/fastconn);
# BENCH_ORIGIN_FLAGS=-fast=false measures net/http alone for comparison.
set -eu
cd "$(dirname "$0")/.."
for tool in nginx wrk; do
	if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$tool" ]; then
		echo "bench/origin.sh: skipped, $tool is not installed (apt-get install -y nginx-light wrk)"
		exit 0
	fi
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
dir=${1:-}
big=
if [ "$dir" = "--big" ]; then
	# The demo's segments are tiny (flat pictures, ~16 KB), which measures
	# requests per second more than bytes. A broadcast 2 s segment at
	# 4 Mbit/s is about 1 MB: serve one of that size from a copy of ch01.
	big=$(mktemp -d /tmp/efir-origin-big.XXXXXX)
	chmod 755 "$big" # nginx workers read it as another user
	cp -r media/demo/ch01 "$big/"
	head -c 1048576 /dev/urandom >"$big/ch01/720p/000.m4s"
	dir=$big
fi
if [ -z "$dir" ]; then
	dir=media/demo
	ls "$dir"/*/asset.json >/dev/null 2>&1 || dir=internal/media/testdata
fi
dir=$(cd "$dir" && pwd)
efir_port=${EFIR_BENCH_PORT:-18102}
nginx_port=${NGINX_BENCH_PORT:-18122}
duration=${BENCH_DURATION:-4s}
rounds=${BENCH_ROUNDS:-5}
work=$(mktemp -d /tmp/efir-origin-bench.XXXXXX)
efir_pid= nginx_started=
cleanup() {
	[ -n "$efir_pid" ] && kill "$efir_pid" 2>/dev/null || true
	[ -n "$nginx_started" ] && "$NGINX" -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
	rm -rf "$work"
	[ -n "$big" ] && rm -rf "$big" || true
}
trap cleanup EXIT INT TERM

# nginx as a tuned static file server would run: sendfile, no access log.
mkdir -p "$work/logs"
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/logs/error.log warn;
events { worker_connections 1024; }
http {
	access_log off;
	sendfile on;
	tcp_nopush on;
	keepalive_requests 100000;
	client_body_temp_path $work/body;
	proxy_temp_path $work/proxy;
	fastcgi_temp_path $work/fastcgi;
	uwsgi_temp_path $work/uwsgi;
	scgi_temp_path $work/scgi;
	types { video/mp2t ts; video/mp4 mp4 m4s; audio/aac aac; text/vtt vtt; }
	server {
		listen 127.0.0.1:$nginx_port;
		root $dir;
		location / { add_header Cache-Control "public, max-age=31536000, immutable"; }
	}
}
CONF
"$NGINX" -p "$work" -c "$work/nginx.conf"
nginx_started=1

go build ${BENCH_GOFLAGS:-} -o "$work/origin" ./bench/origin
"$work/origin" ${BENCH_ORIGIN_FLAGS:-} -dir "$dir" -addr "127.0.0.1:$efir_port" >"$work/url" &
efir_pid=$!
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$work/url" ] && break; sleep 0.3; done
read -r efir_url file <"$work/url"
nginx_url="http://127.0.0.1:$nginx_port/$file"
for u in "$nginx_url" "$efir_url"; do
	code=$(curl -s -o /dev/null -w '%{http_code}' "$u")
	[ "$code" = 200 ] || { echo "bench/origin.sh: $u answered $code"; exit 1; }
done
size=$(wc -c <"$dir/$file")

# cpu_ticks PID...: user+system clock ticks the processes have used so far.
cpu_ticks() {
	t=0
	for p in "$@"; do
		set -- $(cut -d' ' -f14,15 "/proc/$p/stat" 2>/dev/null || echo "0 0")
		t=$((t + $1 + $2))
	done
	echo "$t"
}
nginx_pids() { echo "$(cat "$work/nginx.pid") $(pgrep -P "$(cat "$work/nginx.pid")" | tr '\n' ' ')"; }

# The machine is shared, so the two servers are measured in alternating
# short rounds (slow swings of load hit both alike) and the medians are
# compared. CPU time per request (ticks of the server processes over the
# requests served) is printed too: it does not depend on how busy the
# machine is.
round() { # name url pids... -> "req/s ticks requests"
	name=$1 url=$2
	shift 2
	before=$(cpu_ticks "$@")
	wrk -t2 -c32 -d"$duration" "$url" >"$work/$name.txt"
	after=$(cpu_ticks "$@")
	rps=$(awk '/Requests\/sec/ {print $2}' "$work/$name.txt")
	reqs=$(awk '/requests in/ {print $1}' "$work/$name.txt")
	echo "$rps $((after - before)) $reqs"
}
: >"$work/nginx.rounds"
: >"$work/efir.rounds"
for _ in $(seq "$rounds"); do
	round nginx "$nginx_url" $(nginx_pids) >>"$work/nginx.rounds"
	round efir "$efir_url" "$efir_pid" >>"$work/efir.rounds"
done
hz=$(getconf CLK_TCK)
median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
nginx_rps=$(cut -d' ' -f1 "$work/nginx.rounds" | median)
efir_rps=$(cut -d' ' -f1 "$work/efir.rounds" | median)
cpu_us() { awk -v hz="$hz" '{t += $2; n += $3} END {printf "%.1f", n ? t / hz * 1e6 / n : 0}' "$1"; }
nginx_cpu=$(cpu_us "$work/nginx.rounds")
efir_cpu=$(cpu_us "$work/efir.rounds")
awk -v n="$nginx_rps" -v e="$efir_rps" -v nc="$nginx_cpu" -v ec="$efir_cpu" -v s="$size" -v f="$file" -v r="$rounds" -v d="$duration" 'BEGIN {
	printf "origin: segment %s (%d bytes), wrk -t2 -c32, %d alternating rounds of %s, medians\n", f, s, r, d
	printf "  nginx %8.0f req/s %7.1f MB/s %6.1f us CPU/req\n", n, n * s / 1e6, nc
	printf "  efir  %8.0f req/s %7.1f MB/s %6.1f us CPU/req\n", e, e * s / 1e6, ec
	printf "  ratio efir/nginx %.2f by throughput, %.2f by CPU per request (budget >= 0.50)\n", e / n, (ec > 0 ? nc / ec : 0)
}'
