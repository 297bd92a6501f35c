# Build, demo and test entry points. Every target installs what it needs
# on a fresh Debian machine (as root), so the README's two commands work
# on a clean clone.
SWIFT ?= swift
SAMPLE ?= samples/article-demo.yaml

.PHONY: deps build release demo check unit meta-schemas test browser-deps browser-test axe-test preview-test conformance docs clean

# The system libraries the package needs: libyaml (through pkg-config),
# ICU (CICU includes its headers and loads its libicuuc at run time), and
# for `measure: font` HarfBuzz (with its subsetter), FreeType and fontconfig
# (CFont includes their headers and loads them at run time) with the
# default fonts: Noto Sans (and its Arabic, Hebrew, Devanagari, Thai),
# Noto Sans CJK, Noto Color Emoji.
deps:
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
		echo "installing libyaml-dev and pkg-config"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-dev pkg-config; \
	fi
	@if ! pkg-config --exists icu-uc 2>/dev/null; then \
		echo "installing libicu-dev"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libicu-dev pkg-config; \
	fi
	@if ! pkg-config --exists harfbuzz-subset freetype2 fontconfig 2>/dev/null || [ ! -d /usr/share/fonts/opentype/noto ] \
		|| [ ! -f /usr/share/fonts/truetype/noto/NotoSans-Regular.ttf ] || [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then \
		echo "installing libharfbuzz-dev, libfreetype-dev, libfontconfig-dev and the Noto fonts"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libharfbuzz-dev libfreetype-dev \
			libfontconfig-dev fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job: the article's demo sample (a text in each panel) run through
# its script and drawn in the terminal, through the release binary.
demo: release
	.build/release/accordion render $(SAMPLE)

# The fast inner loop, while you work: a debug build and the XCTest tests of
# every library module (loader, validator, threads, model, spec, render,
# testing, LSP and preview pieces), without sanitizers or browsers. Left out:
# AccordionCLITests, which run the `accordion` binary as a process a few
# hundred times (about two minutes alone on two cores, more on a busy
# machine); `make test` runs them. Under three minutes on two cores from a
# warm build (README, "Working on accordion"). `make unit` is the same.
check: deps meta-schemas
	$(SWIFT) test --disable-swift-testing --skip AccordionCLITests

unit: check

# The official draft 2020-12 meta-schemas that the validator's tests compare
# with, from PyPI (pip) into .build/meta-schemas, once.
meta-schemas:
	@if ! python3 -m pip --version >/dev/null 2>&1; then \
		echo "installing python3 and python3-pip"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-pip; \
	fi
	@python3 -B scripts/fetch-meta-schemas.py >/dev/null

# Every test: release build without warnings, the official meta-schemas from
# PyPI, unit/fixture/CLI tests, the loader/validator/thread/model tests again
# under ThreadSanitizer and AddressSanitizer, the public API check, the
# JSON-Schema-Test-Suite, real-browser tests, and smoke runs of the benchmark
# harness and the fuzzers (scripts/run-tests.sh; the last line is the total).
test: deps
	bash scripts/run-tests.sh

# What the browser tests need on a fresh Debian machine: chromium, the Noto
# fonts its pages of Chinese, Japanese, Korean, Arabic and emoji text are
# checked in (a missing font would draw fallback boxes), python3 and the
# release binary.
BROWSER_FONTS = fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji
browser-deps: deps
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing chromium"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }
	@dpkg-query -W -f='$${Status}\n' $(BROWSER_FONTS) 2>/dev/null | grep -c 'ok installed' | grep -qx 3 || { \
		echo "installing $(BROWSER_FONTS)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_FONTS); }
	@command -v python3 >/dev/null 2>&1 || { \
		echo "installing python3"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3; }
	$(SWIFT) build -c release --product accordion

# Real-browser tests of `render --format html`: Debian's headless chromium
# (installed when missing) driven over the DevTools protocol by a
# standard-library Python script. A missing or broken browser fails the run;
# it is never skipped. Its randomized test prints its seed;
# ACCORDION_BROWSER_SEED=N replays or varies it.
browser-test: browser-deps
	python3 -B Tests/Browser/browser_test.py --accordion .build/release/accordion

# axe-core (the axe.min.js that PyPI's axe-selenium-python ships, installed
# into .build/axe-venv by scripts/fetch-axe-core.sh) over every sample page in
# every expansion mode, in headless chromium; any violation fails it,
# colour contrast included, except on a header whose colours the author
# chose and `validate` warned about as low-contrast.
axe-test: browser-deps
	python3 -B Tests/Browser/axe_test.py --accordion .build/release/accordion

# `accordion preview` in the same headless chromium (a saved edit shown within
# a second, the error overlay, the server's refusals, Ctrl-C), and `validate
# --watch` / `render --watch -o` as processes.
preview-test: browser-deps
	python3 -B Tests/Browser/preview_test.py --accordion .build/release/accordion

# The official JSON-Schema-Test-Suite (draft 2020-12, required tests) run
# through `accordion validate --schema`; the suite comes from PyPI (the
# jsonschema sdist carries it) into .build/conformance/.
conformance: release
	python3 -B Tests/Conformance/json_schema_test_suite.py .build/release/accordion

# The library modules' DocC documentation, built with the toolchain's own
# docc and swift-symbolgraph-extract, as one static site in .build/docs
# (serve it: python3 -m http.server -d .build/docs, then open
# /documentation/). Any DocC warning fails it; `make test` also checks that
# every public symbol is documented (scripts/check-docs.py).
docs: deps
	bash scripts/build-docs.sh

clean:
	rm -rf .build

# Benchmarks: `make bench` measures every size and rewrites
# BENCHMARKS.md and bench-results.json; `make bench-smoke` runs the
# 1,000-panel size once each (for CI: fails only if the harness breaks).
# Both install python3-venv and chromium (for the page bench) when missing;
# the peers come from PyPI.
.PHONY: bench bench-smoke bench-deps
bench-deps: deps
	@if ! python3 -c 'import venv, ensurepip' 2>/dev/null; then \
		echo "installing python3 and python3-venv"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv; \
	fi
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing chromium"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

bench: bench-deps
	python3 Benchmarks/run.py

bench-smoke: bench-deps
	python3 Benchmarks/run.py --smoke

# Fuzzing (see RELIABILITY.md). libFuzzer + AddressSanitizer builds
# live in .build/fuzz, outside `swift build`. SECONDS is per target.
SECONDS ?= 60
.PHONY: fuzz fuzz-smoke fuzz-build
fuzz-build: deps
	Fuzz/build.sh
fuzz: deps
	Fuzz/run.sh $(SECONDS)
# A short run of every target (about 15 s each), for CI.
fuzz-smoke: deps
	Fuzz/run.sh 15
