# The two entry points README.md documents. Each installs Debian's libchipmunk-dev first
# when its header is missing (as root, or through sudo).
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test deps

deps:
	@if [ ! -f /usr/include/chipmunk/chipmunk.h ] && command -v apt-get >/dev/null; then \
		echo "installing libchipmunk-dev" >&2; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq libchipmunk-dev >&2; \
	fi

# The main job: the tile benchmark, short run, every backend side by side.
run: deps
	$(SWIFT) run -c release tile-bench --quick

# The test suite, on every backend this build has.
test: deps
	$(SWIFT) test
