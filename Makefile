# The two commands of the README. Each first installs what is missing.
.PHONY: setup run test bench fmt

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
