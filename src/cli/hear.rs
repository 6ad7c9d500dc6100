//! `zweibrett hear`: one recorded utterance heard as a move in a position,
//! with the same answers as `parse` and the recogniser's guesses beside
//! them.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use shakmaty::Position;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::Reading;
use zweibrett_core::notation::say::{Form, say};

use super::moves::{PositionArgs, explanation, json_value, setup};
use super::{EXIT_WRONG_INPUT, fail, usage_error};
use crate::hearing::adapt::recogniser_for;
use crate::hearing::{Denoise, reading_of, samples_of};
use crate::printable::printable;
use zweibrett_core::notation::pack::LineSentence;

/// Exit status when the recogniser cannot be used.
pub const EXIT_NO_RECOGNISER: u8 = 3;

/// `zweibrett hear`.
#[derive(Args, Debug)]
pub struct HearArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object on one line.
    #[arg(long)]
    pub json: bool,
    /// Also keep a copy of the recording, as heard (16 kHz), in DIR.
    #[arg(long, value_name = "DIR")]
    pub keep_audio: Option<PathBuf>,
    /// When the noise of the room is taken out before the words are
    /// looked for: auto (the default) only where the room is noisy.
    #[arg(long, value_enum, value_name = "WHEN", default_value = "auto")]
    pub denoise: Denoise,
    /// Hear with the model as it came, not the adaptation to your voice
    /// that `zweibrett enrol` made.
    #[arg(long)]
    pub no_adaptation: bool,
    /// Ask Whisper too, the multilingual model that `scripts/setup`
    /// installs in the user's data folder ([hearing] model names
    /// another): a move is taken at once only when both agree, and a move
    /// asked about when Whisper hears it clearly ahead. [hearing]
    /// second_opinion asks it every time.
    #[arg(long)]
    pub second_opinion: bool,
    /// The recording: a WAV file (16-bit PCM or IMA ADPCM, any rate).
    #[arg(value_name = "FILE.wav")]
    pub file: PathBuf,
}

/// Runs `zweibrett hear`, asking Whisper too where `hearing` or
/// `--second-opinion` says so.
pub fn hear(args: &HearArgs, hearing: &crate::hearing::HearingSettings) -> ExitCode {
    let (pack, position) = match setup(&args.position) {
        Ok(setup) => setup,
        Err(code) => return code,
    };
    let sound = match crate::hearing::recording::read(&args.file) {
        Ok(sound) => sound,
        Err(why) => return fail(&why, EXIT_WRONG_INPUT),
    };
    let samples = samples_of(&sound);
    if let Some(dir) = &args.keep_audio
        && let Err(e) = crate::hearing::listen::keep(dir, &samples)
    {
        return usage_error(&format!("--keep-audio {}: {e}", dir.display()));
    }
    let status = |e: &crate::hearing::HearingError| match e.is_the_recognisers() {
        true => EXIT_NO_RECOGNISER,
        false => EXIT_WRONG_INPUT,
    };
    let (mut recogniser, unadapted) = match recogniser_for(&pack, !args.no_adaptation) {
        Ok(loaded) => loaded,
        Err(e) => return fail(&e.to_string(), status(&e)),
    };
    if let Some(reason) = &unadapted {
        let line = pack.line_sentences();
        eprintln!(
            "zweibrett: {}",
            printable(&line.say(LineSentence::EnrolUnusable, &[("reason", reason)]))
        );
    }
    recogniser.set_denoise(args.denoise);
    if args.second_opinion || hearing.second_opinion {
        // The folder was checked when the configuration was read.
        let Some(dir) = hearing.model_dir().ok().flatten() else {
            return fail(
                "--second-opinion: no home folder to find the model in",
                EXIT_NO_RECOGNISER,
            );
        };
        match crate::hearing::second_opinion::SecondOpinion::load(&dir, &pack.language) {
            Ok(opinion) => recogniser.set_second_opinion(Some(opinion)),
            Err(e) => {
                return fail(
                    &format!(
                        "--second-opinion: the model in {} cannot be used ({e}); `scripts/setup` installs it",
                        dir.display()
                    ),
                    EXIT_NO_RECOGNISER,
                );
            }
        }
    }
    let grammar = Grammar::of_position(&pack, &position);
    let hearing = match recogniser.hear_in(&position, &grammar, &samples) {
        Ok(h) => h,
        Err(e) => return fail(&e.to_string(), status(&e)),
    };
    let reading = reading_of(&pack, &position, &grammar, &hearing);
    if args.json {
        let mut value = match (&reading, &hearing.heard) {
            (Some(r), _) => json_value(&pack, &position, r),
            (None, Heard::Said(Said::Command(key))) => serde_json::json!({
                "status": "command",
                "command": key,
                "spoken": grammar.text_of(Said::Command(key)).unwrap_or(key),
            }),
            (None, _) => serde_json::json!({ "status": "unrecognized" }),
        };
        value["heard"] = hearing
            .guesses
            .iter()
            .map(|g| serde_json::json!({ "words": g.words, "score": g.score }))
            .collect();
        value["unexplained_ms"] = (hearing.unexplained * 10).into();
        if let Some(near) = &hearing.nearest_neighbour {
            value["nearest_neighbour"] =
                serde_json::json!({ "phrase": near.phrase, "lead": near.lead });
        }
        if let Some(opinion) = &hearing.second_opinion {
            value["second_opinion"] = serde_json::json!({
                "phrase": opinion.phrase,
                "lead": (f64::from(opinion.lead) * 1000.0).round() / 1000.0,
                "agrees": opinion.agrees,
            });
            if let Some(free) = &opinion.free_reading {
                value["second_opinion"]["free_reading"] = free.text.clone().into();
                value["second_opinion"]["below_free"] =
                    ((f64::from(free.below) * 1000.0).round() / 1000.0).into();
            }
        }
        value["adapted"] = recogniser.is_adapted().into();
        if let Heard::Confirm(..) = hearing.heard {
            // One move asked about alone, yes or no.
            value["status"] = "confirm".into();
        }
        println!("{value}");
    } else {
        match (&reading, &hearing.heard) {
            (Some(Reading::Move(m)), _) => println!(
                "{} (SAN {}, UCI {})",
                say(&pack, &position, *m, Form::Short),
                San::from_move(&position, *m),
                UciMove::from_move(*m, position.castles().mode())
            ),
            (Some(other), _) => println!("{}", crate::printable::printable(&explanation(other))),
            (None, Heard::Said(Said::Command(key))) => {
                println!("{}", grammar.text_of(Said::Command(key)).unwrap_or(key));
            }
            (None, _) => {}
        }
    }
    match (reading, hearing.heard) {
        (Some(Reading::Move(_)), _) | (None, Heard::Said(Said::Command(_))) => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_WRONG_INPUT),
    }
}
