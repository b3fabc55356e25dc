# Aura: `make site` renders the default site into Public/; `make test` runs every test.
SWIFT ?= swift
AURA := .build/release/aura

.PHONY: deps test-deps build site test bench clean

deps:
	@sh scripts/deps.sh build

test-deps:
	@sh scripts/deps.sh test

build: deps
	$(SWIFT) build -c release --product aura

site: build
	$(AURA) build

test: test-deps
	$(SWIFT) test
	$(SWIFT) build --product aura && python3 -m pytest -q Tests/Browser

bench: build
	@sh scripts/deps.sh bench
	python3 scripts/bench.py $(BENCH_ARGS)

clean:
	rm -rf .build Public/.aura-output
	find Public -mindepth 1 ! -name README.md -exec rm -rf {} +
