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
    /// With `man`: write every page into this folder instead, zweibrett.1
    /// and one per subcommand (zweibrett-play.1, zweibrett-config-init.1 …),
    /// each naming the files it was written to.
    #[arg(long, value_name = "DIR")]
    pub to: Option<std::path::PathBuf>,
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
    /// For a voice pack in another language: the `[command_line]` tables
    /// of every text `--help` shows, in English, to translate.
    HelpTexts,
}

/// What the man page says beyond the options: the files, the environment
/// and the exit statuses (as docs/faults.md's table).
const MAN_SECTIONS: &str = r#".SH ENVIRONMENT
.TP
\fBZWEIBRETT_CONFIG\fR
The configuration file to read, as \fB\-\-config\fR names it.
.TP
\fBZWEIBRETT_SCREEN_READER\fR
The screen reader that speaks (\fBorca\fR, \fBspeakup\fR …), or \fBnone\fR, instead of looking for one.
.TP
\fBZWEIBRETT_LABELS\fR
\fBenglish\fR: line mode labels its lines in English whatever the voice pack, for a script that reads them.
.TP
\fBZWEIBRETT_POCKETSPHINX\fR
A PocketSphinx library file to load instead of the installed one.
.TP
\fBLC_ALL\fR, \fBLC_MESSAGES\fR, \fBLANG\fR
The first set picks the voice pack of its language where nothing names one (de: fide, pt, es, en).
.TP
\fBXDG_CONFIG_HOME\fR, \fBXDG_DATA_HOME\fR, \fBXDG_RUNTIME_DIR\fR, \fBHOME\fR
Where the configuration, the games and the running games' sockets live.
.TP
\fBSPEECHD_ADDRESS\fR
The speech\-dispatcher server to speak through, as its own clients read it.
.TP
\fBBRLAPI_HOST\fR, \fBBRLAPI_AUTH\fR
The BRLTTY server and its key, as BrlAPI reads them.
.TP
\fBCONTROLVT\fR, \fBWINDOWPATH\fR, \fBTMUX\fR, \fBSTY\fR
Which terminal has the focus, for the braille display: the console, X, tmux's or GNU screen's client.
.TP
\fBTERM\fR, \fBCOLORTERM\fR, \fBNO_COLOR\fR
The terminal's kind and colours; with \fBNO_COLOR\fR the full screen uses none, and tells the squares apart by a pattern.
.TP
\fBSSH_CONNECTION\fR
Over ssh the screen reader may run on the user's own computer: the program asks once whether one speaks.
.TP
\fBPATH\fR
Where stockfish, speech\-dispatcher and BRLTTY are looked for.
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
        Generated::Man | Generated::HelpTexts => None,
    };
    if let Generated::HelpTexts = args.what {
        if args.to.is_some() {
            return fail("--to writes man pages only: generate man --to DIR", 2);
        }
        out = super::help::pack_tables().into_bytes();
    }
    match (shell, &args.to) {
        (Some(shell), None) => {
            clap_complete::generate(shell, &mut command, "zweibrett", &mut out);
        }
        (Some(_), Some(_)) => {
            return fail("--to writes man pages only: generate man --to DIR", 2);
        }
        (None, Some(dir)) => return write_pages(without_help_pages(command), dir),
        (None, None) if !matches!(args.what, Generated::HelpTexts) => {
            let command = without_help_pages(command);
            if let Err(e) = clap_mangen::Man::new(command).render(&mut out) {
                return fail(&format!("the man page: {e}"), EXIT_WRONG_INPUT);
            }
            out.extend_from_slice(MAN_SECTIONS.as_bytes());
        }
        (None, None) => {}
    }
    // A failed write ends the program with its own message (see signals).
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(&out).and_then(|()| stdout.flush()) {
        return fail(&format!("cannot write to standard output: {e}"), 74);
    }
    ExitCode::SUCCESS
}

/// Writes zweibrett.1 and a page for every subcommand, at every depth,
/// into `dir`, and names each file written.
fn write_pages(command: clap::Command, dir: &std::path::Path) -> ExitCode {
    let mut pages = Vec::new();
    pages_of(&command, "zweibrett", &mut pages);
    let mut written = Vec::new();
    for (name, page) in pages {
        let mut roff = Vec::new();
        if let Err(e) = clap_mangen::Man::new(page).render(&mut roff) {
            return fail(&format!("the man page {name}: {e}"), EXIT_WRONG_INPUT);
        }
        if name == "zweibrett" {
            roff.extend_from_slice(MAN_SECTIONS.as_bytes());
        }
        let path = dir.join(format!("{name}.1"));
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&path, roff)) {
            return fail(&format!("{}: {e}", path.display()), EXIT_WRONG_INPUT);
        }
        written.push(path.display().to_string());
    }
    let mut stdout = std::io::stdout().lock();
    let listed = written.join("\n") + "\n";
    if let Err(e) = stdout
        .write_all(listed.as_bytes())
        .and_then(|()| stdout.flush())
    {
        return fail(&format!("cannot write to standard output: {e}"), 74);
    }
    ExitCode::SUCCESS
}

/// `command` and every subcommand under it, each named as its page is
/// (`zweibrett-config-init`) and carrying that name, so that its page's
/// synopsis and the top page's SUBCOMMANDS agree; `help` has no page.
fn pages_of(command: &clap::Command, name: &str, pages: &mut Vec<(String, clap::Command)>) {
    let page = command
        .clone()
        .name(name.to_string())
        .display_name(name.to_string())
        .bin_name(name.replace('-', " "));
    pages.push((name.to_string(), page));
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        pages_of(sub, &format!("{name}-{}", sub.get_name()), pages);
    }
}

/// `command` built, its `help` subcommands (clap's own, at every level)
/// hidden: the page of a command says how to get help, and no page of
/// `help` is named that would not be there.
fn without_help_pages(mut command: clap::Command) -> clap::Command {
    command.build();
    hide_help(command)
}

fn hide_help(command: clap::Command) -> clap::Command {
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    names.into_iter().fold(command, |command, name| {
        command.mut_subcommand(name.clone(), |sub| {
            if name == "help" {
                sub.hide(true)
            } else {
                hide_help(sub)
            }
        })
    })
}
