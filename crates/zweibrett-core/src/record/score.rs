//! The score for the visually impaired player to read (D.2.7): as plain
//! text, one move (White's and Black's half-moves) per line, in the piece
//! letters of a language (Appendix C.4) or in figurines; and in braille
//! (`record::braille` reads it). The PGN file always keeps standard SAN.

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use super::claim::claim_lines;
use super::pgn_game;
use super::pgn_write::clock_text;
use crate::game::Game;
use crate::game::words::GameSentence;
use crate::notation::MoveNumber;
use crate::notation::san::PieceLetters;

/// One half-move of a score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move number it belongs to.
    pub number: u32,
    /// Who made it.
    pub by: Color,
    /// Its SAN with the check or mate sign, English letters.
    pub san: String,
    /// The mover's time left after it, when known.
    pub clk: Option<Duration>,
    /// A draw was offered with it: "(=)" (9.1.2.1).
    pub offer: bool,
    /// Notes on it: corrections, touched pieces, rulings, comments.
    pub comments: Vec<String>,
    /// Other moves the score gives instead of this one, each a line of
    /// moves numbered as PGN numbers them ("30... Ke7 31. Rf1").
    pub variations: Vec<Vec<String>>,
}

/// A whole score: the half-moves and how the game ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// What comes before the moves, a line each, in the pack's words:
    /// the players, the event, the date, the result and how it ended.
    pub heading: Vec<String>,
    /// The half-moves in the order played.
    pub moves: Vec<ScoredMove>,
    /// The result as PGN writes it ("1-0", "0-1", "1/2-1/2"), if the game
    /// is over.
    pub result: Option<String>,
    /// Why it ended, in words, if known ("checkmate").
    pub termination: Option<String>,
    /// What the score records after the result: a correct claim's
    /// intended move and where the position stood before (9.2.1, 9.3.1),
    /// and who confirmed the result (8.7).
    pub after_result: Vec<String>,
}

/// The lines after a game's result: a correct claim's record (9.2.1,
/// 9.3.1), then the players who confirmed the result (8.7), in the pack's
/// words.
fn after_result(game: &Game, signs: PieceSigns) -> Vec<String> {
    let mut lines = claim_lines(game, game.words(), &|san| signs.write(san));
    let confirmed: Vec<&str> = [Color::White, Color::Black]
        .into_iter()
        .filter(|c| game.result_confirmed()[usize::from(*c == Color::Black)])
        .map(|c| game.pack().side(c))
        .collect();
    if !confirmed.is_empty() {
        let sides = confirmed.join(", ");
        lines.push(
            game.words()
                .say(GameSentence::ConfirmedBy, &[("sides", &sides)]),
        );
    }
    lines
}

/// How pieces are written in a text score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSigns {
    /// The piece letters of a language (Appendix C.4).
    Letters(PieceLetters),
    /// The figurines ♔ ♕ ♖ ♗ ♘, the same for both colours as print has them.
    Figurines,
}

impl PieceSigns {
    /// A SAN move in English letters written with these signs.
    pub fn write(self, san: &str) -> String {
        match self {
            PieceSigns::Letters(letters) => letters.from_english(san),
            PieceSigns::Figurines => san
                .chars()
                .map(|c| match c {
                    'K' => '♔',
                    'Q' => '♕',
                    'R' => '♖',
                    'B' => '♗',
                    'N' => '♘',
                    other => other,
                })
                .collect(),
        }
    }
}

/// The moves of a variation from `start`, numbered as PGN numbers them:
/// the first with its number ("30..." for Black's), then each of White's.
fn numbered_line(start: &shakmaty::Chess, line: &[pgn_game::Node]) -> Vec<String> {
    let mut position = start.clone();
    let mut out = Vec::with_capacity(line.len());
    for (i, node) in line.iter().enumerate() {
        let number = position.fullmoves().get();
        let prefix = match position.turn() {
            Color::White => format!("{number}. "),
            Color::Black if i == 0 => format!("{number}... "),
            Color::Black => String::new(),
        };
        let san = SanPlus::from_move_and_play_unchecked(&mut position, node.m).to_string();
        out.push(format!("{prefix}{san}"));
    }
    out
}

/// Two half-moves under one move number; either may be missing (a score
/// that starts with Black's move, or ends with White's).
pub type Pair<'a> = [Option<&'a ScoredMove>; 2];

impl Score {
    /// The score of a game being played, with clock times and notes, in
    /// English letters.
    pub fn of_game(game: &Game) -> Score {
        Score::of_game_in(game, PieceSigns::Letters(PieceLetters::English))
    }

    /// The score of a game being played; the moves of a claim's record
    /// written with `signs`, its words and the termination in the pack's.
    pub fn of_game_in(game: &Game, signs: PieceSigns) -> Score {
        let moves = game
            .moves()
            .iter()
            .enumerate()
            .map(|(i, p)| ScoredMove {
                number: MoveNumber::after(game.start(), i).number,
                by: p.by,
                san: p.san.clone(),
                clk: p.clk,
                offer: p.offer,
                comments: p.comments.clone(),
                variations: Vec::new(),
            })
            .collect();
        let outcome = game.outcome();
        Score {
            heading: Vec::new(),
            moves,
            result: outcome.map(|o| o.result.pgn().to_string()),
            termination: outcome.map(|o| game.words().termination(o.termination)),
            after_result: after_result(game, signs),
        }
    }

    /// The main line of a game read from a PGN file, each move's SAN
    /// written anew from the position (so annotation glyphs and national
    /// letters of the file do not reach the score).
    pub fn of_pgn(game: &pgn_game::Game) -> Score {
        let mut position = game.start.clone();
        let mut moves = Vec::with_capacity(game.moves.len());
        for node in &game.moves {
            let before = position.clone();
            let number = position.fullmoves().get();
            let by = position.turn();
            let san = SanPlus::from_move_and_play_unchecked(&mut position, node.m).to_string();
            moves.push(ScoredMove {
                number,
                by,
                san,
                clk: node.clock,
                offer: false,
                comments: node.comment.iter().cloned().collect(),
                variations: node
                    .variations
                    .iter()
                    .map(|line| numbered_line(&before, line))
                    .collect(),
            });
        }
        let result = game.result.trim();
        Score {
            heading: Vec::new(),
            moves,
            result: (!result.is_empty() && result != "*").then(|| result.to_string()),
            termination: game
                .tag("Termination")
                .filter(|t| !t.is_empty())
                .map(str::to_string),
            after_result: Vec::new(),
        }
    }

    /// The half-moves grouped by move number.
    pub fn pairs(&self) -> Vec<(u32, Pair<'_>)> {
        let mut out: Vec<(u32, Pair<'_>)> = Vec::new();
        for m in &self.moves {
            match m.by {
                Color::White => out.push((m.number, [Some(m), None])),
                Color::Black => match out.last_mut() {
                    Some((n, pair)) if *n == m.number && pair[1].is_none() => pair[1] = Some(m),
                    _ => out.push((m.number, [None, Some(m)])),
                },
            }
        }
        out
    }

    /// One line per move number: "1. e4 (1:29:58) e5 (1:29:50)", with the
    /// notes and the variations; a line that starts with Black's move
    /// numbers it "30... Kd7". The heading comes first, then a blank line.
    /// The pieces are written with `signs`.
    pub fn text(&self, signs: PieceSigns) -> String {
        let mut out = String::new();
        for line in &self.heading {
            let _ = writeln!(out, "{line}");
        }
        if !self.heading.is_empty() {
            out.push('\n');
        }
        for (number, pair) in self.pairs() {
            let mut line = match pair[0] {
                Some(_) => format!("{number}."),
                None => format!("{number}..."),
            };
            for m in pair.into_iter().flatten() {
                let _ = write!(line, " {}", signs.write(&m.san));
                if let Some(clk) = m.clk {
                    let _ = write!(line, " ({})", clock_text(clk));
                }
                if m.offer {
                    line.push_str(" (=)");
                }
                for c in &m.comments {
                    let _ = write!(line, " [{c}]");
                }
                for variation in &m.variations {
                    let moves: Vec<String> = variation.iter().map(|v| signs.write(v)).collect();
                    let _ = write!(line, " ({})", moves.join(" "));
                }
            }
            out.push_str(&line);
            out.push('\n');
        }
        if let Some(result) = &self.result {
            match &self.termination {
                Some(why) => {
                    let _ = writeln!(out, "{result} {why}");
                }
                None => {
                    let _ = writeln!(out, "{result}");
                }
            }
        }
        for line in &self.after_result {
            let _ = writeln!(out, "{line}");
        }
        out
    }
}

/// The game's score as text in English letters, with the announcement's
/// clock times and notes.
pub fn plain(game: &Game) -> String {
    Score::of_game(game).text(PieceSigns::Letters(PieceLetters::English))
}

/// The game's score as text with the pieces written with `signs`.
pub fn plain_in(game: &Game, signs: PieceSigns) -> String {
    Score::of_game_in(game, signs).text(signs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Instant;
    use crate::game::{Command, Press, Repetition, Setup};
    use crate::notation::VoicePack;

    fn fools_mate() -> Game {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        for (i, m) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
            g.apply(
                &Command::Move((*m).into()),
                Instant::from_secs(i as u64 + 1),
            );
        }
        g
    }

    #[test]
    fn a_game_as_text_and_braille_one_move_per_line() {
        let g = fools_mate();
        assert_eq!(
            plain(&g),
            "1. f3 (0:10:00) e5 (0:09:59)\n2. g4 (0:09:59) Qh4# (0:09:58)\n0-1 schachmatt\n"
        );
        assert_eq!(
            crate::record::braille::of_game(&g),
            "⠂ ⠋⠒ ⠑⠢\n⠆ ⠛⠲ ⠟⠓⠲⠜⠍\n⠼⠚⠤⠼⠁\n"
        );
    }

    #[test]
    fn a_score_in_each_languages_letters_and_in_figurines() {
        let score = Score::of_game(&fools_mate());
        let lines = |signs| {
            score
                .text(signs)
                .lines()
                .nth(1)
                .unwrap_or_default()
                .to_string()
        };
        let letters = |l| lines(PieceSigns::Letters(l));
        assert_eq!(
            letters(PieceLetters::English),
            "2. g4 (0:09:59) Qh4# (0:09:58)"
        );
        assert_eq!(
            letters(PieceLetters::German),
            "2. g4 (0:09:59) Dh4# (0:09:58)"
        );
        assert_eq!(
            letters(PieceLetters::Portuguese),
            "2. g4 (0:09:59) Dh4# (0:09:58)"
        );
        assert_eq!(
            letters(PieceLetters::Spanish),
            "2. g4 (0:09:59) Dh4# (0:09:58)"
        );
        assert_eq!(
            lines(PieceSigns::Figurines),
            "2. g4 (0:09:59) ♕h4# (0:09:58)"
        );
        let signs = |l| PieceSigns::Letters(l).write("Kxe2");
        assert_eq!(signs(PieceLetters::Portuguese), "Rxe2");
        assert_eq!(
            PieceSigns::Letters(PieceLetters::German).write("Nbd2"),
            "Sbd2"
        );
        assert_eq!(
            PieceSigns::Letters(PieceLetters::Spanish).write("Bxb5+"),
            "Axb5+"
        );
        assert_eq!(
            PieceSigns::Figurines.write("O-O"),
            "O-O",
            "castling keeps its O"
        );
        assert_eq!(PieceSigns::Figurines.write("exd8=N+"), "exd8=♘+");
    }

    #[test]
    fn a_pgn_game_is_scored_from_its_moves_and_black_may_begin() {
        let text = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 12\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n\
                    12... Kd7 13. e4!? {good} Ke6 14. Ke2 *\n";
        let game = pgn_game::Game::parse(text, 1).unwrap();
        let score = Score::of_pgn(&game);
        assert_eq!(
            score.text(PieceSigns::Letters(PieceLetters::English)),
            "12... Kd7\n13. e4 [good] Ke6\n14. Ke2\n"
        );
        assert_eq!(score.braille(40), "⠂⠆ ⠤⠅⠙⠶\n⠂⠒ ⠑⠲ ⠅⠑⠖\n⠛⠕⠕⠙\n⠂⠲ ⠅⠑⠆\n");
    }

    #[test]
    fn a_correct_claim_is_recorded_in_the_packs_words_and_letters() {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        let moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];
        for (i, m) in moves.iter().enumerate() {
            g.apply(
                &Command::Move((*m).into()),
                Instant::from_secs(i as u64 + 1),
            );
        }
        let claim = Command::Claim {
            kind: crate::game::ClaimKind::Threefold,
            intended: Some("Ng8".into()),
        };
        g.apply(&claim, Instant::from_secs(10));
        let german = PieceSigns::Letters(PieceLetters::German);
        let text = plain_in(&g, german);
        let tail: Vec<&str> = text.lines().rev().take(3).collect();
        assert_eq!(
            tail,
            [
                "Dieselbe Stellung stand schon in der Ausgangsstellung, nach 2... Sg8.",
                "Beabsichtigter Zug 4... Sg8, auf dem Partieformular notiert und nicht \
                 ausgeführt (9.2.1).",
                "1/2-1/2 dreimalige Stellungswiederholung beansprucht",
            ]
        );
        // Retracted by the arbiter, the claim is no longer on the score.
        g.apply(&Command::TakeBack(5), Instant::from_secs(11));
        assert!(g.claim_record().is_none());
        assert!(!plain_in(&g, german).contains("Beabsichtigter"));
    }
}
