//! `zweibrett audit`: the arbiter's ruling on two boards and two scores
//! (FIDE Laws, Appendix D.2.9).

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use shakmaty::{Board, ByColor, Chess, Color, Piece, Position, fen::Fen};

use super::{EXIT_WRONG_INPUT, usage_error};
use crate::audit::words::AuditWords;
use crate::audit::{
    MoveReader, PieceListError, Ruling, Written, audit, read_board, split_moves, written_from_moves,
};
use crate::notation::pack::DEFAULT_ID;
use crate::notation::{Lexicon, Reading, ScoreError, VoicePack, read_score_prefix};
use crate::record::pgn_game::GameProblem;
use crate::record::pgn_read::{looks_like_pgn, read_pgn};

/// `zweibrett audit`.
#[derive(Args, Debug)]
pub struct AuditArgs {
    /// White's score: a PGN file, or a plain move list in any notation.
    #[arg(value_name = "WHITE_SCORE")]
    pub white_score: String,
    /// Black's score: a PGN file, or a plain move list in any notation.
    #[arg(value_name = "BLACK_SCORE")]
    pub black_score: String,
    /// What White's board shows: FEN, a piece list in words, or a file
    /// holding either.
    #[arg(long, value_name = "FEN|FILE")]
    pub white_board: Option<String>,
    /// What Black's board shows: FEN, a piece list in words, or a file
    /// holding either.
    #[arg(long, value_name = "FEN|FILE")]
    pub black_board: Option<String>,
    /// Voice pack for the words: fide, pt, es, en, or a path to a pack
    /// file; the configuration's `voice` when left out (fide unless set).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// One JSON object on one line.
    #[arg(long)]
    pub json: bool,
}

/// Runs `zweibrett audit`.
pub fn run(args: &AuditArgs) -> ExitCode {
    let pack = match crate::config::load_voice(args.voice.as_deref().unwrap_or(DEFAULT_ID)) {
        Ok(pack) => pack,
        Err(e) => return usage_error(&format!("--voice: {e}")),
    };
    let words = match AuditWords::from_pack(&pack) {
        Ok(words) => words,
        Err(e) => return usage_error(&format!("--voice: {e}")),
    };
    let lexicon = Lexicon::with_pack(&pack);
    let wrong = |message: String| {
        eprintln!("zweibrett: {}", crate::printable::printable_lines(&message));
        ExitCode::from(EXIT_WRONG_INPUT)
    };
    let start = match start_of_scores(&args.white_score, &args.black_score) {
        Ok(start) => start,
        Err(e) => return wrong(e.to_string()),
    };
    let white = match read_score_file(&lexicon, &pack, &start, &args.white_score) {
        Ok(score) => score,
        Err(e) => return wrong(e.to_string()),
    };
    let black = match read_score_file(&lexicon, &pack, &start, &args.black_score) {
        Ok(score) => score,
        Err(e) => return wrong(e.to_string()),
    };
    let mut boards = ByColor::new_with(|_| None);
    for (color, given, option) in [
        (Color::White, &args.white_board, "--white-board"),
        (Color::Black, &args.black_board, "--black-board"),
    ] {
        if let Some(given) = given {
            match board_argument(&pack, given) {
                Ok(board) => *boards.get_mut(color) = Some(board),
                Err(e) => return wrong(format!("{option}: {e}")),
            }
        }
    }
    let reader = MoveReader {
        lexicon: &lexicon,
        pack: &pack,
    };
    let ruling = audit(&reader, &start, &ByColor { white, black }, &boards);
    if args.json {
        println!("{}", json(&ruling));
    } else {
        for sentence in words.ruling(&start, &ruling) {
            println!("{}", crate::printable::printable(&sentence));
        }
    }
    ExitCode::SUCCESS
}

/// Why a score or a board given to the audit cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AuditInputError {
    /// A file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A board is neither FEN nor a piece list; `name` is the file with
    /// its colon, or empty for text given directly.
    #[error("{name}not a board: {source}")]
    NotABoard {
        /// The file and a colon, or nothing.
        name: String,
        /// Why the piece list could not be read.
        source: PieceListError,
    },
    /// A PGN score could not be read.
    #[error("{path}: {source}")]
    Pgn {
        /// The file.
        path: String,
        /// The reader's error.
        source: std::io::Error,
    },
    /// A PGN score's `FEN` tag gives no position to start from.
    #[error("{path}: {source}")]
    Start {
        /// The file.
        path: String,
        /// What is wrong with the tag.
        source: GameProblem,
    },
    /// The two PGN scores start from different positions.
    #[error("{white} and {black} start from different positions: {white_fen} and {black_fen}")]
    Starts {
        /// White's score file.
        white: String,
        /// Black's score file.
        black: String,
        /// White's start, as FEN.
        white_fen: String,
        /// Black's start, as FEN.
        black_fen: String,
    },
    /// A PGN file holds no game.
    #[error("{path}: no game in the file")]
    NoGame {
        /// The file.
        path: String,
    },
    /// A move of a plain score cannot be read (D.2.9).
    #[error("{path}: {source}")]
    Score {
        /// The file.
        path: String,
        /// The move and why it cannot be read.
        source: Box<ScoreError>,
    },
}

/// The longest board or score file an audit reads: a game's score in the
/// longest annotated PGN is far shorter (see the PGN reader's bound).
const MOST_AUDIT_FILE_BYTES: u64 = zweibrett_core::record::pgn_game::MOST_GAME_BYTES;

/// A board given on the command line: a file's text, or the text itself.
fn board_argument(pack: &VoicePack, given: &str) -> Result<Board, AuditInputError> {
    let path = Path::new(given);
    let (text, name) = if path.is_file() {
        let text = crate::files::read_text(path, MOST_AUDIT_FILE_BYTES).map_err(|source| {
            AuditInputError::Read {
                path: path.display().to_string(),
                source,
            }
        })?;
        (text, format!("{}: ", path.display()))
    } else {
        (given.to_string(), String::new())
    };
    read_board(pack, &text).map_err(|source| AuditInputError::NotABoard { name, source })
}

/// The position the scores start from: a PGN score's `FEN` and `Variant`
/// tags, the same for both where both are PGN; the usual position where
/// neither names one.
fn start_of_scores(white: &str, black: &str) -> Result<Chess, AuditInputError> {
    let mut starts = Vec::new();
    for path in [white, black] {
        let Ok(text) = crate::files::read_text(Path::new(path), MOST_AUDIT_FILE_BYTES) else {
            // read_score_file names the file that cannot be read.
            continue;
        };
        if !looks_like_pgn(&text) {
            continue;
        }
        if let Ok(Some(score)) = read_pgn(&text) {
            let start = score.start().map_err(|source| AuditInputError::Start {
                path: path.to_string(),
                source,
            })?;
            starts.push((path, start));
        }
    }
    let fen = |p: &Chess| Fen::from_position(p, shakmaty::EnPassantMode::Legal).to_string();
    match starts.as_slice() {
        [] => Ok(Chess::default()),
        [(_, one)] => Ok(one.clone()),
        [(w, a), (b, c), ..] => {
            if fen(a) != fen(c) || a.castles().mode() != c.castles().mode() {
                return Err(AuditInputError::Starts {
                    white: w.to_string(),
                    black: b.to_string(),
                    white_fen: fen(a),
                    black_fen: fen(c),
                });
            }
            Ok(a.clone())
        }
    }
}

/// Reads one score file: PGN, or a plain move list. A move that cannot be
/// read at all is an error naming the file and the move; a move that reads
/// but cannot be played there is kept for the audit to report, and so is
/// every move written after it, as written.
fn read_score_file(
    lexicon: &Lexicon,
    pack: &VoicePack,
    start: &Chess,
    path: &str,
) -> Result<Vec<Written>, AuditInputError> {
    let text =
        crate::files::read_text(Path::new(path), MOST_AUDIT_FILE_BYTES).map_err(|source| {
            AuditInputError::Read {
                path: path.to_string(),
                source,
            }
        })?;
    if looks_like_pgn(&text) {
        let score = read_pgn(&text)
            .map_err(|source| AuditInputError::Pgn {
                path: path.to_string(),
                source,
            })?
            .ok_or_else(|| AuditInputError::NoGame {
                path: path.to_string(),
            })?;
        return Ok(score
            .moves
            .into_iter()
            .map(|m| Written {
                text: m.san,
                clock: m.clock,
            })
            .collect());
    }
    let to_written = |moves: &[shakmaty::Move]| written_from_moves(start, moves);
    match read_score_prefix(lexicon, pack, start, &text) {
        (moves, None) => Ok(to_written(&moves)),
        (moves, Some(e)) if matches!(e.reading, Reading::Illegal { .. }) => {
            let mut written = to_written(&moves);
            written.push(Written::new(e.text));
            written.extend(split_moves(lexicon, &e.rest).into_iter().map(Written::new));
            Ok(written)
        }
        (_, Some(source)) => Err(AuditInputError::Score {
            path: path.to_string(),
            source: Box::new(source),
        }),
    }
}

/// The one-line JSON form of a ruling.
pub fn json(ruling: &Ruling) -> String {
    let fen_letter = |p: Option<Piece>| p.map(|p| p.char().to_string());
    let adjust = |c: Color| {
        ruling
            .adjust
            .get(c)
            .iter()
            .map(|x| {
                serde_json::json!({
                    "square": x.square.to_string(),
                    "now": fen_letter(x.now),
                    "should": fen_letter(x.should),
                })
            })
            .collect::<Vec<_>>()
    };
    let clock = |t: Option<Duration>| t.map(clock_text);
    let clocks = if ruling.clocks.white.is_none() && ruling.clocks.black.is_none() {
        serde_json::Value::Null
    } else {
        serde_json::json!({
            "white": clock(ruling.clocks.white),
            "black": clock(ruling.clocks.black),
        })
    };
    let fen = Fen::from_position(&ruling.position, shakmaty::EnPassantMode::Legal);
    serde_json::json!({
        "case": ruling.case.name(),
        "agreed_plies": ruling.agreed_plies,
        "fen": fen.to_string(),
        "to_move": ruling.position.turn().fold_wb("white", "black"),
        "adjust": {"white": adjust(Color::White), "black": adjust(Color::Black)},
        "retract": {"white": ruling.retract.white, "black": ruling.retract.black},
        "clocks": clocks,
    })
    .to_string()
}

/// A clock time as h:mm:ss.
fn clock_text(time: Duration) -> String {
    let secs = time.as_secs();
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}
