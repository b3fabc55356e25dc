# Aura: `make site` renders the default site into Public/; `make test` runs every test.
SWIFT ?= swift
AURA := .build/release/aura

.PHONY: deps test-deps build site categorizer test test-format test-swift test-integrity test-server test-private test-deploy test-browser test-fuzz test-loaded fuzz bench clean
FUZZ_SECONDS ?= 60

deps:
	@sh scripts/deps.sh build

test-deps:
	@sh scripts/deps.sh test

build: deps
	$(SWIFT) build -c release --static-swift-stdlib --product aura

site: build
	$(AURA) build

# Retrains the category model from Tests/AuraPlannerTests/Fixtures/corpus (stdlib Python);
# CategoryCorpusTests fails when the shipped weights differ from what this writes.
categorizer:
	python3 scripts/train_categorizer.py

# Every suite runs, whichever fails; the last lines say which failed (scripts/test-suites.sh).
TEST_SUITES := test-format test-swift test-integrity test-server test-private test-deploy test-browser test-fuzz

test: test-deps
	@MAKE="$(MAKE)" sh scripts/test-suites.sh $(TEST_SUITES)

# Inside a throwaway PostgreSQL cluster (pg_virtualenv, from Debian's postgresql-common; -t keeps
# it in a temporary folder even as root, so two runs, or a machine's own clusters, never meet):
# the use cases run against the database store as against the folder.
test-swift:
	pg_virtualenv -t $(SWIFT) test

# The toolchain's formatter, with .swift-format (4 spaces, 120 columns), finds nothing to change.
test-format:
	$(SWIFT) format lint --strict --recursive Sources Tests Fuzz Package.swift

# A few seconds of each fuzzer, replaying every saved crash first.
test-fuzz:
	@sh scripts/fuzz.sh 4

# aura serve as a real process, driven over loopback HTTP with requests: first as a household
# (SQLite and planner folders in the state folder), then with everything in a PostgreSQL
# database of a throwaway cluster (pg_virtualenv), less the tests about the household's files.
test-server:
	$(SWIFT) build --product aura
	python3 -m pytest -q Tests/Server
	AURA_TEST_DATABASE=postgres pg_virtualenv -t python3 -m pytest -q -m "not household" Tests/Server Tests/Replicas

# Real aura processes racing each other, and killed at every pause point of a build and a plan:
# nothing lost or doubled.
test-integrity:
	$(SWIFT) build --product aura
	python3 -m pytest -q Tests/Integrity

# A private build: nothing of the plan in the clear; its sealed files open with Python's cryptography.
test-private:
	$(SWIFT) build --product aura
	python3 -m pytest -q Tests/Private

# aura deploy to moto's S3 on loopback (credentials checked, requests counted by a proxy) and
# through rsync to a local folder.
test-deploy:
	$(SWIFT) build --product aura
	python3 -m pytest -q Tests/Deploy

# The browser suite in Chromium and in WebKitGTK (Safari's engine), under a virtual display.
# A test whose MiniBrowser went away mid-test (WebKitWebDriver's "session deleted because of
# page crash or hang": the browser's own process gone, not a page's error; seen once in more
# than a thousand WebKit test runs) runs once more from the start, and the summary counts it as
# a rerun; any other failure, or a second loss, fails it.
BROWSER_SUITE = xvfb-run -a -s "-screen 0 1920x1080x24" python3 -m pytest -q --reruns 1 --only-rerun "page crash or hang" Tests/Browser

test-browser:
	$(SWIFT) build --product aura
	$(BROWSER_SUITE)

# Beside two busy CPU workers, timing must not matter: the integrity and server suites once,
# then the browser suite three times in a row. The workers stop with the last run, a failed
# one or an interrupt.
test-loaded: test-deps
	@sh scripts/deps.sh stress
	$(SWIFT) build --product aura
	@stress-ng --cpu 2 --timeout 7200s --quiet & load=$$!; \
	  trap 'kill $$load 2>/dev/null' EXIT INT TERM; \
	  python3 -m pytest -q Tests/Integrity || exit 1; \
	  python3 -m pytest -q Tests/Server || exit 1; \
	  for run in 1 2 3; do \
	    echo "loaded browser run $$run of 3"; \
	    $(BROWSER_SUITE) || exit 1; \
	  done

# libFuzzer over the parsers, FUZZ_SECONDS per target (Fuzz/README.md).
fuzz: deps
	@sh scripts/fuzz.sh $(FUZZ_SECONDS)

bench: build
	@sh scripts/deps.sh bench
	pg_virtualenv -t python3 scripts/bench.py $(BENCH_ARGS)

clean:
	rm -rf .build .aura/build
	find Public -mindepth 1 ! -name README.md -exec rm -rf {} +
