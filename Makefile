# Two commands matter on a fresh machine: `make run` and `make test`.
# `make build` leaves the single binary at bin/site with the React build embedded.

# `make run` picks up a local .env (see .env.example).
-include .env
export

GO        ?= go
NPM       ?= npm
BIN       := bin/site
# staticcheck, pinned: `go run` fetches this version through the module proxy
# the first time (verified against the Go checksum database) and reuses the build after.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# Playwright must never try to download its own browser here; the tests use Debian's Chromium.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: all build run test test-go lint-go test-web test-e2e web deps clean screenshots api image test-image

all: build

# npm ci only when the lock file is newer than the installed tree.
web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
e2e/node_modules/.package-lock.json: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund

deps: web/node_modules/.package-lock.json e2e/node_modules/.package-lock.json

# The frontend build prerenders every public page into internal/web/dist, which the binary embeds.
web: web/node_modules/.package-lock.json
	cd web && $(NPM) run build

# The wire contract: the OpenAPI document from the Go declarations (internal/web), then the app's
# types from it (web/src/shared/api/schema.ts). A Go test and a Vitest test fail while either is stale.
api: web/node_modules/.package-lock.json
	$(GO) generate ./internal/web

build: web
	CGO_ENABLED=0 $(GO) build -trimpath -o $(BIN) ./cmd/site

run: build
	./$(BIN)

test: test-go test-web test-e2e

test-go: lint-go
	$(GO) test -count=1 ./...

# gofmt -l lists files whose formatting differs; any name fails the run.
lint-go:
	@unformatted="$$(gofmt -l cmd internal bench)"; if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

test-web: web/node_modules/.package-lock.json
	cd web && npx tsc --noEmit && $(NPM) run lint && $(NPM) run format:check && $(NPM) test

# The JS budget on / (measured in Chromium: 0 KB before any interaction, 60 KB gzip at the first one, 125 KB once the
# voice button needs the app) fails the run when exceeded; Playwright starts bin/site itself.
test-e2e: build e2e/node_modules/.package-lock.json
	cd e2e && npx tsc --noEmit -p .
	cd web && node scripts/js-budget.mjs
	cd e2e && npx playwright test

# Screenshots of every public page at 390 and 1280 px, in English and Dutch, into e2e/screenshots/.
screenshots: build e2e/node_modules/.package-lock.json
	cd e2e && SCREENSHOTS=1 npx playwright test screenshots

# The container image (Containerfile) from bin/site, FROM scratch with this machine's CA
# certificates and time zones, so no registry is needed; Docker when its daemon runs, else buildah.
IMAGE ?= belwise-site
image: build
	rm -rf build/image && mkdir -p build/image/etc build/image/data
	cp $(BIN) build/image/site
	cp /etc/ssl/certs/ca-certificates.crt build/image/
	cp -a /usr/share/zoneinfo build/image/zoneinfo
	printf 'root:x:0:0:root:/:/sbin/nologin\nsite:x:65532:65532:site:/data:/sbin/nologin\n' >build/image/etc/passwd
	printf 'root:x:0:\nsite:x:65532:\n' >build/image/etc/group
	if docker info >/dev/null 2>&1; then \
		docker build -f Containerfile -t $(IMAGE) build/image; \
	else \
		buildah --storage-driver vfs bud --isolation chroot --format docker -f Containerfile -t $(IMAGE) build/image; \
	fi

# Starts the image's binary and reads /readyz (bench/test-image.sh; a few seconds).
test-image:
	IMAGE=$(IMAGE) sh bench/test-image.sh

clean:
	rm -rf bin build web/build e2e/test-results e2e/playwright-report
	find internal/web/dist -mindepth 1 ! -name .gitkeep -delete
