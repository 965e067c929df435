#!/bin/sh
# make test-image: start the image's own binary and read /readyz. With
# Docker the image runs as a container; with buildah its root file system
# is mounted and the binary started from it (no container runtime needed).
# PORT defaults to 4400.
set -eu
IMAGE=${IMAGE:-belwise-site}
PORT=${PORT:-4400}
data=$(mktemp -d)
cleanup() {
	[ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
	[ -n "${cid:-}" ] && { docker rm -f "$cid" >/dev/null 2>&1 || buildah --storage-driver vfs rm "$cid" >/dev/null 2>&1 || true; }
	rm -rf "$data"
}
trap cleanup EXIT
if docker info >/dev/null 2>&1; then
	cid=$(docker run -d -p "127.0.0.1:$PORT:8080" "$IMAGE")
else
	cid=$(buildah --storage-driver vfs from "$IMAGE")
	root=$(buildah --storage-driver vfs mount "$cid")
	HOST=127.0.0.1 PORT=$PORT DATA_DIR=$data ZONEINFO=$root/usr/share/zoneinfo "$root/usr/local/bin/site" serve >"$data/log" 2>&1 &
	pid=$!
fi
i=0
until body=$(curl -fsS "http://127.0.0.1:$PORT/readyz" 2>/dev/null); do
	i=$((i + 1))
	if [ $i -gt 50 ]; then
		echo "test-image: /readyz did not answer 200 within 10 s" >&2
		cat "$data/log" 2>/dev/null >&2 || true
		exit 1
	fi
	sleep 0.2
done
[ "$body" = ready ] || { echo "test-image: /readyz said $body" >&2; exit 1; }
echo "test-image: /readyz answered ready"
