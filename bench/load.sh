#!/usr/bin/env bash
# Load test: GET / for 10 s with 10 connections (wrk, 2 threads), against bin/site and against nginx
# serving the very same prerendered file, both on loopback. The load generator shares the 2 cores.
# Usage: make build && bash bench/load.sh   (installs wrk and nginx-light from Debian when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || apt-get install -y -qq wrk >/dev/null
command -v nginx >/dev/null || apt-get install -y -qq nginx-light >/dev/null

SITE_PORT=3191 NGINX_PORT=3192
work=$(mktemp -d)
trap 'kill $site_pid 2>/dev/null; nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null; rm -rf "$work"' EXIT

PORT=$SITE_PORT DATA_DIR="$work/data" LOG_LEVEL=error ./bin/site & site_pid=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$SITE_PORT/healthz" >/dev/null && break; sleep 0.1; done

# nginx serves the exact bytes bin/site sends for / (SITE_URL already substituted).
mkdir -p "$work/www" "$work/logs"
curl -fs "http://127.0.0.1:$SITE_PORT/" -o "$work/www/index.html"
cat > "$work/nginx.conf" <<CONF
worker_processes auto;
error_log $work/logs/error.log;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  gzip on; gzip_comp_level 6;
  server { listen 127.0.0.1:$NGINX_PORT; root $work/www; location / { try_files /index.html =404; } }
}
CONF
# mktemp makes a private folder; nginx's workers run unprivileged and must be able to read the file.
chmod -R a+rX "$work"
nginx -p "$work" -c "$work/nginx.conf"
sleep 0.3

run() { # name url accept-encoding
  local out status
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "Accept-Encoding: $3" "$2")
  [ "$status" = 200 ] || { echo "$1 answers $status, not 200: not measuring an error page" >&2; exit 1; }
  out=$(wrk -t2 -c10 -d10s --latency -H "Accept-Encoding: $3" "$2")
  # Bytes per response (body and headers) shows which encoding was really sent.
  local bytes
  bytes=$(( $(curl -s -H "Accept-Encoding: $3" -o /dev/null -w '%{size_download}+%{size_header}' "$2") ))
  printf '| %s | %s | %s | %s | %s |\n' "$1" "$3" "$bytes" "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
}
mkdir -p bench/results
{
  echo "wrk -t2 -c10 -d10s on GET /, $(date -u +%F), $(nproc) cores shared with the load generator"
  echo
  echo "| server | Accept-Encoding | bytes/response | req/s | p99 |"
  echo "|---|---|---|---|---|"
  run "bin/site" "http://127.0.0.1:$SITE_PORT/" identity
  run "bin/site" "http://127.0.0.1:$SITE_PORT/" "gzip, br"
  run "nginx (2 workers)" "http://127.0.0.1:$NGINX_PORT/" identity
  run "nginx (2 workers, gzip on the fly)" "http://127.0.0.1:$NGINX_PORT/" "gzip"
} | tee bench/results/load.md
