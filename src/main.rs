//! The `zweibrett` command: argument parsing and wiring only.

use std::process::ExitCode;

use zweibrett::signals;

fn main() -> ExitCode {
    signals::end_quietly_on_closed_output();
    let status = zweibrett::cli::main();
    // A session ended by a signal says so in its status, once the journal
    // and the terminal are in order.
    match signals::requested() {
        Some(signal) => ExitCode::from(signals::exit_status(signal)),
        None => status,
    }
}
