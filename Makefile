# Build, demo and test entry points. Every target installs what it needs
# on a fresh Debian machine (as root), so the README's two commands work
# on a clean clone.
SWIFT ?= swift
SAMPLE ?= samples/article-demo.yaml

.PHONY: deps build release demo test clean

# libyaml (through pkg-config) is the only system library the package needs.
deps:
	@if ! pkg-config --exists yaml-0.1 2>/dev/null; then \
		echo "installing libyaml-dev and pkg-config"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyaml-dev pkg-config; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job: the article's demo sample run through its script and drawn
# in the terminal, through the release binary.
demo: release
	.build/release/accordion render $(SAMPLE)

# Every test: unit, fixture and CLI tests.
test: deps
	$(SWIFT) build -c release
	$(SWIFT) test

clean:
	rm -rf .build

# Fuzzing (issue 7; see RELIABILITY.md). libFuzzer + AddressSanitizer builds
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
