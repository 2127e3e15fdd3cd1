# Efir: `make run` builds everything and starts the demo operator on
# http://localhost:8080; `make test` runs every test. Both work on a fresh
# Debian machine with only Go and Node: npm packages are installed here, and
# Chromium through apt when it is missing (as root).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := build

GO        ?= go
VERSION   ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
PG_URL    ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
REDIS_URL ?= redis://127.0.0.1:6379/0

WEB_SRC := $(shell find web/src web/public web/index.html web/operator.html web/vite.config.ts web/tsconfig*.json api/openapi.yaml -type f 2>/dev/null)
GO_SRC  := $(shell find cmd internal api web/embed.go -name '*.go' -o -name '*.sql' -o -name '*.yaml' -o -name '*.json' 2>/dev/null)

.PHONY: build run web test test-go test-web test-e2e bench clean gen-api lint

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund --loglevel=error
	touch $@

# The API types of the client are generated from the contract.
gen-api: web/node_modules/.installed
	cd web && npm run --silent gen:api

web/dist/index.html: web/node_modules/.installed $(WEB_SRC)
	cd web && npm run --silent gen:api && npm run --silent build

web: web/dist/index.html

bin/efir: web/dist/index.html $(GO_SRC) go.mod go.sum
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/efir ./cmd/efir

build: bin/efir

run: bin/efir
	./bin/efir serve

# Go tests run on SQLite, PostgreSQL and Redis. The services are required
# here (EFIR_TEST_REQUIRE_SERVICES=1): one that does not answer fails its
# tests instead of quietly narrowing the run.
test-go: web/dist/index.html
	@export EFIR_TEST_POSTGRES_URL="$${EFIR_TEST_POSTGRES_URL:-$(PG_URL)}" \
		EFIR_TEST_REDIS_URL="$${EFIR_TEST_REDIS_URL:-$(REDIS_URL)}" EFIR_TEST_REQUIRE_SERVICES=1; \
	echo "Go tests use SQLite, PostgreSQL at $$EFIR_TEST_POSTGRES_URL and Redis at $$EFIR_TEST_REDIS_URL (both required)"; \
	for url in "$$EFIR_TEST_POSTGRES_URL" "$$EFIR_TEST_REDIS_URL"; do \
		hp=$$(sed -E 's#^[a-z]+://([^@/]*@)?([^/?]*).*#\2#' <<<"$$url"); \
		if (exec 3<>"/dev/tcp/$${hp%:*}/$${hp##*:}") 2>/dev/null; then echo "  $$hp answers"; \
		else echo "  $$hp DOES NOT ANSWER: its tests will fail (start it, or set EFIR_TEST_POSTGRES_URL / EFIR_TEST_REDIS_URL)"; fi; \
	done; \
	$(GO) vet ./... && $(GO) test -count=1 ./...

test-web: web/node_modules/.installed
	cd web && npm run --silent typecheck && npm test --silent

test-e2e: bin/efir e2e/node_modules/.installed
	scripts/ensure-chromium.sh
	cd e2e && npm run --silent typecheck && npx playwright test

test: test-go test-web test-e2e

# Performance budgets, as figures (not pass/fail): a new guest's start-up
# (15 ms), channel list of 300 channels (5 ms) and a 6-day schedule (3 ms),
# XMLTV import of 300 channels x 14 days (10 s, 200 MB), the origin against
# nginx (>= 0.5), zapping (600 ms median), the guide's first screen (300 ms),
# a filtered row page (3 ms) and search suggestions (p99 20 ms) on 100,000
# contents, the home page's first posters at 4x CPU slowdown (1.5 s), the
# home route's initial JavaScript (150 KB gzip), and watch reports of 100,000
# viewers (3,333 a second) with the dashboard's answers on them (100 ms).
bench: bin/efir
	$(GO) test -run '^$$' -bench . -skip 'ImportXMLTV|ParseXMLTV|Rows100k|SearchSuggest|WatchDashboard|AnalyticsIngest|Subscribers' -benchtime 300x -count 3 ./bench/...
	$(GO) test -run '^$$' -bench 'Rows100k|SearchSuggest|WatchDashboard|AnalyticsIngest' -count 1 ./bench/
	$(GO) test -run '^$$' -bench 'ImportXMLTV|ParseXMLTV|Subscribers' -benchtime 1x -count 1 ./bench/
	sh bench/origin.sh
	sh bench/origin.sh --big
	node bench/zap.mjs
	node bench/guide.mjs
	node bench/home.mjs
	node bench/web-size.mjs

clean:
	rm -rf bin web/dist e2e/test-results e2e/playwright-report
