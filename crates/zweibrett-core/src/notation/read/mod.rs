//! Reading a move typed "the way it would be said" (Appendix D.2.1).
//!
//! The reader accepts the words of every voice pack, algebraic text with
//! SAN's English piece letters and those of the languages the player types
//! (the pack's own, or those the configuration names, or every
//! language's), long algebraic and UCI, in any case,
//! with or without diacritics, filler words and punctuation. It never plays
//! a guess: text that two legal moves fit is answered with a question, in
//! the words of the active pack.
//!
//! How it works: each typed word is given its possible readings, each with a
//! cost (0 for an exact reading, 1 for a one-letter word read as a word,
//! 2 per corrected slip). Every combination of readings that forms a move
//! pattern is matched against the legal moves; the cheapest combinations
//! that match anything decide. The letters of an algebraic word all cost
//! the same (see `letters`): an upper-case piece letter is only that piece,
//! so `Bb3` is never the pawn, and `bc4` is the question "pawn or bishop?"
//! when both can go to c4.

use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position};

mod diagnose;
mod foreign;
mod letters;
mod pattern;
mod phrasing;
mod words;

use super::lexicon::Lexicon;
use super::pack::{Meaning, VoicePack, fill};
use super::piece_letters::TypedLetters;
use super::say::{Form, say};
use diagnose::why_illegal;
pub(crate) use pattern::{Pattern, fits, fits_rook_castling};
use pattern::{Shape, castling_pattern, describe, pattern_of};
use words::{Readings, readings};

/// What a typed text was read as, in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Exactly one legal move fits.
    Move(Move),
    /// Several legal moves fit; the question lets the player pick.
    Ambiguous {
        /// The moves that fit, in a stable order.
        candidates: Vec<Move>,
        /// A question in the active pack's words.
        question: String,
    },
    /// The text was understood, but no legal move fits it (Art. 3, 7.5).
    Illegal {
        /// What was understood, in the active pack's words.
        understood: String,
        /// Why it cannot be played, whole sentence.
        reason: String,
    },
    /// The text could not be read as a move.
    Unrecognized {
        /// What could not be read, whole sentence.
        reason: String,
    },
}

/// One part of a move, as a word or letter stands for it.
pub(crate) type Atom = Meaning;

/// One way to read a typed word: the parts it stands for, and its cost.
pub(crate) type Alternative = (Vec<Atom>, u32);

/// Combinations of readings tried at most, so that a long jumble of
/// ambiguous letters cannot take long.
const MAX_COMBINATIONS: usize = 512;

/// Reads `text` as a move in `position`; questions and reasons are in the
/// words of `pack`, and piece letters are those the pack's player types.
pub fn read_move(lexicon: &Lexicon, pack: &VoicePack, position: &Chess, text: &str) -> Reading {
    read_move_in(lexicon, pack, pack.typed_letters, position, text)
}

/// Reads `text` as [`read_move`] does, with the piece letters `letters`:
/// a written score, say, is in one language's letters. A move that only
/// another language's meaning of a letter gives, where the letter is a
/// different piece in the player's own letters, is refused, naming that
/// language (Appendix C.3): a slip is never played as a move nobody meant.
pub fn read_move_in(
    lexicon: &Lexicon,
    pack: &VoicePack,
    letters: TypedLetters,
    position: &Chess,
    text: &str,
) -> Reading {
    let reading = read_with(lexicon, pack, letters, position, text);
    match reading {
        Reading::Move(m) if letters.has_others() => {
            foreign::checked(lexicon, pack, letters, position, text, m)
        }
        reading => reading,
    }
}

/// Reads `text` with every meaning of the letters of `letters`.
fn read_with(
    lexicon: &Lexicon,
    pack: &VoicePack,
    letters: TypedLetters,
    position: &Chess,
    text: &str,
) -> Reading {
    let Readings { tokens, as_typed } = match readings(lexicon, letters, text) {
        Ok(readings) => readings,
        Err(unknown) => {
            return Reading::Unrecognized {
                reason: fill(&pack.phrases.not_understood, &[("text", &unknown.word)]),
            };
        }
    };
    if tokens.is_empty() {
        return Reading::Unrecognized {
            reason: fill(&pack.phrases.not_understood, &[("text", text.trim())]),
        };
    }
    let mut patterns: Vec<(Pattern, u32)> = Vec::new();
    let mut incomplete = false;
    let mut combination = vec![0usize; tokens.len()];
    for _ in 0..MAX_COMBINATIONS {
        let mut atoms = Vec::with_capacity(tokens.len() + 4);
        let mut cost = 0;
        // A combination made only of corrected slips ("hello there": Bello
        // three) is chatter, not a move: some word must stand as typed.
        let mut anchored = false;
        for (i, (token, &choice)) in tokens.iter().zip(&combination).enumerate() {
            let (ref parts, part_cost) = token[choice];
            atoms.extend_from_slice(parts);
            cost += part_cost;
            anchored |= as_typed[i][choice] && parts.iter().any(|a| *a != Meaning::Filler);
        }
        match pattern_of(&atoms) {
            Shape::Move(_) if !anchored => {}
            Shape::Move(pattern) => {
                if !patterns.contains(&(pattern, cost)) {
                    patterns.push((pattern, cost));
                }
            }
            Shape::EitherCastling if anchored => {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    let pattern = castling_pattern(side);
                    if !patterns.contains(&(pattern, cost)) {
                        patterns.push((pattern, cost));
                    }
                }
            }
            Shape::EitherCastling => {}
            Shape::Incomplete => incomplete = true,
            Shape::Nonsense => {}
        }
        if !advance(&mut combination, &tokens) {
            break;
        }
    }
    if patterns.is_empty() {
        let phrase = if incomplete {
            &pack.phrases.incomplete
        } else {
            &pack.phrases.not_understood
        };
        return Reading::Unrecognized {
            reason: fill(phrase, &[("text", text.trim())]),
        };
    }
    patterns.sort_by_key(|(_, cost)| *cost);

    let legal = position.legal_moves();
    if legal.is_empty() {
        return Reading::Illegal {
            understood: describe(pack, &patterns[0].0),
            reason: pack.phrases.game_over.clone(),
        };
    }
    // In Chess960 a castling may be typed as the rook's move alone
    // (Guidelines II.3.2.4); in standard chess a rook move is a rook move.
    let chess960 = position.castles().mode() == CastlingMode::Chess960;
    let mut fitting: Vec<Move> = Vec::new();
    let mut tier_cost = None;
    for (pattern, cost) in &patterns {
        if tier_cost.is_some_and(|c| c != *cost) {
            break;
        }
        for m in legal
            .iter()
            .filter(|m| fits(pattern, m) || (chess960 && fits_rook_castling(pattern, m)))
        {
            if !fitting.contains(m) {
                fitting.push(*m);
            }
        }
        if !fitting.is_empty() {
            tier_cost = Some(*cost);
        }
    }
    match fitting.len() {
        0 => {
            let cheapest = patterns[0].1;
            let tier: Vec<Pattern> = patterns
                .iter()
                .take_while(|(_, cost)| *cost == cheapest)
                .map(|(pattern, _)| *pattern)
                .collect();
            if let Some(refusal) = phrasing::refusal(pack, position, &legal, &tier) {
                return refusal;
            }
            let pattern = &patterns[0].0;
            let understood = describe(pack, pattern);
            let why = why_illegal(pack, position, &legal, pattern);
            Reading::Illegal {
                reason: format!("{understood}: {why}"),
                understood,
            }
        }
        1 => Reading::Move(fitting[0]),
        _ => {
            fitting.sort_by_key(|m| (m.from(), m.to(), m.promotion()));
            Reading::Ambiguous {
                question: question(pack, position, &fitting),
                candidates: fitting,
            }
        }
    }
}

/// Steps the combination counter; false when every combination was tried.
fn advance(combination: &mut [usize], tokens: &[Vec<Alternative>]) -> bool {
    for (i, choice) in combination.iter_mut().enumerate().rev() {
        *choice += 1;
        if *choice < tokens[i].len() {
            return true;
        }
        *choice = 0;
    }
    false
}

/// A question that lets the player pick one of several fitting moves.
pub fn question(pack: &VoicePack, position: &Chess, candidates: &[Move]) -> String {
    let first = candidates[0];
    let same = |f: &dyn Fn(&Move) -> bool| candidates.iter().all(f);
    let (opening, choices): (String, Vec<String>) =
        if same(&|m| m.from() == first.from() && m.to() == first.to() && m.is_promotion()) {
            (
                pack.phrases.which_promotion.clone(),
                candidates
                    .iter()
                    .filter_map(|m| m.promotion())
                    .map(|role| pack.piece(role).to_string())
                    .collect(),
            )
        } else if same(&|m| m.role() == first.role() && m.to() == first.to() && !m.is_castle()) {
            (
                fill(
                    &pack.phrases.which_piece,
                    &[("piece", pack.piece(first.role()))],
                ),
                candidates
                    .iter()
                    .filter_map(|m| m.from())
                    .map(|from| format!("{} {}", pack.phrases.from, pack.square(from)))
                    .collect(),
            )
        } else {
            (
                pack.phrases.which_move.clone(),
                candidates
                    .iter()
                    .map(|m| say(pack, position, *m, Form::Long))
                    .collect(),
            )
        };
    format!("{opening}: {}?", list(pack, &choices))
}

/// "a, b oder c".
fn list(pack: &VoicePack, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), pack.phrases.or),
    }
}

#[cfg(test)]
pub(crate) mod tests;
