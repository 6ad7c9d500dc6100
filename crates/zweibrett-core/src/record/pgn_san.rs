//! The SAN moves of a PGN game: in English letters, as the standard
//! defines them, or, where a score was written in German, Portuguese or
//! Spanish, in that language's letters (Appendix C.4) — read only when the
//! readings that are legal agree, and reported with the moves a token could
//! be when they do not.

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move};

use super::pgn_error::GameProblem;
use crate::notation::san::{PieceLetters, SanFault, normalise, read_national_san};

/// A move read from its SAN text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadMove {
    /// The move.
    pub m: Move,
    /// Whether the text is standard SAN as it stands ("Nf3+"); otherwise it
    /// was read after making it standard ("0-0", "Sf3", "Qh7++").
    pub as_written: bool,
}

/// Reads the SAN moves of one game. PGN's SAN comes first; a move that is
/// no SAN in English letters is read in the letters of German, Portuguese
/// and Spanish scores, and from the first such move on the game is taken
/// to be written in the languages whose letters read it, so that a
/// Portuguese `R` is the king from then on, not the rook. An `R` read as
/// the rook before that is why a game found to be Portuguese or Spanish is
/// read again in its letters from the start ([`SanReader::read_again`]).
#[derive(Clone, Debug, Default)]
pub struct SanReader {
    national: Option<Vec<PieceLetters>>,
    /// An `R` was read as the English rook before the letters were known.
    rook_before: bool,
}

const NATIONAL: [PieceLetters; 3] = [
    PieceLetters::German,
    PieceLetters::Portuguese,
    PieceLetters::Spanish,
];

impl SanReader {
    /// A reader for a new game: English letters until a move says otherwise.
    pub fn new() -> SanReader {
        SanReader::default()
    }

    /// A reader that reads in these languages' letters from the start.
    pub fn in_languages(languages: &[PieceLetters]) -> SanReader {
        SanReader {
            national: Some(languages.to_vec()),
            rook_before: false,
        }
    }

    /// For a game found to be written in Portuguese or Spanish letters after
    /// an `R` was read as the rook: a reader to read it again with those
    /// letters from its first move, where `R` is the king.
    pub fn read_again(&self) -> Option<SanReader> {
        let languages = self.national.as_deref()?;
        let king_is_r = languages
            .iter()
            .all(|l| matches!(l, PieceLetters::Portuguese | PieceLetters::Spanish));
        (self.rook_before && king_is_r).then(|| SanReader::in_languages(languages))
    }

    /// The languages the game has been found written in, if not English.
    pub fn languages(&self) -> Option<&[PieceLetters]> {
        self.national.as_deref()
    }

    /// Reads `text` in `position`: the move, or what is wrong, naming the
    /// token (and the moves it could be, when it fits several).
    pub fn read(&mut self, position: &Chess, text: &str) -> Result<ReadMove, GameProblem> {
        if self.national.is_none() && text.starts_with('R') {
            self.rook_before = true;
        }
        if self.national.is_none()
            && let Ok(san) = text.parse::<SanPlus>()
            && let Ok(m) = san.san.to_move(position)
        {
            return Ok(ReadMove {
                m,
                as_written: true,
            });
        }
        // Long algebraic as some tools write it, the piece left out: "g1f3",
        // "d7d8Q". It names the squares, and the piece is whatever stands
        // on the first: one meaning only.
        if let Some(m) = squares_only(position, text) {
            return Ok(ReadMove {
                m,
                as_written: false,
            });
        }
        let english = read_national_san(position, text, PieceLetters::English);
        if self.national.is_none()
            && let Ok(m) = english
        {
            return Ok(ReadMove {
                m,
                as_written: false,
            });
        }
        let languages = self.national.clone().unwrap_or(NATIONAL.to_vec());
        let mut readings: Vec<(PieceLetters, Move)> = Vec::new();
        let mut faults = vec![english.clone().err()];
        for letters in languages {
            match read_national_san(position, text, letters) {
                Ok(m) => readings.push((letters, m)),
                Err(fault) => faults.push(Some(fault)),
            }
        }
        let mut moves: Vec<Move> = Vec::new();
        for (_, m) in &readings {
            if !moves.contains(m) {
                moves.push(*m);
            }
        }
        match moves.as_slice() {
            [m] => {
                self.national = Some(readings.iter().map(|(l, _)| *l).collect());
                Ok(ReadMove {
                    m: *m,
                    as_written: false,
                })
            }
            [] => match english {
                Ok(m) => Ok(ReadMove {
                    m,
                    as_written: false,
                }),
                Err(_) => Err(fault_problem(position, text, &faults)),
            },
            several => Err(GameProblem::AmbiguousMove {
                token: text.to_string(),
                choices: several.iter().map(|m| standard_san(position, *m)).collect(),
            }),
        }
    }
}

/// A move written as its two squares and a promotion letter in either case
/// ("g1f3", "e7e8q", "d7d8Q", "d7d8=Q"), if it is legal in `position`.
fn squares_only(position: &Chess, text: &str) -> Option<Move> {
    let bare = text.trim_end_matches(['+', '#']).replace('=', "");
    let mut chars: Vec<char> = bare.chars().collect();
    if !(4..=5).contains(&chars.len()) || !chars[..4].iter().all(char::is_ascii_alphanumeric) {
        return None;
    }
    if let Some(promotion) = chars.get_mut(4) {
        *promotion = promotion.to_ascii_lowercase();
    }
    let uci: UciMove = chars.iter().collect::<String>().parse().ok()?;
    uci.to_move(position).ok()
}

/// The standard SAN of a move, for messages.
pub fn standard_san(position: &Chess, m: Move) -> String {
    San::from_move(position, m).to_string()
}

/// What is wrong with a token no reading made a move of: several moves it
/// fits, a move that cannot be played, or no SAN at all.
fn fault_problem(position: &Chess, text: &str, faults: &[Option<SanFault>]) -> GameProblem {
    for fault in faults.iter().flatten() {
        if let SanFault::Ambiguous { candidates, .. } = fault {
            return GameProblem::AmbiguousMove {
                token: text.to_string(),
                choices: candidates
                    .iter()
                    .map(|m| standard_san(position, *m))
                    .collect(),
            };
        }
    }
    let parses = faults
        .iter()
        .flatten()
        .any(|f| matches!(f, SanFault::Illegal { .. }));
    if parses || normalise(text).parse::<San>().is_ok() {
        GameProblem::IllegalMove(text.to_string())
    } else {
        GameProblem::UnreadableMove(text.to_string())
    }
}
