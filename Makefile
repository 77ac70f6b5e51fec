# stickerpack: every target installs what it needs first, so a fresh machine runs `make test` alone.
SWIFT ?= swift
PREFIX ?= /usr/local
BIN := .build/release/stickerpack
DEBUG_BIN := .build/debug/stickerpack
APT_PACKAGES := libpng-dev libgif-dev libjpeg-dev libdeflate-dev libxxhash-dev pkg-config
BREW_PACKAGES := libpng giflib jpeg-turbo libdeflate xxhash pkg-config

.PHONY: all deps brew-packages test-deps build release test lint sanitize fuzz demo bench man completions install sample-sheet clean help

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
	@echo "make lint     swift format lint --strict, and no line over 120 columns"
	@echo "make bench    release build, decode, resize and variants benchmarks beside Pillow (and Pillow-SIMD), lint load and peak memory,"
	@echo "             SSIMULACRA2 beside the PyPI package, the palette quantiser beside pngquant,"
	@echo "             the lossless step of fit beside pyoxipng and gifsicle -O3,"
	@echo "             lint on 2,400 real stickers (OpenMoji) beside a plain libpng decode and a Pillow script, --jobs scaling,"
	@echo "             fit beside sticker-convert on 32 over-limit stickers (fits, bytes, two judges' scores, time)"
	@echo "make sanitize the tests under AddressSanitizer with UndefinedBehaviorSanitizer, then ThreadSanitizer"
	@echo "make fuzz     each fuzz target for FUZZ_SECONDS (default $(FUZZ_SECONDS)); a crash is kept as a regression file"
	@echo "make install  PREFIX=$(PREFIX) [DESTDIR=...]: the binary, the man page, bash/zsh/fish completions"
	@echo "make sample-sheet  redraw SamplePacks/preview-Clean.png, the contact sheet the README shows"

# The C libraries: libpng, giflib, libjpeg-turbo and libdeflate headers, found by pkg-config or in /usr/include.
deps:
	@if pkg-config --exists libpng libjpeg libdeflate libxxhash 2>/dev/null && { pkg-config --exists libgif 2>/dev/null || [ -f /usr/include/gif_lib.h ] || [ -f /opt/homebrew/include/gif_lib.h ] || [ -f /usr/local/include/gif_lib.h ]; }; then \
		: ; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing $(APT_PACKAGES) with apt-get"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; \
		else echo "error: need root or sudo to install $(APT_PACKAGES)" >&2; exit 1; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	elif [ "$$(uname)" = Darwin ]; then \
		echo "error: install the C libraries with Homebrew first: brew install $(BREW_PACKAGES)" >&2; exit 1; \
	else \
		echo "error: install the development files of libpng, giflib, libjpeg-turbo libdeflate and libxxhash, and pkg-config" >&2; exit 1; \
	fi

# The Homebrew names of the C libraries, for scripts (the GitHub workflow and action) to install.
brew-packages:
	@echo $(BREW_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product stickerpack

# The end-to-end tests validate SARIF with Python's jsonschema, parse JUnit XML with the standard library, and
# open the HTML report in headless Chromium (Debian's package).
test-deps: deps
	@python3 -c "import jsonschema" 2>/dev/null || python3 -m pip install -q jsonschema
	$(call apt_tool,command -v chromium || command -v chromium-browser \
		|| [ -x "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" ],chromium,the HTML report test opens it headless)

# On Linux the tests start with the formatting check; on macOS it is skipped (verdicts follow the
# swift-format version that ships with each toolchain).
test: test-deps
	@if [ "$$(uname)" = Linux ]; then $(MAKE) --no-print-directory lint; fi
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Formatting: swift format's own verdict, strict, over every Swift file (.swift-format holds the settings),
# and no line over 120 columns in Sources and Tests (swift format does not break comments or strings).
lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Benchmarks
	@long=$$(find Package.swift Sources Tests Benchmarks -name '*.swift' -exec awk 'length > 120 { print FILENAME ":" FNR }' {} +); \
		if [ -n "$$long" ]; then echo "lines over 120 columns:"; echo "$$long"; exit 1; fi

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

# The whole test suite under AddressSanitizer (with LeakSanitizer; harness leaks suppressed) and
# UndefinedBehaviorSanitizer, then under ThreadSanitizer (the parallel lint and variants). Separate build
# folders keep the normal build intact. swiftc has no UBSan on Linux (Swift traps overflow and bounds
# itself), so UBSan instruments the C targets, fatally.
ASAN_UBSAN := --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --scratch-path .build-asan
sanitize: test-deps
	$(SWIFT) build --build-tests $(ASAN_UBSAN)
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt UBSAN_OPTIONS=print_stacktrace=1 \
		$(SWIFT) test --skip-build $(ASAN_UBSAN)
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan

# libFuzzer with AddressSanitizer, one target after another (Tests/Fuzz/fuzz.sh); fails when a target finds a crash.
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Tests/Fuzz/fuzz.sh

# The peers come from PyPI when missing: Pillow, and Pillow-SIMD built with AVX2 into its own folder
# (it installs as the same `PIL` module, so it lives apart and is loaded by PYTHONPATH). The real-sticker set
# is OpenMoji from PyPI, rendered by rsvg-convert (Debian's librsvg2-bin); GNU time reads peak memory. The fit
# benchmark's over-limit set is made from pinned PyPI wheels (Benchmarks/fit_set.py); sticker-convert is its peer.
PILLOW_SIMD := .build/pillow-simd
PNG_BASELINE := .build/png-decode-baseline
bench: deps
	@python3 -c "import PIL" 2>/dev/null || python3 -m pip install -q pillow
	$(call apt_tool,command -v rsvg-convert && [ -x /usr/bin/time ],librsvg2-bin time,the sticker set is rendered from SVG; GNU time reads peak memory)
	@[ -d $(PILLOW_SIMD)/PIL ] || CC="cc -mavx2" python3 -m pip install -q --no-cache-dir --target $(PILLOW_SIMD) pillow-simd
	$(SWIFT) build -c release --product decode-bench
	$(SWIFT) build -c release --product resample-bench
	python3 Benchmarks/decode_vs_pillow.py .build/release/decode-bench
	@echo
	python3 Benchmarks/resample_vs_pillow.py .build/release/resample-bench --pillow-simd $(PILLOW_SIMD)
	@echo
	$(SWIFT) build -c release --product stickerpack
	python3 Benchmarks/variants_vs_pillow.py $(BIN)
	@echo
	python3 Benchmarks/lint_load.py $(BIN)
	@echo
	@python3 -c "import ssimulacra2" 2>/dev/null || python3 -m pip install -q ssimulacra2
	$(SWIFT) build -c release --product quality-bench
	python3 Benchmarks/quality_vs_ssimulacra2.py .build/release/quality-bench
	@echo
	$(call apt_tool,command -v pngquant,pngquant,the palette quantiser is compared with it run as a program)
	$(SWIFT) build -c release --product quantize-bench
	python3 Benchmarks/quantize_vs_pngquant.py .build/release/quantize-bench
	@echo
	@python3 -c "import oxipng" 2>/dev/null || python3 -m pip install -q pyoxipng
	$(call apt_tool,command -v gifsicle,gifsicle,the lossless GIF step is compared with gifsicle -O3 run as a program)
	$(SWIFT) build -c release --product lossless-bench
	python3 Benchmarks/lossless_vs_oxipng.py .build/release/lossless-bench
	@mkdir -p $(dir $(PNG_BASELINE))
	cc -O2 -o $(PNG_BASELINE) Benchmarks/png_decode_baseline.c $$(pkg-config --cflags --libs libpng)
	python3 Benchmarks/lint_vs_baseline.py $(BIN) $(PNG_BASELINE)
	@echo
	@python3 -c "import sticker_convert, ssimulacra2" 2>/dev/null || python3 -m pip install -q sticker-convert ssimulacra2
	python3 Benchmarks/fit_vs_sticker_convert.py $(BIN)

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
