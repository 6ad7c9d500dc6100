//! `zweibrett generate`: shell completions and the man page, made from the
//! command line's own definition, for `make install` and for packagers.

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, CommandFactory, ValueEnum};

use super::{Cli, EXIT_WRONG_INPUT, fail};

/// `zweibrett generate`.
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// What to print on standard output.
    #[arg(value_enum)]
    pub what: Generated,
}

/// What `zweibrett generate` prints.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum Generated {
    /// Completions for bash.
    Bash,
    /// Completions for zsh.
    Zsh,
    /// Completions for fish.
    Fish,
    /// The man page, zweibrett(1), in roff.
    Man,
}

/// What the man page says beyond the options: the files, the environment
/// and the exit statuses (as docs/faults.md's table).
const MAN_SECTIONS: &str = r#".SH ENVIRONMENT
.TP
\fBZWEIBRETT_CONFIG\fR
The configuration file to read, as \fB\-\-config\fR names it.
.TP
\fBXDG_CONFIG_HOME\fR, \fBXDG_DATA_HOME\fR, \fBXDG_RUNTIME_DIR\fR
Where the configuration, the games and the running games' sockets live.
.SH FILES
.TP
\fI~/.config/zweibrett/config.toml\fR
The per\-user configuration; \fBzweibrett config path\fR says which file is read.
.TP
\fI~/.config/zweibrett/themes/\fR
Your own themes for the full screen.
.TP
\fI~/.local/share/zweibrett/voices/\fR
Your own voice packs.
.TP
\fI~/.local/share/zweibrett/games/\fR
Each game's journal, transcript and PGN score.
.SH EXIT STATUS
.TP
0
Done.
.TP
1
An input cannot be used: a file, a game, a voice pack, a dictionary, a journal, the configuration; the message names it and why.
.TP
2
The command line is wrong.
.TP
3
\fBhear\fR: the speech recogniser or its model is not installed; \fBspeak\fR: nothing could be spoken.
.TP
74
Standard output or error cannot be written.
.TP
128 + n
Ended by signal n.
.SH SEE ALSO
\fBspd\-say\fR(1), \fBorca\fR(1), \fBbrltty\fR(1)
"#;

/// Runs `zweibrett generate`.
pub fn run(args: &GenerateArgs) -> ExitCode {
    let mut command = Cli::command();
    let mut out = Vec::new();
    let shell = match args.what {
        Generated::Bash => Some(clap_complete::Shell::Bash),
        Generated::Zsh => Some(clap_complete::Shell::Zsh),
        Generated::Fish => Some(clap_complete::Shell::Fish),
        Generated::Man => None,
    };
    match shell {
        Some(shell) => clap_complete::generate(shell, &mut command, "zweibrett", &mut out),
        None => {
            if let Err(e) = clap_mangen::Man::new(command).render(&mut out) {
                return fail(&format!("the man page: {e}"), EXIT_WRONG_INPUT);
            }
            out.extend_from_slice(MAN_SECTIONS.as_bytes());
        }
    }
    // A failed write ends the program with its own message (see signals).
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        return fail(&format!("cannot write to standard output: {e}"), 74);
    }
    ExitCode::SUCCESS
}
