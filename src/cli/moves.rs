//! `zweibrett say` and `zweibrett parse`: the notation core on the command
//! line. `say` reads its arguments as SAN first (the notation of every PGN
//! file), `parse` reads one text as a player types it.

use std::process::ExitCode;

use clap::Args;
use shakmaty::{CastlingMode, Chess, Position, fen::Fen, san::San, uci::UciMove};

use super::{EXIT_WRONG_INPUT, usage_error};
use crate::notation::pack::DEFAULT_ID;
use crate::notation::pack::LineSentence;
use crate::notation::san::read_standard_san;
use crate::notation::{Form, Lexicon, Reading, VoicePack, read_move, say as spoken};
use crate::session::lines::{too_long, within_bound};

/// Options shared by the move commands.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Position to start from, as FEN; the initial position when left out.
    #[arg(long)]
    pub fen: Option<String>,
    /// Voice pack for the words: fide, pt, es, en, or a path to a pack
    /// file; the configuration's `voice` when left out (fide unless set).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// The piece letters typed (Appendix C.3), as `[game] piece_letters`
    /// names them: the same as a game's.
    #[arg(skip)]
    pub piece_letters: Vec<String>,
}

/// `zweibrett say`.
#[derive(Args, Debug)]
pub struct SayArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// The long form: piece, from-square and to-square.
    #[arg(long)]
    pub long: bool,
    /// The moves, played one after another.
    #[arg(required = true, value_name = "MOVE")]
    pub moves: Vec<String>,
}

/// `zweibrett parse`.
#[derive(Args, Debug)]
pub struct ParseArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// One JSON object on one line.
    #[arg(long)]
    pub json: bool,
    /// The move as typed, e.g. "Springer Gustav eins Felix drei".
    #[arg(required = true, value_name = "TEXT", num_args = 1..)]
    pub text: Vec<String>,
}

/// The pack and the starting position, or a usage error already printed.
pub(super) fn setup(args: &PositionArgs) -> Result<(VoicePack, Chess), ExitCode> {
    let mut pack = crate::config::load_voice(args.voice.as_deref().unwrap_or(DEFAULT_ID))
        .map_err(|e| usage_error(&format!("--voice: {e}")))?;
    // The configuration's letters were checked when it was read.
    pack.type_letters(&args.piece_letters)
        .map_err(|e| usage_error(&format!("[game] piece_letters: {e}")))?;
    let position = match &args.fen {
        None => Chess::default(),
        Some(text) => position_from_fen(text).map_err(|e| usage_error(&format!("--fen: {e}")))?,
    };
    Ok((pack, position))
}

/// Why FEN text gives no position.
#[derive(Debug, thiserror::Error)]
pub enum FenError {
    /// The text is not FEN.
    #[error("\"{text}\" is not FEN: {source}")]
    Syntax {
        /// The text given.
        text: String,
        /// The FEN reader's error.
        source: shakmaty::fen::ParseFenError,
    },
    /// The FEN is not a legal position (Art. 3, 4).
    #[error("\"{text}\" is not a legal position: {source}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why the position is not legal.
        source: Box<shakmaty::PositionError<Chess>>,
    },
}

/// A position from FEN text, with a readable error; X-FEN or Shredder-FEN
/// castling rights that only Chess960 can have make it a Chess960 position
/// (Guidelines II).
pub fn position_from_fen(text: &str) -> Result<Chess, FenError> {
    let fen: Fen = text.trim().parse().map_err(|source| FenError::Syntax {
        text: text.to_string(),
        source,
    })?;
    // Castling rights only Chess960 can have read as Chess960 (II.3).
    let mode = CastlingMode::detect(fen.as_setup());
    fen.into_position(mode).map_err(|source| FenError::Illegal {
        text: text.to_string(),
        source: Box::new(source),
    })
}

/// Runs `zweibrett say`.
pub fn say(args: &SayArgs) -> ExitCode {
    let (pack, mut position) = match setup(&args.position) {
        Ok(setup) => setup,
        Err(code) => return code,
    };
    let lexicon = Lexicon::with_pack(&pack);
    let form = if args.long { Form::Long } else { Form::Short };
    for (i, text) in args.moves.iter().enumerate() {
        let reading = if within_bound(text) {
            read_argument(&lexicon, &pack, &position, text)
        } else {
            Reading::Unrecognized {
                reason: too_long(&pack),
            }
        };
        match reading {
            Reading::Move(m) => {
                // An own pack's words may hold anything.
                let said = spoken(&pack, &position, m, form);
                println!("{}", crate::printable::printable(&said));
                position.play_unchecked(m);
            }
            other => {
                let said = pack.line_sentences().say(
                    LineSentence::SayFailed,
                    &[
                        ("number", &(i + 1).to_string()),
                        ("text", &shortened(text)),
                        ("reason", &explanation(&other)),
                    ],
                );
                eprintln!("zweibrett: {}", crate::printable::printable(&said));
                return ExitCode::from(EXIT_WRONG_INPUT);
            }
        }
    }
    ExitCode::SUCCESS
}

/// A move given as an argument of `say`: SAN as the standard defines it
/// first, so that an English `R` stays the rook in every pack; only text
/// that is no SAN move (words, national letters, long algebraic, a move
/// SAN cannot play) goes to the typed reader, which asks rather than
/// guesses.
fn read_argument(lexicon: &Lexicon, pack: &VoicePack, position: &Chess, text: &str) -> Reading {
    match read_standard_san(position, text) {
        Ok(m) => Reading::Move(m),
        Err(_) => read_move(lexicon, pack, position, text),
    }
}

/// Runs `zweibrett parse`.
pub fn parse(args: &ParseArgs) -> ExitCode {
    let (pack, position) = match setup(&args.position) {
        Ok(setup) => setup,
        Err(code) => return code,
    };
    let lexicon = Lexicon::with_pack(&pack);
    let text = args.text.join(" ");
    let reading = if within_bound(&text) {
        read_move(&lexicon, &pack, &position, &text)
    } else {
        Reading::Unrecognized {
            reason: too_long(&pack),
        }
    };
    if args.json {
        println!("{}", json(&pack, &position, &reading));
    } else {
        match &reading {
            Reading::Move(m) => println!(
                "{} (SAN {}, UCI {})",
                spoken(&pack, &position, *m, Form::Short),
                San::from_move(&position, *m),
                UciMove::from_move(*m, position.castles().mode())
            ),
            other => println!("{}", crate::printable::printable(&explanation(other))),
        }
    }
    match reading {
        Reading::Move(_) => ExitCode::SUCCESS,
        _ => ExitCode::from(EXIT_WRONG_INPUT),
    }
}

/// `text` as quoted back: a text past the line bound is cut at a few
/// dozen characters, so that the refusal stays readable.
fn shortened(text: &str) -> String {
    if within_bound(text) {
        return text.to_string();
    }
    let start: String = text.chars().take(40).collect();
    format!("{start}…")
}

/// The sentence for a reading that is not a single move.
pub(super) fn explanation(reading: &Reading) -> String {
    match reading {
        Reading::Move(_) => String::new(),
        Reading::Ambiguous { question, .. } => question.clone(),
        Reading::Illegal { reason, .. } | Reading::Unrecognized { reason } => reason.clone(),
    }
}

/// The one-line JSON form of a reading.
fn json(pack: &VoicePack, position: &Chess, reading: &Reading) -> String {
    json_value(pack, position, reading).to_string()
}

/// The JSON object of a reading, as `parse --json` prints it.
pub(super) fn json_value(
    pack: &VoicePack,
    position: &Chess,
    reading: &Reading,
) -> serde_json::Value {
    match reading {
        Reading::Move(m) => serde_json::json!({
            "status": "move",
            "uci": UciMove::from_move(*m, position.castles().mode()).to_string(),
            "san": San::from_move(position, *m).to_string(),
            "spoken": spoken(pack, position, *m, Form::Short),
        }),
        Reading::Ambiguous {
            candidates,
            question,
        } => serde_json::json!({
            "status": "ambiguous",
            "candidates": candidates
                .iter()
                .map(|m| UciMove::from_move(*m, position.castles().mode()).to_string())
                .collect::<Vec<_>>(),
            "question": question,
        }),
        Reading::Illegal { reason, .. } => serde_json::json!({
            "status": "illegal",
            "reason": reason,
        }),
        Reading::Unrecognized { reason } => serde_json::json!({
            "status": "unrecognized",
            "reason": reason,
        }),
    }
}
