# The two commands of the README. Each first installs what is missing.
.PHONY: setup run test bench fmt install uninstall

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

test: setup-test
	cargo fmt --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo test --workspace --all-targets

bench: setup
	cargo bench

# The program, its man page, its shell completions and its README.
install: setup
	cargo build --release --locked
	install -Dm755 target/release/zweibrett $(BIN)/zweibrett
	install -d $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d \
		$(SHARE)/doc/zweibrett
	target/release/zweibrett generate man > $(SHARE)/man/man1/zweibrett.1
	target/release/zweibrett generate bash > $(SHARE)/bash-completion/completions/zweibrett
	target/release/zweibrett generate zsh > $(SHARE)/zsh/site-functions/_zweibrett
	target/release/zweibrett generate fish > $(SHARE)/fish/vendor_completions.d/zweibrett.fish
	install -m644 README.md CHANGELOG.md config/default.toml $(SHARE)/doc/zweibrett/

uninstall:
	rm -f $(BIN)/zweibrett $(SHARE)/man/man1/zweibrett.1 \
		$(SHARE)/bash-completion/completions/zweibrett \
		$(SHARE)/zsh/site-functions/_zweibrett \
		$(SHARE)/fish/vendor_completions.d/zweibrett.fish
	rm -rf $(SHARE)/doc/zweibrett
