//! The command line: parsing arguments and wiring the parts together.
//!
//! Exit status: 0 success, 1 a move or file that is wrong (illegal,
//! ambiguous, unreadable), 2 a usage error.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// zweibrett: two boards, one game. A screen-reader-first companion for
/// chess under FIDE Laws, Appendix D (blind and visually impaired players).
#[derive(Parser, Debug)]
#[command(name = "zweibrett", version, about)]
pub struct Cli {
    /// Line-by-line mode on stdin and stdout, for screen readers, braille
    /// displays and scripts.
    #[arg(long, global = true)]
    pub plain: bool,

    /// What to do; a new game when left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {}

/// Runs the program and returns its exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        None => {
            eprintln!("zweibrett: the game screen is not built yet; see `zweibrett --help`");
            ExitCode::from(2)
        }
    }
}
