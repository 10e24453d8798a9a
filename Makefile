# ReFocus for Linux — build, test and benchmark entry points.
#   make            install missing Debian packages, build in release mode
#   make test       install missing Debian packages, run the whole test suite
#   make bench      run the benchmarks against the reference tools (resolve: as root, in a private network namespace)
#   make man        generate refocus.1 and refocus-helper.8 into .build/man (generate-manual plugin)
#   make completions  generate bash, zsh and fish completions into .build/completions
# Swift 6 must be on PATH (swift.org toolchain); everything else is installed here.

SWIFT        ?= swift
APT_PACKAGES := libnftnl-dev libmnl-dev libidn2-dev libpsl-dev publicsuffix libc-ares-dev \
                libsqlite3-dev pkg-config nftables sudo cron dnsmasq iproute2 idn2 systemd
SUDO         := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: all deps build test bench man completions clean

all: build

# Installs only what is missing, so that a set-up machine runs no apt at all.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product refocus
	$(SWIFT) build -c release --product refocus-helper

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) run -c release refocus-bench all

# refocus is a user command (section 1); refocus-helper is for the system (section 8).
man: deps
	mkdir -p .build/man
	$(SWIFT) package plugin generate-manual
	cp .build/plugins/GenerateManual/outputs/refocus/refocus.1 .build/man/
	$(SWIFT) package plugin generate-manual --section 8
	cp .build/plugins/GenerateManual/outputs/refocus-helper/refocus-helper.8 .build/man/

completions: build
	mkdir -p .build/completions
	for shell in bash zsh fish; do \
	  .build/release/refocus --generate-completion-script $$shell > .build/completions/refocus.$$shell; \
	done

clean:
	rm -rf .build
