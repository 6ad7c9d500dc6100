//! `zweibrett serve` (the round's live PGN for a broadcast) and
//! `zweibrett hall` (every board of the round for the arbiter).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::game::{Screen, braille_settings, full_screen};
use super::speak::{Prepared, prepare};
use super::{EXIT_USAGE, EXIT_WRONG_INPUT, SpeechOptions, fail};
use crate::notation::pack::HallSentence;
use crate::session::hall::{HallOptions, SourceSpec};
use crate::session::serve::{self, ROUND_PATH, RoundFiles, Served};
use crate::speech::SpeechOutput;
use crate::ui::screen::analysis::shell::Transcribed;

/// Options of `zweibrett serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The round's folders (every .pgn file in them: the games' --live
    /// copies) and files.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The address and port to serve on: 127.0.0.1:8080 serves this
    /// machine only, 0.0.0.0:8080 the hall's network; port 0 takes a free
    /// one.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDRESS")]
    pub address: SocketAddr,
    /// How many connections are served at once (1 to 1024); one more is
    /// closed unanswered.
    #[arg(long, default_value_t = serve::CONNECTIONS,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub connections: u16,
    /// Voice pack for what is printed (fide, pt, es, en, or your own).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
}

/// Runs `zweibrett serve` until the process is stopped.
pub fn serve(args: &ServeArgs) -> ExitCode {
    let pack = super::configured_pack(args.voice.as_deref());
    let words = pack.hall_sentences();
    // A folder or file that is not there is a mistyped name, not a round
    // still to come: the games' folder is made before the round starts.
    for path in &args.paths {
        if let Err(e) = std::fs::metadata(path) {
            let said = words.say(
                HallSentence::SourceRefused,
                &[
                    ("source", &path.display().to_string()),
                    ("reason", &e.to_string()),
                ],
            );
            return fail(&said, EXIT_WRONG_INPUT);
        }
    }
    let listener = match serve::bind(args.address) {
        Ok(listener) => listener,
        Err(e) => {
            let said = words.say(
                HallSentence::ServeFailed,
                &[
                    ("address", &args.address.to_string()),
                    ("reason", &e.to_string()),
                ],
            );
            return fail(&said, EXIT_USAGE);
        }
    };
    let address = listener.local_addr().unwrap_or(args.address);
    let round = RoundFiles::new(Served {
        paths: args.paths.clone(),
        connections: usize::from(args.connections),
    });
    let (_, _, games) = round.round();
    let url = format!("http://{address}{ROUND_PATH}");
    let count = games.to_string();
    println!(
        "{}",
        words.say_count(
            HallSentence::Serving,
            games as u64,
            &[("count", &count), ("url", &url)]
        )
    );
    match serve::serve(listener, round) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let said = words.say(
                HallSentence::ServeFailed,
                &[
                    ("address", &address.to_string()),
                    ("reason", &e.to_string()),
                ],
            );
            fail(&said, EXIT_WRONG_INPUT)
        }
    }
}

/// Options of `zweibrett hall`.
#[derive(Args, Debug)]
pub struct HallArgs {
    /// The round's sources: live PGN files, journals (.jsonl), folders of
    /// them, or http:// addresses serving a round's PGN (zweibrett serve,
    /// DGT LiveChess).
    #[arg(required = true, value_name = "SOURCE")]
    pub sources: Vec<String>,
    /// Say a board in play whose moves have not changed for this many
    /// minutes (1 to 600).
    #[arg(long, default_value_t = 15, value_name = "MINUTES",
          value_parser = clap::value_parser!(u64).range(1..=600))]
    pub stall: u64,
    /// Voice pack for what is said (fide, pt, es, en, or your own).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// Append everything said to FILE, one line per utterance.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,
    /// How the hall is shown.
    #[command(flatten)]
    pub screen: Screen,
    /// How it is spoken.
    #[command(flatten)]
    pub speech: SpeechOptions,
}

/// Runs `zweibrett hall` until the arbiter leaves.
pub fn hall(args: &HallArgs, speech: &SpeechOptions, screen: &Screen) -> ExitCode {
    let Prepared {
        settings,
        pack,
        speech: speech_settings,
    } = match prepare(args.voice.as_deref(), speech) {
        Ok(prepared) => prepared,
        Err(e) => return fail(&e.to_string(), e.exit_code()),
    };
    let mut sources = Vec::new();
    for text in &args.sources {
        match SourceSpec::parse(text) {
            Ok(source) => sources.push(source),
            Err(e) => {
                let said = pack.hall_sentences().say(
                    HallSentence::SourceRefused,
                    &[("source", text), ("reason", &e.say(&pack))],
                );
                return fail(&said, EXIT_USAGE);
            }
        }
    }
    let options = HallOptions::new(sources, Duration::from_secs(args.stall * 60));
    let look = match full_screen(&settings, screen) {
        Some(Ok(look)) => Some(look),
        Some(Err(e)) => return fail(&e.to_string(), EXIT_USAGE),
        None => None,
    };
    let (voice, _text) = SpeechOutput::start(speech_settings, &pack);
    let output = Transcribed::new(voice, args.transcript.as_deref());
    if let Some(failure) = output.failure() {
        eprintln!(
            "zweibrett: --transcript: {}",
            crate::printable::printable(&failure)
        );
    }
    match look {
        Some(look) => {
            let started = crate::ui::screen::hall::run(
                |waker| crate::session::hall::HallHost::start(options, pack, waker),
                look,
                &output,
            );
            if let Err(e) = started {
                return fail(&format!("the terminal failed: {e}"), EXIT_WRONG_INPUT);
            }
        }
        None => crate::ui::line::hall::run_plain(
            options,
            pack,
            &output,
            braille_settings(&settings, screen),
        ),
    }
    if let Some(voice) = output.voice() {
        voice.finish_all();
    }
    ExitCode::SUCCESS
}
