# The two commands of the README. Each first installs what is missing.
.PHONY: setup run test test-long bench fmt install install-files uninstall deb

# Where `make install` puts the program; DESTDIR stages it for a package.
PREFIX ?= /usr/local
DESTDIR ?=
BIN := $(DESTDIR)$(PREFIX)/bin
SHARE := $(DESTDIR)$(PREFIX)/share

setup:
	./scripts/setup

setup-test:
	ZWEIBRETT_SETUP_TEST=1 ./scripts/setup

run: setup
	cargo run --release --quiet -- $(ARGS)

# Clippy is the workspace's compiler in the test build, every warning an
# error: the code is linted as it is compiled for the tests, not checked
# first and then built again. Every target is built (benchmarks and
# examples too, never run). The commands that follow run with the same
# compiler, so they find that build fresh.
CLIPPY = RUSTC_WORKSPACE_WRAPPER="$$(rustc --print sysroot)/bin/clippy-driver" CLIPPY_ARGS=-Dwarnings

test: setup-test
	cargo fmt --check
	$(CLIPPY) cargo test --workspace --all-targets --no-run --quiet
	$(CLIPPY) cargo nextest run --workspace
	$(CLIPPY) cargo test --workspace --doc

# The whole corpora and samples of the hearing and round-trip tests, which
# the test command draws smaller: before a release, and whenever the move
# readers or the recogniser change.
test-long: setup-test
	ZWEIBRETT_LONG_TESTS=1 $(CLIPPY) cargo nextest run --workspace

bench: setup
	cargo bench

# The program, its man page, its shell completions and its guide.
install: setup
	cargo build --release --locked
	$(MAKE) --no-print-directory install-files

# The files of `install` from a program already built (BINARY).
BINARY ?= target/release/zweibrett
install-files:
	install -Dm755 $(BINARY) $(BIN)/zweibrett
	install -d $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d \
		$(SHARE)/doc/zweibrett/docs
	$(BINARY) generate man --to $(SHARE)/man/man1 > /dev/null
	$(BINARY) generate bash > $(SHARE)/bash-completion/completions/zweibrett
	$(BINARY) generate zsh > $(SHARE)/zsh/site-functions/_zweibrett
	$(BINARY) generate fish > $(SHARE)/fish/vendor_completions.d/zweibrett.fish
	install -m644 README.md CHANGELOG.md config/default.toml $(SHARE)/doc/zweibrett/
	install -m644 docs/*.md $(SHARE)/doc/zweibrett/docs/

# A Debian package of the release build: target/debian/zweibrett_*.deb.
deb: setup
	cargo build --release --locked
	scripts/make-deb target/release/zweibrett

uninstall:
	rm -f $(BIN)/zweibrett $(SHARE)/man/man1/zweibrett.1 \
		$(SHARE)/bash-completion/completions/zweibrett \
		$(SHARE)/zsh/site-functions/_zweibrett \
		$(SHARE)/fish/vendor_completions.d/zweibrett.fish
	rm -rf $(SHARE)/doc/zweibrett
