# ReFocus for Linux — build, test and benchmark entry points.
#   make            install the missing Debian packages that building needs, build in release mode
#   make test       install the missing Debian packages that building and the tests need (through
#                   sudo unless root), check the formatting (format-check), run the whole test suite
#   make bench      run the benchmarks against the reference tools (resolve: as root, in a private network namespace)
#   make benchmarks run every benchmark as root and write BENCHMARKS.md (refocus-bench report)
#   make fuzz       build refocus-fuzz with libFuzzer (.build-fuzz) and run each parser of untrusted bytes
#                   over its seed corpus, briefly (make test runs it); FUZZ_TIME=SECONDS for a long run of each
#   make man        generate refocus.1 and refocus-helper.8 into .build/man (generate-manual plugin)
#   make completions  generate bash, zsh and fish completions into .build/completions
#   make nss        build the NSS module .build/nss/libnss_refocus.so.2 (C only, no Swift runtime)
#   make format     rewrite every Swift file of the repository as .swift-format says (swift format)
#   make format-check  fail on any file that `make format` would change or any rule it breaks (no rewrite)
#   sudo make install    install the missing Debian packages that building needs (as root: the only
#                        password asked is sudo's own), build release binaries and the NSS module as the
#                        invoking user with the Swift runtime linked statically (.build-static), install
#                        them, the sudo policy, the admin policy, the systemd unit, man pages and
#                        completions; name the resolver module in /etc/nsswitch.conf; create the
#                        group refocus and add the invoking user (SUDO_USER) to it. Idempotent.
#   make deb             build .build/refocus_<version>_amd64.deb (the static release binaries and the
#                        NSS module, stripped; packaging/debian holds the control file and the maintainer scripts)
#   sudo make uninstall  lift every block (refocus-helper clear), take the resolver module off
#                        /etc/nsswitch.conf and remove what install installed; refused while a locked
#                        session runs unless FORCE=1
# Swift 6 must be on PATH (swift.org toolchain; see SWIFT below for sudo); everything else is installed here.

# sudo resets PATH: without swift on it, look where swift.org tarballs and swiftly put it.
INVOKER_HOME := $(if $(SUDO_USER),$(shell getent passwd '$(SUDO_USER)' | cut -d: -f6))
ifndef SWIFT
SWIFT        := $(or $(shell command -v swift),$(firstword $(wildcard /opt/swift/usr/bin/swift \
                  /usr/share/swift/usr/bin/swift $(INVOKER_HOME)/.local/share/swiftly/bin/swift)),swift)
endif
# What building and installing need (`deps`: make, make man, sudo make install); then what only
# the tests and benchmarks use (`test-deps`: make test, make bench; dnsmasq answers the tests'
# names in their own namespaces; slirp4netns gives the fresh-clone test's apt-get a way out of
# its namespace). `make install` never installs the test packages.
INSTALL_PACKAGES := libnftnl-dev libmnl-dev libidn2-dev libpsl-dev publicsuffix libc-ares-dev \
                    libsqlite3-dev pkg-config nftables sudo cron groff-base libstdc++-12-dev binutils
TEST_PACKAGES    := dnsmasq iproute2 idn2 systemd python3-seccomp chromium chromium-driver python3-selenium \
                    libnotify-bin dbus-daemon python3-gi tmux git debootstrap systemd-container \
                    zsh fish slirp4netns
# visudo is in /usr/sbin, which a user's PATH often lacks (make deb runs as the user).
# Installed binaries and the resolver module are stripped copies of what was built.
STRIP        ?= strip --strip-unneeded
VISUDO       := $(or $(shell PATH="$$PATH:/usr/sbin:/sbin" command -v visudo),visudo)
SUDO         := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# Installation (see `install` below). PREFIX moves the command, man pages and completions;
# the helper's path is fixed, because refocus, the sudoers rule and the unit name it.
PREFIX     ?= /usr
DESTDIR    ?=
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/share
UNITDIR    ?= /lib/systemd/system
# The resolver module goes where glibc's loader finds it without ld.so.cache: /usr/lib/MULTIARCH
# (MULTIARCH below), which ResolverModule.libraryDirectories names too.
LIBDIR     ?= /usr/lib/$(MULTIARCH)
HELPERDIR  := /usr/libexec/refocus
SUDOERSDIR := /etc/sudoers.d
POLICYDIR  := /etc/refocus
# Where install takes the binaries, man pages and NSS module from. NOBUILD=1 builds nothing and
# runs no apt (tests: `make install NOBUILD=1 PRODUCTS=.build/debug MANPAGES=... NSS_MODULE=...`);
# `make nss` builds NSS_MODULE where it names.
PRODUCTS   ?= .build-static/release
MAN_OUT    := .build-static/man
MANPAGES   ?= $(MAN_OUT)
NSS_MODULE ?= .build/nss/libnss_refocus.so.2
NOBUILD    ?=
# uninstall: FORCE=1 also during a locked session; PURGE=1 also the session history
# (/var/lib/refocus), an edited /etc/refocus/policy.toml and the group refocus.
FORCE      ?=
PURGE      ?=

.PHONY: all deps test-deps build test bench benchmarks fuzz man completions clean static install-build install uninstall deb nss \
        format format-check

all: build

# Install only what is missing, so that a set-up machine runs no apt and no sudo at all; as
# root directly, else through sudo (which resets the environment: hence env for apt's frontend).
deps:      PACKAGES = $(INSTALL_PACKAGES)
test-deps: PACKAGES = $(INSTALL_PACKAGES) $(TEST_PACKAGES)
deps test-deps:
	@missing=$$(for p in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing:" $$missing; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# NODEPS=1 skips deps: the user-side build of `sudo make install` runs with it, its packages
# having been installed as root just before, so that it runs no apt and no sudo.
DEPS := $(if $(NODEPS),,deps)

build: $(DEPS) nss
	$(SWIFT) build -c release --product refocus
	$(SWIFT) build -c release --product refocus-helper
	$(SWIFT) build -c release --product refocus-ui

# The NSS module is loaded into every process that resolves a name, so it is plain C linked
# against libc alone: SwiftPM's dynamic libraries bring the Swift runtime (swiftrt.o and
# libswiftCore), so the toolchain's clang builds it here from the two C targets' sources,
# which `swift build` also compiles (the tests call the same code in-process). Only the
# _nss_refocus_* functions are exported (-fvisibility=hidden); -z defs: nothing unresolved.
CLANG      ?= $(or $(wildcard $(dir $(shell command -v $(SWIFT) 2> /dev/null))clang),$(shell command -v clang),cc)
NSS_SOURCES := $(wildcard Sources/CNameIndex/*.c Sources/CNameIndex/include/*.h Sources/CNSSRefocus/*.c Sources/CNSSRefocus/include/*.h)
nss: $(NSS_MODULE)
$(NSS_MODULE): $(NSS_SOURCES)
	mkdir -p $(dir $@)
	$(CLANG) -std=c11 -O2 -g -Wall -Wextra -Werror -fPIC -shared -fvisibility=hidden \
	  -fstack-protector-strong -D_FORTIFY_SOURCE=2 -D_GNU_SOURCE \
	  -ISources/CNameIndex/include -ISources/CNSSRefocus/include \
	  -Wl,-soname,libnss_refocus.so.2 -Wl,-z,defs -Wl,-z,relro -Wl,-z,now \
	  -o $@.tmp $(filter %.c,$^)
	mv $@.tmp $@

# Debian's multiarch tuple (x86_64-linux-gnu): the compiler's (Debian's gcc and clang print it,
# the toolchain's clang does not), dpkg's, else the machine's name with -linux-gnu.
MULTIARCH  ?= $(shell for ask in '$(CLANG) -print-multiarch' 'cc -print-multiarch' \
                'dpkg-architecture -qDEB_HOST_MULTIARCH'; do \
                tuple=$$($$ask 2> /dev/null) && [ -n "$$tuple" ] && { echo "$$tuple"; exit; }; done; \
                echo "$$(uname -m)-linux-gnu")

# generate-manual (swift-argument-parser's man page tool) lets the tests render the pages.
# First, alone, the README's first command for real (FreshCloneInstallTests, as root): a new
# user's `sudo make install && refocus start …` from a fresh clone at a terminal, with the real
# swift, apt-get and sudo; its release build is the one `make install` runs, where a file's
# missing import can fail that the debug build lets through. Then every other test.
test: test-deps nss
	$(MAKE) --no-print-directory format-check SWIFT=$(SWIFT)
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	$(SWIFT) test --skip-build --filter FreshCloneInstallTests
	$(SWIFT) test --skip-build --skip FreshCloneInstallTests
	$(MAKE) --no-print-directory fuzz NODEPS=1 SWIFT=$(SWIFT)

# swift-format (the toolchain's `swift format`) over the Swift files git knows, with the repository's
# .swift-format: indentation 4, lines up to 120 columns, the house's choices where they differ from
# the tool's defaults (see the file). The check is the tool's lint in strict mode: a file the format
# would change, or a rule it breaks, fails it. Multi-line string literals are left as they are.
SWIFT_FILES = $(shell git ls-files '*.swift')
format:
	$(SWIFT) format format --in-place --parallel $(SWIFT_FILES)
format-check:
	$(SWIFT) format lint --strict --parallel $(SWIFT_FILES)

bench: test-deps
	$(SWIFT) run -c release refocus-bench all

benchmarks: test-deps
	$(SWIFT) build -c release
	$(SUDO) .build/release/refocus-bench report

# libFuzzer (swiftc -sanitize=fuzzer) on the parsers of untrusted bytes: each target that
# `refocus-fuzz --list` names, over a copy of its seed corpus (Tests/refocus-fuzz/Corpus/TARGET)
# in FUZZ_DIR/corpus, so that the committed one never grows while a long run keeps what it found.
# Bounded: FUZZ_RUNS inputs per target (quietly: the totals only), or FUZZ_TIME seconds each for
# a long run (with libFuzzer's progress); inputs up to
# 64 KiB, each within 5 s, the process within 512 MB. A crash, a hang or memory past the limit stops
# it with the input saved as FUZZ_DIR/TARGET-crash-… (-timeout-…, -oom-…): replay it with
# `REFOCUS_FUZZ_TARGET=TARGET .build/debug/refocus-fuzz FILE` or the fuzzer itself. The
# Swift runtime's backtracer is off: libFuzzer's own handler saves the input.
FUZZ_DIR   ?= .build-fuzz
FUZZ_RUNS  ?= 10000
FUZZ_TIME  ?=
FUZZ_FLAGS := -max_len=65536 -timeout=5 -rss_limit_mb=512 -print_final_stats=1 \
              $(if $(FUZZ_TIME),-max_total_time=$(FUZZ_TIME),-runs=$(FUZZ_RUNS) -verbosity=0)
fuzz: $(DEPS)
	$(SWIFT) build --product refocus-fuzz --scratch-path $(FUZZ_DIR) \
	  -Xswiftc -sanitize=fuzzer -Xswiftc -DREFOCUS_LIBFUZZER -Xcxx -fsanitize=fuzzer-no-link
	@set -e; fuzzer=$(FUZZ_DIR)/debug/refocus-fuzz; \
	for target in $$($$fuzzer --list); do \
	  mkdir -p $(FUZZ_DIR)/corpus/$$target; \
	  cp Tests/refocus-fuzz/Corpus/$$target/* $(FUZZ_DIR)/corpus/$$target/; \
	  echo "fuzz $$target: $(if $(FUZZ_TIME),$(FUZZ_TIME) s,$(FUZZ_RUNS) runs)"; \
	  REFOCUS_FUZZ_TARGET=$$target SWIFT_BACKTRACE=enable=no $$fuzzer $(FUZZ_FLAGS) \
	    -artifact_prefix=$(FUZZ_DIR)/$$target- $(FUZZ_DIR)/corpus/$$target; \
	done

# refocus is a user command (section 1); refocus-helper is for the system (section 8).
# generate-manual (swift-argument-parser's tool, built beside the binaries by `make static`)
# asks the binaries just built for their help (--experimental-dump-help) and writes the
# commands' part; packaging/man/finish-page adds the sections in packaging/man/*.roff
# (environment and files by hand; exit status as ExitStatus renders it, which the tests
# check). The date is the last commit's, so that the pages are the same for the same sources.
# Only the two products are documented: an executable target of the tests is never asked.
MAN_DATE    := $(shell git log -1 --format=%cs 2>/dev/null)
MAN_WORK    := .build-static/man-generated
man: static
	mkdir -p $(MAN_WORK) $(MAN_OUT)
	$(STATIC_BIN)/generate-manual $(STATIC_BIN)/refocus --section 1 $(if $(MAN_DATE),--date $(MAN_DATE)) \
	  --output-directory $(MAN_WORK)
	packaging/man/finish-page $(MAN_WORK)/refocus.1 packaging/man/refocus.1.roff \
	  "ReFocus $$($(STATIC_BIN)/refocus --version)" > $(MAN_OUT)/refocus.1.tmp
	mv $(MAN_OUT)/refocus.1.tmp $(MAN_OUT)/refocus.1
	$(STATIC_BIN)/generate-manual $(STATIC_BIN)/refocus-helper --section 8 $(if $(MAN_DATE),--date $(MAN_DATE)) \
	  --output-directory $(MAN_WORK)
	packaging/man/finish-page $(MAN_WORK)/refocus-helper.8 packaging/man/refocus-helper.8.roff \
	  "ReFocus $$($(STATIC_BIN)/refocus-helper --version)" > $(MAN_OUT)/refocus-helper.8.tmp
	mv $(MAN_OUT)/refocus-helper.8.tmp $(MAN_OUT)/refocus-helper.8

completions: static
	mkdir -p .build-static/completions
	for shell in bash zsh fish; do \
	  $(STATIC_BIN)/refocus --generate-completion-script $$shell | sed '1{/^#!/d}' > .build-static/completions/refocus.$$shell; \
	done

clean:
	rm -rf .build .build-static .build-fuzz

# Release binaries that run without the Swift toolchain: the Swift runtime and Foundation are
# linked in; the C libraries (libnftnl, libmnl, libidn2, libpsl, c-ares, SQLite) stay shared
# (libidn2 and libpsl loaded at their first call: Sources/CPSL/shim.h).
# A scratch path of its own, so that it never rebuilds the ordinary release build. This is the
# one release build of `make install` and `make deb`: the man pages and completions come from
# these binaries (generate-manual is built here too, from the modules already built).
# For start-up time (`refocus status` runs every second under a status bar; refocus-bench
# daemon times it): libstdc++, which the Swift runtime uses, is linked in too, since
# as a shared library it resolved about 1,700 of its own symbols at every start. swiftc puts
# its -lstdc++ before any flag of ours, so STATIC_LINK, searched first, holds a libstdc++.so
# that is a linker script naming the archive (libstdc++-12-dev, which the toolchain needs, has
# it: lld stops when it is missing). lld links (the toolchain's), packing the 60,000
# relative relocations as RELR (glibc 2.36): 1.4 MB of them no longer read at every start.
# Nothing is exported (--no-export-dynamic: the static runtime's link arguments export every
# symbol, 7,000 of them, which the runtime's start-up dladdr scanned one by one: 200,000
# instructions of each status line) and no $ORIGIN run path (--disable-local-rpath: the loader
# looked for each library in the binary's folder first, 24 failed calls per start).
# The CLI alone is linked at a fixed address (-no-pie): its data holds no pointer to relocate
# and is read only where touched, 125 fewer page faults (a third) in every status line; it runs
# as the user, so it gives up only its own image's address randomisation. The helper runs as
# root and stays position-independent, randomised like everything else root runs.
# Each binary's link map (STATIC_MAPS/NAME.map) says what every library adds to it
# (refocus-bench sizes reads them); not beside the binary, whose folder SwiftPM makes after linking.
STATIC_BIN   := .build-static/release
STATIC_LINK  := $(CURDIR)/.build-static/link
STATIC_MAPS  := $(CURDIR)/.build-static/maps
STATIC_FLAGS := --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
                -Xlinker --no-export-dynamic -Xswiftc -L$(STATIC_LINK)
static: $(DEPS)
	mkdir -p $(STATIC_LINK) $(STATIC_MAPS)
	echo 'INPUT(-l:libstdc++.a)' > $(STATIC_LINK)/libstdc++.so
	$(SWIFT) build -c release $(STATIC_FLAGS) -Xlinker -no-pie -Xlinker --Map=$(STATIC_MAPS)/refocus.map \
	  --scratch-path .build-static --product refocus
	$(SWIFT) build -c release $(STATIC_FLAGS) -Xlinker --Map=$(STATIC_MAPS)/refocus-helper.map \
	  --scratch-path .build-static --product refocus-helper
	$(SWIFT) build -c release $(STATIC_FLAGS) --scratch-path .build-static --product refocus-ui
	$(SWIFT) build -c release $(STATIC_FLAGS) --scratch-path .build-static --product generate-manual

# `sudo make install` builds as the invoking user when the tree is theirs, so that the build
# folders stay theirs (and nothing is compiled as root); apt and the copying run as root. The
# user's build gets NODEPS=1: it runs no apt and no sudo, so sudo asks for no second password
# and the test packages are never installed.
AS_INVOKER := $(if $(and $(filter-out 0,$(SUDO_UID)),$(filter $(SUDO_UID),$(shell stat -c %u .))),\
              setpriv --reuid=$(SUDO_UID) --regid=$(SUDO_GID) --init-groups \
              env HOME=$(INVOKER_HOME) USER=$(SUDO_USER) LOGNAME=$(SUDO_USER))

# The helper run by root itself: under `sudo make …` the environment names the user who ran sudo
# (SUDO_UID), whom the helper would take for its caller (refusing clear and nsswitch add/remove,
# answering for that user's sessions only). The same in packaging/debian's maintainer scripts.
AS_ROOT_ITSELF := env -u SUDO_UID -u SUDO_GID -u SUDO_USER -u SUDO_COMMAND

install-build:
	$(MAKE) --no-print-directory deps
	$(AS_INVOKER) $(MAKE) --no-print-directory man nss SWIFT=$(SWIFT) NODEPS=1

# Files first (all of them, or none of the sudoers file: it is checked before it is copied);
# then, on this machine only (DESTDIR empty), the group and the service.
install: $(if $(NOBUILD),,install-build)
	@set -e; \
	for file in $(PRODUCTS)/refocus $(PRODUCTS)/refocus-helper $(PRODUCTS)/refocus-ui $(MANPAGES)/refocus.1 $(MANPAGES)/refocus-helper.8 $(NSS_MODULE); do \
	  [ -f "$$file" ] || { echo "make install: $$file is missing; run 'make install' without NOBUILD, or give PRODUCTS=, MANPAGES= and NSS_MODULE=" >&2; exit 1; }; \
	done; \
	command -v $(VISUDO) > /dev/null || { echo "make install: visudo is missing (apt-get install sudo); the sudoers file is never installed unchecked" >&2; exit 1; }
	$(VISUDO) -cf policy/sudoers.d/refocus
	install -d -m 0755 $(DESTDIR)$(BINDIR) $(DESTDIR)$(HELPERDIR) $(DESTDIR)$(SUDOERSDIR) $(DESTDIR)$(POLICYDIR) \
	  $(DESTDIR)$(UNITDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man8 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions $(DESTDIR)$(DATADIR)/zsh/vendor-completions \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d $(DESTDIR)$(DATADIR)/applications \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps
	@# Stripped as they are copied, then renamed into place (a running status line keeps its file).
	$(STRIP) -o $(DESTDIR)$(BINDIR)/.refocus.new $(PRODUCTS)/refocus
	chmod 0755 $(DESTDIR)$(BINDIR)/.refocus.new
	mv -f $(DESTDIR)$(BINDIR)/.refocus.new $(DESTDIR)$(BINDIR)/refocus
	$(STRIP) -o $(DESTDIR)$(BINDIR)/.refocus-ui.new $(PRODUCTS)/refocus-ui
	chmod 0755 $(DESTDIR)$(BINDIR)/.refocus-ui.new
	mv -f $(DESTDIR)$(BINDIR)/.refocus-ui.new $(DESTDIR)$(BINDIR)/refocus-ui
	@# The dashboard in the applications menu, with the page's own icon.
	install -m 0644 packaging/desktop/refocus.desktop $(DESTDIR)$(DATADIR)/applications/refocus.desktop
	install -m 0644 Sources/RefocusUI/Page/icon.svg $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/refocus.svg
	$(STRIP) -o $(DESTDIR)$(HELPERDIR)/.refocus-helper.new $(PRODUCTS)/refocus-helper
	chmod 0755 $(DESTDIR)$(HELPERDIR)/.refocus-helper.new
	mv -f $(DESTDIR)$(HELPERDIR)/.refocus-helper.new $(DESTDIR)$(HELPERDIR)/refocus-helper
	@# Renamed into place: sudo skips names with a dot, so it never reads a half-written rule.
	install -m 0440 policy/sudoers.d/refocus $(DESTDIR)$(SUDOERSDIR)/.refocus.new
	mv -f $(DESTDIR)$(SUDOERSDIR)/.refocus.new $(DESTDIR)$(SUDOERSDIR)/refocus
	@if [ -e $(DESTDIR)$(POLICYDIR)/policy.toml ]; then \
	  echo "Keeping $(DESTDIR)$(POLICYDIR)/policy.toml (the shipped defaults are in policy/policy.toml)"; \
	else \
	  echo "install -m 0644 policy/policy.toml $(DESTDIR)$(POLICYDIR)/policy.toml"; \
	  install -m 0644 policy/policy.toml $(DESTDIR)$(POLICYDIR)/policy.toml; \
	fi
	@# Renamed into place: every process that resolves a name may have the old module mapped.
	$(STRIP) -o $(DESTDIR)$(LIBDIR)/.libnss_refocus.so.2.new $(NSS_MODULE)
	chmod 0644 $(DESTDIR)$(LIBDIR)/.libnss_refocus.so.2.new
	mv -f $(DESTDIR)$(LIBDIR)/.libnss_refocus.so.2.new $(DESTDIR)$(LIBDIR)/libnss_refocus.so.2
	install -m 0644 packaging/systemd/refocus.service $(DESTDIR)$(UNITDIR)/refocus.service
	@# Installed, not enabled: a fleet is the administrator's choice (systemctl enable --now refocus-fleet.timer).
	install -m 0644 packaging/systemd/refocus-fleet.service $(DESTDIR)$(UNITDIR)/refocus-fleet.service
	install -m 0644 packaging/systemd/refocus-fleet.timer $(DESTDIR)$(UNITDIR)/refocus-fleet.timer
	install -m 0644 $(MANPAGES)/refocus.1 $(DESTDIR)$(MANDIR)/man1/refocus.1
	install -m 0644 $(MANPAGES)/refocus-helper.8 $(DESTDIR)$(MANDIR)/man8/refocus-helper.8
	# bash sources the script: no #! line (lintian: bash-completion-with-hashbang).
	$(PRODUCTS)/refocus --generate-completion-script bash | sed '1{/^#!/d}' > $(DESTDIR)$(DATADIR)/bash-completion/completions/refocus
	$(PRODUCTS)/refocus --generate-completion-script zsh > $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_refocus
	$(PRODUCTS)/refocus --generate-completion-script fish > $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/refocus.fish
	chmod 0644 $(DESTDIR)$(DATADIR)/bash-completion/completions/refocus \
	  $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_refocus $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/refocus.fish
ifeq ($(DESTDIR),)
	ldconfig
	@# The service refocus on the hosts line, before dns: the module answers for blocked names. A
	@# file the helper will not edit (it says why) is left as it is: /etc/hosts still blocks them.
	$(AS_ROOT_ITSELF) $(HELPERDIR)/refocus-helper nsswitch add > /dev/null || echo "make install: /etc/nsswitch.conf was left as it is" >&2
	getent group refocus > /dev/null || groupadd --system refocus
	@if [ -n "$$SUDO_USER" ] && [ "$$SUDO_USER" != root ]; then \
	  if id -nG "$$SUDO_USER" | tr ' ' '\n' | grep -qx refocus; then \
	    echo "$$SUDO_USER is in the group refocus"; \
	  else \
	    echo "usermod -aG refocus $$SUDO_USER"; usermod -aG refocus "$$SUDO_USER"; \
	    echo "Added $$SUDO_USER to the group refocus: it counts from the next login (or 'newgrp refocus')."; \
	  fi; \
	fi
	@if [ -d /run/systemd/system ]; then \
	  echo "systemctl daemon-reload; systemctl enable refocus.service; systemctl restart refocus.service"; \
	  systemctl daemon-reload && systemctl enable refocus.service && systemctl restart refocus.service; \
	else \
	  echo "systemd is not running: the first refocus-helper run starts the enforcer daemon"; \
	fi
endif

# On this machine (DESTDIR empty): refuse during a locked session unless FORCE=1, stop the
# service, take the resolver module off /etc/nsswitch.conf and lift every block with the helper
# (the sessions are recorded as cleared), then remove.
uninstall:
ifeq ($(DESTDIR),)
	@set -e; \
	if [ -z "$(FORCE)" ] && [ -x $(BINDIR)/refocus ] && [ -x $(HELPERDIR)/refocus-helper ]; then \
	  status=$$($(AS_ROOT_ITSELF) $(BINDIR)/refocus status --json) || { \
	    echo "make uninstall: cannot tell whether a locked session is running; FORCE=1 uninstalls anyway" >&2; exit 1; }; \
	  if printf '%s\n' "$$status" | grep -Eq '"locked" *: *true'; then \
	    echo "make uninstall: a locked session is running (see 'refocus status'); uninstall after it ends, or with FORCE=1 to clear it now" >&2; \
	    exit 1; \
	  fi; \
	fi
	@if [ -d /run/systemd/system ] && [ -e $(UNITDIR)/refocus-fleet.timer ]; then \
	  echo "systemctl disable --now refocus-fleet.timer"; systemctl disable --now refocus-fleet.timer; \
	fi
	@if [ -d /run/systemd/system ] && [ -e $(UNITDIR)/refocus.service ]; then \
	  echo "systemctl disable --now refocus.service"; systemctl disable --now refocus.service; \
	fi
	@# Before clear (--purge removes /var/lib/refocus, where nsswitch keeps its lock) and before the files go.
	@if [ -x $(HELPERDIR)/refocus-helper ]; then \
	  echo "$(HELPERDIR)/refocus-helper nsswitch remove"; \
	  $(AS_ROOT_ITSELF) $(HELPERDIR)/refocus-helper nsswitch remove > /dev/null; \
	elif grep -Eq '^[[:space:]]*hosts[[:space:]:].*[[:space:]:]refocus([[:space:][]|$$)' /etc/nsswitch.conf 2> /dev/null; then \
	  echo "make uninstall: $(HELPERDIR)/refocus-helper is missing: take 'refocus' off the hosts line of /etc/nsswitch.conf by hand" >&2; \
	fi
	@if [ -x $(HELPERDIR)/refocus-helper ]; then \
	  echo "$(HELPERDIR)/refocus-helper clear$(if $(FORCE), --force)$(if $(PURGE), --purge)"; \
	  $(AS_ROOT_ITSELF) $(HELPERDIR)/refocus-helper clear $(if $(FORCE),--force) $(if $(PURGE),--purge) > /dev/null; \
	fi
endif
	rm -f $(DESTDIR)$(BINDIR)/refocus $(DESTDIR)$(BINDIR)/refocus-ui $(DESTDIR)$(HELPERDIR)/refocus-helper \
	  $(DESTDIR)$(SUDOERSDIR)/refocus $(DESTDIR)$(DATADIR)/applications/refocus.desktop \
	  $(DESTDIR)$(DATADIR)/icons/hicolor/scalable/apps/refocus.svg \
	  $(DESTDIR)$(UNITDIR)/refocus.service $(DESTDIR)$(UNITDIR)/refocus-fleet.service \
	  $(DESTDIR)$(UNITDIR)/refocus-fleet.timer $(DESTDIR)$(MANDIR)/man1/refocus.1 $(DESTDIR)$(MANDIR)/man8/refocus-helper.8 \
	  $(DESTDIR)$(DATADIR)/bash-completion/completions/refocus $(DESTDIR)$(DATADIR)/zsh/vendor-completions/_refocus \
	  $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/refocus.fish $(DESTDIR)$(LIBDIR)/libnss_refocus.so.2
	@if [ -n "$(PURGE)" ] || cmp -s policy/policy.toml $(DESTDIR)$(POLICYDIR)/policy.toml; then \
	  rm -f $(DESTDIR)$(POLICYDIR)/policy.toml; \
	elif [ -e $(DESTDIR)$(POLICYDIR)/policy.toml ]; then \
	  echo "Keeping the edited $(DESTDIR)$(POLICYDIR)/policy.toml (PURGE=1 removes it)"; \
	fi
	@for folder in $(DESTDIR)$(HELPERDIR) $(DESTDIR)$(POLICYDIR); do \
	  if [ -d "$$folder" ]; then rmdir --ignore-fail-on-non-empty "$$folder"; fi; \
	done
ifeq ($(DESTDIR),)
	ldconfig
	@if [ -n "$(PURGE)" ] && getent group refocus > /dev/null; then echo "groupdel refocus"; groupdel refocus; fi
	@if [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
endif

# The Debian package: `make install` into a staging folder, the binaries and the NSS module
# stripped, the man pages compressed, then packaging/debian's control file (version and
# Installed-Size filled in), conffiles, triggers (ldconfig) and maintainer scripts as DEBIAN/, and its copyright and changelog (version
# and date, from SOURCE_DATE_EPOCH or the last commit, filled in) in /usr/share/doc/refocus. NOBUILD=1 PRODUCTS=… MANPAGES=… as for
# install (tests); DEBDIR moves the output and the staging folder; DEBFLAGS go to dpkg-deb.
DEBDIR   ?= .build
DEBFLAGS ?=
DEB_ROOT  = $(DEBDIR)/deb-root
deb: $(if $(NOBUILD),,install-build)
	@command -v dpkg-deb > /dev/null || { echo "make deb: dpkg-deb is missing (apt-get install dpkg)" >&2; exit 1; }
	rm -rf $(DEB_ROOT)
	$(MAKE) --no-print-directory install NOBUILD=1 DESTDIR=$(abspath $(DEB_ROOT)) PREFIX=/usr \
	  PRODUCTS=$(PRODUCTS) MANPAGES=$(MANPAGES)
	gzip -9n $(DEB_ROOT)/usr/share/man/man1/refocus.1 $(DEB_ROOT)/usr/share/man/man8/refocus-helper.8
	@set -e; \
	version=$$($(PRODUCTS)/refocus --version); \
	case "$$version" in [0-9]*) ;; *) echo "make deb: '$$version' is not a Debian version" >&2; exit 1;; esac; \
	install -d -m 0755 $(DEB_ROOT)/usr/share/doc/refocus; \
	install -m 0644 packaging/debian/copyright $(DEB_ROOT)/usr/share/doc/refocus/copyright; \
	when=$$(date -R -u -d "@$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2> /dev/null || date +%s)}"); \
	sed -e "s/@VERSION@/$$version/" -e "s/@DATE@/$$when/" packaging/debian/changelog \
	  | gzip -9n > $(DEB_ROOT)/usr/share/doc/refocus/changelog.gz; \
	chmod 0644 $(DEB_ROOT)/usr/share/doc/refocus/changelog.gz; \
	size=$$(du -s -k --apparent-size $(DEB_ROOT) | cut -f1); \
	install -d -m 0755 $(DEB_ROOT)/DEBIAN; \
	sed -e "s/@VERSION@/$$version/" -e "s/@INSTALLED_SIZE@/$$size/" packaging/debian/control > $(DEB_ROOT)/DEBIAN/control; \
	chmod 0644 $(DEB_ROOT)/DEBIAN/control; \
	install -m 0644 packaging/debian/conffiles packaging/debian/triggers $(DEB_ROOT)/DEBIAN/; \
	install -m 0755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm $(DEB_ROOT)/DEBIAN/; \
	for script in postinst prerm postrm; do sh -n $(DEB_ROOT)/DEBIAN/$$script; done; \
	echo "dpkg-deb --root-owner-group --build $(DEBFLAGS) $(DEB_ROOT) $(DEBDIR)/refocus_$${version}_amd64.deb"; \
	dpkg-deb --root-owner-group --build $(DEBFLAGS) $(DEB_ROOT) $(DEBDIR)/refocus_$${version}_amd64.deb
