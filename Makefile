# stickerpack: every target installs what it needs first, so a fresh machine runs `make test` alone.
SWIFT ?= swift
# Homebrew, when it is on PATH: on macOS `make install` goes into its prefix (the user's own, no sudo).
BREW := $(shell command -v brew 2>/dev/null)
BREW_PREFIX := $(if $(BREW),$(shell $(BREW) --prefix))
ifeq ($(shell uname)$(if $(BREW_PREFIX),+brew),Darwin+brew)
PREFIX ?= $(BREW_PREFIX)
else
PREFIX ?= /usr/local
endif
# SwiftPM finds the C libraries by their pkg-config names. Homebrew's giflib ships no libgif.pc, so `deps` writes
# one into PKGCONFIG_DIR; jpeg-turbo's own folder is searched too (it was keg-only before 2022). Every recipe,
# so every swift command, sees this PKG_CONFIG_PATH; on Debian the folder stays empty and nothing changes.
PKGCONFIG_DIR := $(CURDIR)/.build/pkgconfig
ifeq ($(findstring $(PKGCONFIG_DIR),$(PKG_CONFIG_PATH)),)
export PKG_CONFIG_PATH := $(PKGCONFIG_DIR)$(if $(BREW),:$(shell $(BREW) --prefix jpeg-turbo)/lib/pkgconfig)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))
endif
# Where gif_lib.h may be when pkg-config does not know libgif: Homebrew's giflib, its prefix, /usr/local, /usr.
GIF_PREFIXES := $(if $(BREW),$(shell $(BREW) --prefix giflib) $(BREW_PREFIX)) /usr/local /usr
# Debug builds optimise the pixel loops (Swift -O, C -O2), which would crawl unoptimised: Package.swift carries no
# unsafe flags, so that other packages can depend on the libraries. Every debug build here passes the same flags,
# so they share one build folder.
DEBUG_FLAGS := -Xswiftc -O -Xcc -O2
BIN := .build/release/stickerpack
DEBUG_BIN := .build/debug/stickerpack
APT_PACKAGES := libpng-dev libgif-dev libjpeg-dev libdeflate-dev libxxhash-dev pkg-config
# pkgconf: Homebrew's pkg-config since 2024 (`pkg-config` is now its alias).
BREW_PACKAGES := libpng giflib jpeg-turbo libdeflate xxhash pkgconf

.PHONY: all deps brew-packages test-deps build build-tests bench-build bench-fit-time release test lint sanitize fuzz check-arm64 demo bench man completions install sample-sheet clean help

# $(call apt_tool,CHECK,PACKAGE,WHY): when the shell test CHECK fails, installs the Debian PACKAGE with apt-get
# (as root or with sudo), saying WHY; elsewhere it stops and asks for it.
define apt_tool
	@if { $(1); } >/dev/null 2>&1; then \
		: ; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(2) with apt-get ($(3))"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
		else echo "error: need root or sudo to install $(2)" >&2; exit 1; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(2) >/dev/null; \
	else \
		echo "error: install $(2): $(3)" >&2; exit 1; \
	fi
endef

all: build

help:
	@echo "make demo     build, then run stickerpack on the sample packs"
	@echo "make test     install the C libraries if missing, check formatting (Linux), build, run every test"
	@echo "make lint     swift format lint --strict, no line over 120 columns, no tracked names that collide on a Mac,"
	@echo "             no Linux-only or x86-only API outside its guard, docs/rules.md current,"
	@echo "             no Swift file in Sources over 300 lines but those Tests/Lint/long-files.txt allows"
	@echo "make check-arm64  every C file cross-compiled for aarch64; C drivers compared under qemu-aarch64"
	@echo "make bench    release build, decode, resize and variants benchmarks beside Pillow (and Pillow-SIMD), the x86 paths against"
	@echo "             STICKERPACK_PORTABLE=1, lint load and peak memory,"
	@echo "             SSIMULACRA2 beside the PyPI package, the palette quantiser beside pngquant,"
	@echo "             the lossless step of fit beside pyoxipng and gifsicle -O3,"
	@echo "             lint on 2,400 real stickers (OpenMoji) beside a plain libpng decode and a Pillow script, --jobs scaling,"
	@echo "             fit beside sticker-convert on 32 over-limit stickers (fits, bytes, two judges' scores, time)"
	@echo "             fit beside sticker-convert and a gifsicle ladder on 10 emoji animations, the 32 and 10 long animations,"
	@echo "             then fails when a file of those sets scores a point lower than at Benchmarks/fit-reference.txt's commit"
	@echo "make bench-fit-time  fit's time goal alone: the median of 3 rounds of fit and sticker-convert taking turns (~40 min)"
	@echo "make sanitize the tests under AddressSanitizer with UndefinedBehaviorSanitizer, then ThreadSanitizer"
	@echo "make fuzz     each fuzz target for FUZZ_SECONDS (default $(FUZZ_SECONDS)); a crash is kept as a regression file"
	@echo "make install  PREFIX=$(PREFIX) [DESTDIR=...]: the binary, the man page, bash/zsh/fish completions"
	@echo "make sample-sheet  redraw SamplePacks/preview-Clean.png, the contact sheet the README shows"

# The C libraries: libpng, giflib, libjpeg-turbo, libdeflate and xxhash headers, found by pkg-config (giflib's also
# by its header), installed with apt-get or, on macOS, Homebrew when missing. Then libgif.pc in PKGCONFIG_DIR,
# only when pkg-config finds no other (Homebrew's giflib; Debian before bookworm): from the prefix and version of
# gif_lib.h, rewritten only when it changes.
deps:
	@if pkg-config --exists libpng libjpeg libdeflate libxxhash 2>/dev/null && { pkg-config --exists libgif 2>/dev/null || for d in $(GIF_PREFIXES); do [ -f "$$d/include/gif_lib.h" ] && break; false; done; }; then \
		: ; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
		else echo "error: need root or sudo to install $(APT_PACKAGES)" >&2; exit 1; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	elif [ "$$(uname)" = Darwin ] && [ -n "$(BREW)" ]; then \
		echo "Installing $(BREW_PACKAGES) with Homebrew"; \
		"$(BREW)" install $(BREW_PACKAGES); \
	elif [ "$$(uname)" = Darwin ]; then \
		echo "error: install Homebrew (https://brew.sh), then run make again: it installs $(BREW_PACKAGES)" >&2; exit 1; \
	else \
		echo "error: install the development files of libpng, giflib, libjpeg-turbo libdeflate and libxxhash, and pkg-config" >&2; exit 1; \
	fi
	@pc=$(PKGCONFIG_DIR)/libgif.pc; \
	if [ -f $$pc ]; then mv $$pc $$pc.old; fi; \
	if pkg-config --exists libgif 2>/dev/null; then rm -f $$pc.old; exit 0; fi; \
	for d in $(GIF_PREFIXES); do [ -f "$$d/include/gif_lib.h" ] && break; d=; done; \
	if [ -z "$$d" ]; then rm -f $$pc.old; echo "error: pkg-config knows no libgif and gif_lib.h is in none of $(GIF_PREFIXES)" >&2; exit 1; fi; \
	version=$$(awk '/^#define GIFLIB_(MAJOR|MINOR|RELEASE)[ \t]/ { v = v (v == "" ? "" : ".") $$3 } END { print v }' "$$d/include/gif_lib.h"); \
	mkdir -p $(PKGCONFIG_DIR); \
	printf 'prefix=%s\nlibdir=$${prefix}/lib\nincludedir=$${prefix}/include\n\nName: libgif\nDescription: %s\nVersion: %s\nCflags: -I$${includedir}\nLibs: -L$${libdir} -lgif\n' \
		"$$d" "GIF library (written by the stickerpack Makefile: giflib ships no pkg-config file)" "$${version:-5}" > $$pc.new; \
	if [ -f $$pc.old ] && cmp -s $$pc.new $$pc.old; then mv $$pc.old $$pc; rm -f $$pc.new; \
	else mv $$pc.new $$pc; rm -f $$pc.old; echo "Wrote $$pc (giflib in $$d)"; fi

# The Homebrew names of the C libraries, for scripts (the GitHub workflow and action) to install.
brew-packages:
	@echo $(BREW_PACKAGES)

build: deps
	$(SWIFT) build $(DEBUG_FLAGS)

build-tests: deps
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)

# The Swift benchmarks built as `make bench` builds them, without running them: they use the libraries as any
# other package would, so this checks that the library products stay usable.
bench-build: deps
	$(BENCH_BUILD)

release: deps
	$(SWIFT) build -c release --product stickerpack

# Every Python tool of the tests and benchmarks lives in one virtual environment, made once: never pip into a
# system or Homebrew Python (PEP 668 refuses it). Debian keeps venv's pip apart, in python3-venv. A venv whose
# Python has gone (Homebrew moved to a new version under a cached .build) is made afresh.
VENV := $(CURDIR)/.build/venv
VENV_PYTHON := $(VENV)/bin/python3
VENV_PIP := $(VENV)/bin/pip
$(shell [ ! -d "$(VENV)" ] || [ -e "$(VENV_PYTHON)" ] || rm -rf "$(VENV)")
$(VENV_PIP):
	$(call apt_tool,python3 -m venv --clear $(VENV),python3-venv,the Python tools of the tests and benchmarks live in a venv)
	@[ -x $@ ] || python3 -m venv --clear $(VENV)

# The end-to-end tests validate SARIF with Python's jsonschema, read exported Xcode projects with openstep-parser
# (Tests/Xcode: a parser that is not our writer) and decode lossy GIFs with Pillow (all in the venv: `make test`
# puts its bin first on PATH, where the tests find python3), parse JUnit XML with the standard library, open the
# HTML report in headless Chromium (Debian's package), and check the Homebrew formula with ruby -c (macOS has
# /usr/bin/ruby).
test-deps: deps $(VENV_PIP)
	@$(VENV_PYTHON) -c "import jsonschema" 2>/dev/null || $(VENV_PIP) install -q jsonschema
	@$(VENV_PYTHON) -c "import openstep_parser" 2>/dev/null || $(VENV_PIP) install -q openstep-parser
	@$(VENV_PYTHON) -c "import PIL" 2>/dev/null || $(VENV_PIP) install -q pillow
	$(call apt_tool,command -v chromium || command -v chromium-browser \
		|| [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ],chromium,the HTML report test opens it headless)
	$(call apt_tool,command -v ruby,ruby,the tests check Formula/stickerpack.rb with ruby -c)

# On Linux the tests start with the formatting check; on macOS it is skipped (verdicts follow the
# swift-format version that ships with each toolchain).
test: test-deps
	@if [ "$$(uname)" = Linux ]; then $(MAKE) --no-print-directory lint; fi
	$(MAKE) --no-print-directory build-tests
	PATH="$(VENV)/bin:$$PATH" Tests/failures-last.sh $(SWIFT) test --skip-build $(DEBUG_FLAGS)

# Formatting: swift format's own verdict, strict, over every Swift file (.swift-format holds the settings),
# and no line over 120 columns in Sources and Tests (swift format does not break comments or strings).
lint: deps $(VENV_PIP)
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Benchmarks
	@long=$$(find Package.swift Sources Tests Benchmarks -name .build -prune -o -name '*.swift' -exec awk 'length > 120 { print FILENAME ":" FNR }' {} +); \
		if [ -n "$$long" ]; then echo "lines over 120 columns:"; echo "$$long"; exit 1; fi
	$(VENV_PYTHON) Tests/Lint/tracked_names.py
	$(VENV_PYTHON) Tests/Lint/platform_apis.py
	$(VENV_PYTHON) Tests/Lint/file_sizes.py
	$(SWIFT) build --product stickerpack $(DEBUG_FLAGS)
	$(VENV_PYTHON) Tests/Lint/rule_docs.py $(DEBUG_BIN)

# The C targets cross-compiled for aarch64 (Apple Silicon's architecture), and small drivers of the C code that
# runs alone compared between x86-64 and aarch64 under qemu-user (Tests/CrossArch/check-arm64.sh).
check-arm64: deps
	$(call apt_tool,command -v aarch64-linux-gnu-gcc && command -v qemu-aarch64 && [ -f /usr/aarch64-linux-gnu/lib/libc.a ],gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user,check-arm64 cross-compiles for aarch64 and runs it under qemu)
	Tests/CrossArch/check-arm64.sh

demo: release
	@echo "== stickerpack lint on a clean pack: passes =="
	$(BIN) lint SamplePacks/Clean
	@echo
	@echo "== stickerpack lint on a pack where every rule fires, and on a broken Xcode catalog (exit 1 expected) =="
	@$(BIN) lint SamplePacks/Problems SamplePacks/Problems.xcstickers || echo "(exit status $$?: errors found, as these packs intend)"
	@echo
	@echo "== stickerpack build: a catalog Xcode accepts, with an icon set and a manifest =="
	$(BIN) build SamplePacks/Clean -o .build/demo/Stickers.xcstickers --icon SamplePacks/Clean/star.png --force
	@echo "   the catalog holds:"; cd .build/demo && find Stickers.xcstickers -name Contents.json | sort | sed 's/^/     /'
	@echo
	@echo "== stickerpack info: what one file holds =="
	$(BIN) info SamplePacks/Clean/wave.png
	@echo
	@echo "== the frames of an animated sticker, as the decoder composites them =="
	$(BIN) frames SamplePacks/Clean/wave.png -o .build/demo/wave-frames
	@echo
	@echo "== stickerpack fit: stickers over the 500 KB limit (SamplePacks/OverLimit) made to fit, and what it cost =="
	@$(BIN) lint SamplePacks/OverLimit --quiet || echo "(exit status $$?: over the limit, as this pack intends)"
	@rm -rf .build/demo/OverLimit
	$(BIN) fit SamplePacks/OverLimit --output .build/demo/OverLimit --preview .build/demo/fit-preview.png
	$(BIN) compare SamplePacks/OverLimit/wheel.png .build/demo/OverLimit/wheel.png
	@echo
	@echo "== stickerpack build --xcode-project: the whole Sticker Pack App project, ready to open in Xcode =="
	$(BIN) build SamplePacks/Clean --xcode-project .build/demo/CleanApp --name Clean --bundle-id com.example.clean \
		--icon SamplePacks/Clean/star.png --force
	@cd .build/demo/CleanApp && find . -maxdepth 3 -not -path '*/Stickers.xcstickers/*' | sort | sed 's/^/     /'

# The whole test suite under AddressSanitizer (with LeakSanitizer; harness leaks suppressed) and
# UndefinedBehaviorSanitizer, then under ThreadSanitizer (the parallel lint and variants). Separate build
# folders keep the normal build intact. swiftc has no UBSan on Linux (Swift traps overflow and bounds
# itself), so UBSan instruments the C targets, fatally.
ASAN_UBSAN := $(DEBUG_FLAGS) --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --scratch-path .build-asan
sanitize: test-deps
	$(SWIFT) build --build-tests $(ASAN_UBSAN)
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt UBSAN_OPTIONS=print_stacktrace=1 \
		PATH="$(VENV)/bin:$$PATH" Tests/failures-last.sh $(SWIFT) test --skip-build $(ASAN_UBSAN)
	$(SWIFT) build --build-tests $(DEBUG_FLAGS) --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 PATH="$(VENV)/bin:$$PATH" Tests/failures-last.sh $(SWIFT) test --skip-build $(DEBUG_FLAGS) \
		--sanitize=thread --scratch-path .build-tsan

# libFuzzer with AddressSanitizer, one target after another (Tests/Fuzz/fuzz.sh); fails when a target finds a crash.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tests/Fuzz/fuzz.sh

# The peers come from PyPI when missing, into the venv: Pillow, and Pillow-SIMD built with AVX2 into its own folder
# (it installs as the same `PIL` module, so it lives apart and is loaded by PYTHONPATH). The real-sticker set
# is OpenMoji from PyPI, rendered by rsvg-convert (Debian's librsvg2-bin); GNU time reads peak memory. The fit
# benchmark's over-limit set is made from pinned PyPI wheels (Benchmarks/fit_set.py); sticker-convert is its peer.
PILLOW_SIMD := .build/pillow-simd
# The Swift benchmarks are a package of their own (Benchmarks/Package.swift), built beside the product's build.
BENCH_BUILD := $(SWIFT) build -c release --package-path Benchmarks --scratch-path .build/benchmarks
BENCH_BIN := .build/benchmarks/release
PNG_BASELINE := .build/png-decode-baseline
bench: deps $(VENV_PIP)
	@$(VENV_PYTHON) -c "import PIL" 2>/dev/null || $(VENV_PIP) install -q pillow
	$(call apt_tool,command -v rsvg-convert && [ -x /usr/bin/time ],librsvg2-bin time,the sticker set is rendered from SVG; GNU time reads peak memory)
	@[ -d $(PILLOW_SIMD)/PIL ] || CC="cc -mavx2" $(VENV_PIP) install -q --no-cache-dir --target $(PILLOW_SIMD) pillow-simd
	$(BENCH_BUILD) --product decode-bench
	$(BENCH_BUILD) --product resample-bench
	$(VENV_PYTHON) Benchmarks/decode_vs_pillow.py $(BENCH_BIN)/decode-bench
	@echo
	$(VENV_PYTHON) Benchmarks/resample_vs_pillow.py $(BENCH_BIN)/resample-bench --pillow-simd $(PILLOW_SIMD)
	@echo
	$(SWIFT) build -c release --product stickerpack
	$(VENV_PYTHON) Benchmarks/variants_vs_pillow.py $(BIN)
	@echo
	$(VENV_PYTHON) Benchmarks/portable_vs_x86.py $(BIN)
	@echo
	$(VENV_PYTHON) Benchmarks/lint_load.py $(BIN)
	@echo
	@$(VENV_PYTHON) -c "import ssimulacra2" 2>/dev/null || $(VENV_PIP) install -q ssimulacra2
	$(BENCH_BUILD) --product quality-bench
	$(VENV_PYTHON) Benchmarks/quality_vs_ssimulacra2.py $(BENCH_BIN)/quality-bench
	@echo
	$(call apt_tool,command -v pngquant,pngquant,the palette quantiser is compared with it run as a program)
	$(BENCH_BUILD) --product quantize-bench
	$(VENV_PYTHON) Benchmarks/quantize_vs_pngquant.py $(BENCH_BIN)/quantize-bench
	@echo
	@$(VENV_PYTHON) -c "import oxipng" 2>/dev/null || $(VENV_PIP) install -q pyoxipng
	$(call apt_tool,command -v gifsicle,gifsicle,the lossless GIF step is compared with gifsicle -O3 run as a program)
	$(BENCH_BUILD) --product lossless-bench
	$(VENV_PYTHON) Benchmarks/lossless_vs_oxipng.py $(BENCH_BIN)/lossless-bench
	@mkdir -p $(dir $(PNG_BASELINE))
	cc -O2 -o $(PNG_BASELINE) Benchmarks/png_decode_baseline.c $$(pkg-config --cflags --libs libpng)
	$(VENV_PYTHON) Benchmarks/lint_vs_baseline.py $(BIN) $(PNG_BASELINE)
	@echo
	@$(VENV_PYTHON) -c "import sticker_convert, ssimulacra2" 2>/dev/null || $(VENV_PIP) install -q sticker-convert ssimulacra2
	PATH="$(VENV)/bin:$$PATH" $(VENV_PYTHON) Benchmarks/fit_vs_sticker_convert.py $(BIN)
	@echo
	PATH="$(VENV)/bin:$$PATH" $(VENV_PYTHON) Benchmarks/fit_vs_peers.py $(BIN)
	@echo
	ref=$$($(VENV_PYTHON) Benchmarks/reference_build.py --from Benchmarks/fit-reference.txt) && \
		$(VENV_PYTHON) Benchmarks/fit_side_by_side.py "$$ref" $(BIN) --fail-on-loss

# fit's time against sticker-convert's, alone: one run moves by as much as the goal's margin, so the median of rounds.
bench-fit-time: deps $(VENV_PIP)
	@$(VENV_PYTHON) -c "import PIL, numpy, sticker_convert" 2>/dev/null || $(VENV_PIP) install -q pillow numpy sticker-convert
	$(SWIFT) build -c release --product stickerpack
	PATH="$(VENV)/bin:$$PATH" $(VENV_PYTHON) Benchmarks/fit_time_goal.py $(BIN)

# The man page and the completion scripts come from the argument parser's own description of the commands.
MAN_PAGE := .build/man/stickerpack.1
COMPLETIONS := .build/completions
man: release
	$(SWIFT) build -c release --product stickerpack-manual
	@mkdir -p $(dir $(MAN_PAGE))
	$(BIN) --experimental-dump-help | $(dir $(BIN))stickerpack-manual "stickerpack $$($(BIN) --version)" > $(MAN_PAGE).tmp
	@mv $(MAN_PAGE).tmp $(MAN_PAGE)

completions: release
	@mkdir -p $(COMPLETIONS)
	$(BIN) --generate-completion-script bash > $(COMPLETIONS)/stickerpack.bash
	$(BIN) --generate-completion-script zsh > $(COMPLETIONS)/_stickerpack
	$(BIN) --generate-completion-script fish > $(COMPLETIONS)/stickerpack.fish

install: release man completions
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/stickerpack
	install -m 644 $(MAN_PAGE) $(DESTDIR)$(PREFIX)/share/man/man1/stickerpack.1
	install -m 644 $(COMPLETIONS)/stickerpack.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/stickerpack
	install -m 644 $(COMPLETIONS)/_stickerpack $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_stickerpack
	install -m 644 $(COMPLETIONS)/stickerpack.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/stickerpack.fish

# The README's picture: the contact sheet of the clean sample pack (the tests check it is current).
sample-sheet: release
	$(BIN) preview SamplePacks/Clean -o SamplePacks/preview-Clean.png --force

clean:
	rm -rf .build
