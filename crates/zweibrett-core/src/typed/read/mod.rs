//! Reading a typed line in the English command words: the command table
//! says which words are commands and what each needs; each command's own
//! reader reads what follows it. Anything else is a move.

use crate::analysis;
use crate::game::{
    ClaimKind, Command, Forfeit, IllegalPosition, MOST_CLOCK_SECONDS, MOST_TIME_ADDED_SECONDS,
    QuickplayDecision, Side, TouchRuling,
};
use crate::notation::Lexicon;
use crate::notation::pack::{Argument, CommandEntry, Wanted, game_command};
use crate::utterance::VoiceChange;

use super::line::{Line, ScorePieces};
use super::line_error::LineError;

fn side(word: Option<&str>) -> Result<Option<Side>, LineError> {
    word.map(|w| w.parse().map_err(|_| LineError::NotASide(w.to_string())))
        .transpose()
}

/// A time as the arbiter sets it on a clock: seconds, `M:SS` or `H:MM:SS`
/// (6.10.2).
fn clock_seconds(text: &str) -> Option<u64> {
    let parts: Vec<&str> = text.split(':').collect();
    if parts.len() > 3
        || parts
            .iter()
            .any(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    // A number too large for any clock reads as the largest, which the
    // bound on what a clock shows then refuses by name.
    let numbers: Vec<u64> = parts
        .iter()
        .map(|p| p.parse().unwrap_or(u64::MAX))
        .collect();
    // Minutes and seconds after the first part are below sixty.
    if numbers.iter().skip(1).any(|n| *n >= 60) {
        return None;
    }
    Some(
        numbers
            .iter()
            .fold(0u64, |total, n| total.saturating_mul(60).saturating_add(*n)),
    )
}

/// The seconds of `addtime`: `None` when `text` is no whole number, an
/// error when it adds or takes away more than a day (a number too large
/// for any clock included).
fn added_seconds(text: &str) -> Option<Result<i64, LineError>> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let beyond = || LineError::TimeAddedBeyond(text.to_string());
    Some(match text.parse::<i64>() {
        Ok(seconds) if seconds.unsigned_abs() <= MOST_TIME_ADDED_SECONDS => Ok(seconds),
        _ => Err(beyond()),
    })
}

/// Reads a side and a value for the arbiter's clock commands.
fn side_and<T>(
    command: &'static str,
    rest: Option<&str>,
    value: impl Fn(&str) -> Option<T>,
    (both, what): (Wanted, Wanted),
) -> Result<(Side, T), LineError> {
    let mut parts = rest.unwrap_or("").split_whitespace();
    let (Some(who), Some(amount), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(LineError::Needs {
            command,
            what: both,
        });
    };
    let side: Side = who
        .parse()
        .map_err(|_| LineError::NotASide(who.to_string()))?;
    let value = value(amount).ok_or_else(|| LineError::NotA {
        command,
        text: amount.to_string(),
        what,
    })?;
    Ok((side, value))
}

/// Reads one line; anything that is not a command word of the table is a
/// move. Squares, files and ranks in questions may be in the pack's words
/// (`lexicon`).
pub fn parse_line(lexicon: &Lexicon, line: &str) -> Line {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, Some(r.trim()).filter(|r| !r.is_empty())),
        None => (line, None),
    };
    if word.is_empty() {
        return Line::Nothing;
    }
    let Some(entry) = game_command(word) else {
        return Line::Game(Command::Move(line.to_string()));
    };
    match (entry.argument, rest) {
        (Argument::Takes(what), None) => Line::Wrong(LineError::Needs {
            command: entry.word,
            what,
        }),
        (_, rest) => read(entry, lexicon, rest, line),
    }
}

/// What `entry`'s command reads from `rest`, the words after it on `line`.
fn read(entry: &CommandEntry, lexicon: &Lexicon, rest: Option<&str>, line: &str) -> Line {
    let command = entry.word;
    let need = |what: Wanted| Line::Wrong(LineError::Needs { command, what });
    let not_a = |what: Wanted| {
        Line::Wrong(LineError::NotA {
            command,
            text: rest.unwrap_or_default().to_string(),
            what,
        })
    };
    let game = Line::Game;
    let lower = rest.map(str::to_lowercase);
    let lower = lower.as_deref();
    // A side, or nothing: the game takes it from who is at the keyboard.
    let with_side = |make: fn(Option<Side>) -> Command| match side(rest) {
        Ok(s) => game(make(s)),
        Err(e) => Line::Wrong(e),
    };
    let text = || rest.unwrap_or_default().to_string();
    match command {
        "correct" => game(Command::Correct(text())),
        "press" => game(Command::Press),
        "repeat" => game(Command::Repeat(text())),
        "confirm" => game(Command::Confirm),
        "time" => match side(rest) {
            Ok(Some(s)) => game(Command::TimeOf(s)),
            Ok(None) => game(Command::Time),
            Err(e) => Line::Wrong(e),
        },
        "again" => with_side(Command::Again),
        // With a side, the player who offers, accepts or declines; without,
        // the mover after a move, and the opponent of the offer's maker.
        "offer" => with_side(|s| s.map_or(Command::Offer, Command::OfferBy)),
        "accept" => with_side(|s| s.map_or(Command::Accept, Command::AcceptBy)),
        "decline" => with_side(|s| s.map_or(Command::Decline, Command::DeclineBy)),
        "claim" => {
            let rest = rest.unwrap_or_default();
            let (kind, intended) = match rest.split_once(char::is_whitespace) {
                Some((k, m)) => (k, Some(m.trim().to_string())),
                None => (rest, None),
            };
            let kind = match kind.to_lowercase().as_str() {
                "threefold" | "repetition" | "3" => ClaimKind::Threefold,
                "fifty" | "50" => ClaimKind::FiftyMoves,
                _ => return need(Wanted::Claim),
            };
            game(Command::Claim { kind, intended })
        }
        "resign" => with_side(Command::Resign),
        "sign" => with_side(Command::Sign),
        // The side that loses, and why: the article or its word; without
        // one, a penalty of 12.9.6.
        "forfeit" => {
            let mut parts = rest.unwrap_or_default().split_whitespace();
            let side = parts.next().map(str::parse::<Side>);
            let reason = parts.next().map(Forfeit::read);
            match (side, reason, parts.next()) {
                (Some(Ok(side)), None, None) => game(Command::Forfeit {
                    side,
                    reason: Forfeit::Penalty,
                }),
                (Some(Ok(side)), Some(Some(reason)), None) => {
                    game(Command::Forfeit { side, reason })
                }
                _ => need(Wanted::SideForfeit),
            }
        }
        "flag" => game(Command::Flag),
        "touched" => game(Command::Touched(rest.map(String::from))),
        "touchmove" => match lower {
            Some("uphold") => game(Command::TouchRuling(TouchRuling::Uphold)),
            Some("stand") => game(Command::TouchRuling(TouchRuling::Stand)),
            _ => need(Wanted::Ruling),
        },
        "illegalposition" => match lower {
            Some("kings") => game(Command::IllegalPosition(IllegalPosition::BothKingsInCheck)),
            Some("pawn") => game(Command::IllegalPosition(IllegalPosition::PawnOnLastRank)),
            Some("stands") => game(Command::IllegalPosition(IllegalPosition::Stands)),
            Some("corrected") => game(Command::IllegalPosition(IllegalPosition::Corrected)),
            _ => need(Wanted::Position),
        },
        "pause" => game(Command::Pause),
        "resume" => game(Command::Resume),
        "illegal" => match side(rest) {
            Ok(Some(s)) => game(Command::Illegal(s)),
            Ok(None) => need(Wanted::Side),
            Err(e) => Line::Wrong(e),
        },
        "addtime" => {
            let mut parts = rest.unwrap_or_default().split_whitespace();
            match (parts.next().map(str::parse::<Side>), parts.next()) {
                (Some(Ok(side)), Some(amount)) => match added_seconds(amount) {
                    Some(Ok(seconds)) => game(Command::AddTime { side, seconds }),
                    Some(Err(beyond)) => Line::Wrong(beyond),
                    None => need(Wanted::SideSeconds),
                },
                _ => need(Wanted::SideSeconds),
            }
        }
        "undo" => game(Command::Undo),
        "takeback" => match rest.map(str::parse::<usize>) {
            Some(Ok(ply)) => game(Command::TakeBack(ply)),
            None => game(Command::Retrace),
            _ => need(Wanted::HalfMoves),
        },
        "settime" => match side_and(
            "settime",
            rest,
            clock_seconds,
            (Wanted::SideTime, Wanted::Time),
        ) {
            Ok((_, seconds)) if seconds > MOST_CLOCK_SECONDS => {
                let text = rest.and_then(|r| r.split_whitespace().nth(1)).unwrap_or("");
                Line::Wrong(LineError::ClockSetBeyond(text.to_string()))
            }
            Ok((side, seconds)) => game(Command::SetTime { side, seconds }),
            Err(e) => Line::Wrong(e),
        },
        "setmoves" => match side_and(
            "setmoves",
            rest,
            |n| n.parse::<u32>().ok(),
            (Wanted::SideMoves, Wanted::Moves),
        ) {
            Ok((side, moves)) => game(Command::SetMoves { side, moves }),
            Err(e) => Line::Wrong(e),
        },
        "setcontrol" => game(Command::SetControl(text())),
        "flags" => match lower {
            Some("both") => game(Command::BothFlags),
            _ => need(Wanted::Both),
        },
        "increment" => match lower {
            None => game(Command::RequestIncrement),
            Some("agree" | "grant" | "yes") => game(Command::DecideIncrement(true)),
            Some("refuse" | "no") => game(Command::DecideIncrement(false)),
            Some(_) => not_a(Wanted::Increment),
        },
        "quickplay" => match lower {
            None | Some("claim") => game(Command::QuickplayClaim),
            Some("draw") => game(Command::DecideQuickplay(QuickplayDecision::Draw)),
            Some("reject") => game(Command::DecideQuickplay(QuickplayDecision::Reject)),
            Some("postpone") => game(Command::DecideQuickplay(QuickplayDecision::Postpone)),
            Some(_) => not_a(Wanted::Quickplay),
        },
        "align" => game(Command::Align),
        "seal" => game(Command::Seal(text())),
        "unseal" => game(Command::Unseal),
        "resumption" => match rest.map(str::trim).filter(|r| !r.is_empty()) {
            Some(when) => game(Command::Resumption(when.to_string())),
            None => need(Wanted::Resumption),
        },
        "pgn" => Line::Pgn,
        "save" => match rest.map(|r| r.split_once(char::is_whitespace).unwrap_or((r, ""))) {
            None => Line::Save,
            Some((format, _)) if format.eq_ignore_ascii_case("pgn") => Line::Save,
            Some((format, path))
                if format.eq_ignore_ascii_case("brf") || format.eq_ignore_ascii_case("braille") =>
            {
                Line::SaveBrf(
                    Some(path.trim())
                        .filter(|p| !p.is_empty())
                        .map(String::from),
                )
            }
            Some(_) => not_a(Wanted::SaveFormat),
        },
        "score" => match lower {
            None | Some("english") => Line::Score,
            Some("pack") => Line::ScoreIn(ScorePieces::Pack),
            Some("figurine" | "figurines") => Line::ScoreIn(ScorePieces::Figurines),
            Some(_) => not_a(Wanted::ScorePieces),
        },
        "braille" => Line::Braille,
        "audit" => Line::Audit,
        "board" => {
            let rest = rest.unwrap_or_default();
            let Some((who, shows)) = rest.split_once(char::is_whitespace) else {
                return need(Wanted::Board);
            };
            match who.parse::<Side>() {
                Ok(side) => Line::BoardShows(side.into(), shows.trim().to_string()),
                Err(_) => Line::Wrong(LineError::NotASide(who.to_string())),
            }
        }
        "listen" => Line::Listen,
        "help" => Line::Help,
        "more" => Line::More,
        "faster" => Line::Voice(VoiceChange::Faster),
        "slower" => Line::Voice(VoiceChange::Slower),
        "louder" => Line::Voice(VoiceChange::Louder),
        "softer" => Line::Voice(VoiceChange::Softer),
        "quit" => Line::Quit,
        // The questions about the user's own board, read as going through
        // games reads them.
        _ => match analysis::parse_command(lexicon, line) {
            analysis::Command::Ask(question) => Line::Ask(question),
            analysis::Command::NotASquare(text) => {
                Line::Wrong(LineError::NotASquare { command, text })
            }
            _ => match entry.argument.wanted() {
                Some(what) => not_a(what),
                None => Line::Game(Command::Move(line.to_string())),
            },
        },
    }
}

#[cfg(test)]
mod tests;
