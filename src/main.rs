//! The `zweibrett` command: argument parsing and wiring only.

fn main() -> std::process::ExitCode {
    zweibrett::cli::main()
}
