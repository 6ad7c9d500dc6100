//! `zweibrett score`: a game of a PGN file as a score to read (D.2.7): as
//! text in a language's piece letters or in figurines (Appendix C.4), in
//! Unicode braille, or as BRF for an embosser or a braille note-taker.

use crate::notation::pack::DEFAULT_ID;
use crate::printable::printable_lines;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::{EXIT_WRONG_INPUT, fail, usage_error};
use crate::analysis::AnalysisWords;
use crate::notation::PieceLetters;
use crate::record::braille::brf::{BrfError, to_brf_pages};
use crate::record::pgn_game::{self, GameError};
use crate::record::score::{PieceSigns, Score};

/// How pieces are written in the text score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Letters {
    /// K Q R B N, as in PGN.
    English,
    /// The letters of the voice pack's language (German K D T L S,
    /// Portuguese R D T B C, Spanish R D T A C).
    Pack,
    /// The figurines ♔ ♕ ♖ ♗ ♘, the same for both colours.
    Figurine,
}

/// `zweibrett score`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// The PGN file.
    #[arg(value_name = "FILE.pgn")]
    pub file: PathBuf,
    /// Which game of the file, from 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// The voice pack whose language `--letters pack` uses: fide, pt, es,
    /// en, or a path to a pack file; the configuration's `voice` when left
    /// out (fide unless set).
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true)]
    pub voice: Option<String>,
    /// How the text score writes pieces.
    #[arg(long, value_enum, default_value = "english")]
    pub letters: Letters,
    /// Print the score in Unicode braille (the Braille Chess Code).
    #[arg(long)]
    pub braille: bool,
    /// Write the braille score as BRF (ASCII braille) to FILE; `-` prints
    /// it.
    #[arg(long, value_name = "FILE")]
    pub brf: Option<PathBuf>,
    /// The most cells on a braille line.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u16).range(12..=200))]
    pub width: u16,
    /// The lines of a BRF page, the page number on the last.
    #[arg(long, default_value_t = 25, value_parser = clap::value_parser!(u16).range(4..=200))]
    pub lines: u16,
}

/// Why a score cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ScoreInputError {
    /// The PGN file cannot be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The file has no game of that number.
    #[error("{path} has no game {number}; it has {count}")]
    NoSuchGame {
        /// The file.
        path: PathBuf,
        /// The number asked for.
        number: u32,
        /// How many games the file holds.
        count: usize,
    },
    /// The game cannot be read.
    #[error("{path}, game {number}, {source}")]
    Game {
        /// The file.
        path: PathBuf,
        /// The game's number.
        number: u32,
        /// Where and what.
        source: GameError,
    },
    /// The braille score has a cell BRF cannot carry.
    #[error(transparent)]
    Brf(#[from] BrfError),
    /// The BRF file cannot be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
}

/// Runs `zweibrett score`.
pub fn run(args: &ScoreArgs) -> ExitCode {
    let pack = match crate::config::load_voice(args.voice.as_deref().unwrap_or(DEFAULT_ID)) {
        Ok(pack) => pack,
        Err(e) => return usage_error(&format!("--voice: {e}")),
    };
    let words = match AnalysisWords::from_pack(&pack) {
        Ok(words) => words,
        Err(e) => return usage_error(&format!("--voice: {e}")),
    };
    let score = match read_game(&args.file, args.game, &words) {
        Ok(score) => score,
        Err(e) => return fail(&e.to_string(), EXIT_WRONG_INPUT),
    };
    let width = usize::from(args.width);
    if let Some(path) = &args.brf
        && let Err(e) = write_brf(&score, width, usize::from(args.lines), path)
    {
        return fail(&e.to_string(), EXIT_WRONG_INPUT);
    }
    if args.braille {
        print!("{}", printable_lines(&score.braille(width)));
    } else if args.brf.is_none() {
        let signs = match args.letters {
            Letters::English => PieceSigns::Letters(PieceLetters::English),
            Letters::Pack => PieceSigns::Letters(PieceLetters::of_pack(&pack)),
            Letters::Figurine => PieceSigns::Figurines,
        };
        print!("{}", printable_lines(&score.text(signs)));
    }
    ExitCode::SUCCESS
}

/// The main line of game `number` of the PGN file at `path`, with its
/// heading in `words`.
fn read_game(path: &Path, number: u32, words: &AnalysisWords) -> Result<Score, ScoreInputError> {
    let read = |source| ScoreInputError::Read {
        path: path.to_path_buf(),
        source,
    };
    let index = crate::session::games_file::index(path).map_err(read)?;
    let entry = index
        .get(number as usize)
        .ok_or_else(|| ScoreInputError::NoSuchGame {
            path: path.to_path_buf(),
            number,
            count: index.games.len() + index.problems.len(),
        })?;
    let game_error = |source| ScoreInputError::Game {
        path: path.to_path_buf(),
        number,
        source,
    };
    // A game too long to be one is refused before its text is read.
    pgn_game::check_length(entry.length, entry.line).map_err(game_error)?;
    let text = index.read_text(entry).map_err(read)?;
    let game = pgn_game::Game::parse(&text, entry.line).map_err(game_error)?;
    let mut score = Score::of_pgn(&game);
    score.heading = words.heading(&game);
    Ok(score)
}

/// Writes the braille score as BRF to `path`, or prints it for `-`: in
/// pages of `lines` lines, each numbered.
fn write_brf(
    score: &Score,
    width: usize,
    lines: usize,
    path: &Path,
) -> Result<(), ScoreInputError> {
    let text = to_brf_pages(&score.braille(width), width, lines)?;
    if path == Path::new("-") {
        print!("{text}");
        return Ok(());
    }
    crate::files::write_whole(path, text.as_bytes()).map_err(|source| ScoreInputError::Write {
        path: path.to_path_buf(),
        source,
    })
}
