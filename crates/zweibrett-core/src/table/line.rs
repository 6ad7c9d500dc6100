//! Reading a typed line of the two-board game, the same in plain mode and
//! on the input line of the full screen: each line is a command, a question
//! about the user's own board, or else a move.

use shakmaty::Color;

use crate::analysis::{self, Question};
use crate::game::{
    ClaimKind, Command, IllegalPosition, MOST_CLOCK_SECONDS, MOST_TIME_ADDED_SECONDS,
    QuickplayDecision, Side, TouchRuling,
};
use crate::notation::pack::LINE_COMMANDS;
use crate::notation::{Lexicon, PieceLetters, VoicePack};
use crate::record::score::PieceSigns;

use super::line_error::{LineError, Wanted};

/// What a line of plain mode asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command for the game.
    Game(Command),
    /// Print the PGN.
    Pgn,
    /// Write the PGN file beside the journal.
    Save,
    /// Write the braille score as BRF, to the file named or beside the
    /// journal (D.2.7).
    SaveBrf(Option<String>),
    /// Print the plain-text score.
    Score,
    /// Print the plain-text score in the pack's piece letters or in
    /// figurines (Appendix C.4).
    ScoreIn(ScorePieces),
    /// Print the braille score.
    Braille,
    /// Audit the two boards and scores the program keeps (D.2.9).
    Audit,
    /// What a player's own board shows, as FEN or a piece list in words;
    /// audited against the scores at once (D.2.9).
    BoardShows(Color, String),
    /// A question about the position on the user's own board: pieces,
    /// a square, a rank, a file, a diagonal, attackers, a piece's moves,
    /// material, the last move.
    Ask(Question),
    /// Start or stop listening for a move said aloud (the listening
    /// key of line mode; D.2.1).
    Listen,
    /// Say the commands.
    Help,
    /// Leave; the game can be resumed.
    Quit,
    /// Nothing (an empty line).
    Nothing,
    /// A line that cannot be a command.
    Wrong(LineError),
}

/// How `score` writes the pieces, besides the English letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScorePieces {
    /// The piece letters of the pack's language (Appendix C.4).
    Pack,
    /// The figurines ♔ ♕ ♖ ♗ ♘.
    Figurines,
}

impl ScorePieces {
    /// The signs a score in `pack`'s game writes the pieces with.
    pub fn signs(self, pack: &VoicePack) -> PieceSigns {
        match self {
            ScorePieces::Pack => PieceSigns::Letters(PieceLetters::of_pack(pack)),
            ScorePieces::Figurines => PieceSigns::Figurines,
        }
    }
}

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

/// Reads one line; anything that is not a command word is a move. Squares,
/// files and ranks in questions may be in the pack's words (`lexicon`).
pub fn parse_line(lexicon: &Lexicon, line: &str) -> Line {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, Some(r.trim()).filter(|r| !r.is_empty())),
        None => (line, None),
    };
    let need =
        |command: &'static str, what: Wanted| Line::Wrong(LineError::Needs { command, what });
    let game = |c: Command| Line::Game(c);
    match word.to_lowercase().as_str() {
        "" => Line::Nothing,
        "correct" => rest.map_or(need("correct", Wanted::Move), |m| {
            game(Command::Correct(m.into()))
        }),
        "press" => game(Command::Press),
        "repeat" => rest.map_or(need("repeat", Wanted::Move), |m| {
            game(Command::Repeat(m.into()))
        }),
        "confirm" | "ok" => game(Command::Confirm),
        "time" => game(Command::Time),
        "again" => match side(rest) {
            Ok(s) => game(Command::Again(s)),
            Err(e) => Line::Wrong(e),
        },
        // With a side, the player who offers, accepts or declines; without,
        // the mover after a move, and the opponent of the offer's maker.
        "offer" | "accept" | "decline" => match (side(rest), word.to_lowercase().as_str()) {
            (Err(e), _) => Line::Wrong(e),
            (Ok(None), "offer") => game(Command::Offer),
            (Ok(None), "accept") => game(Command::Accept),
            (Ok(None), _) => game(Command::Decline),
            (Ok(Some(s)), "offer") => game(Command::OfferBy(s)),
            (Ok(Some(s)), "accept") => game(Command::AcceptBy(s)),
            (Ok(Some(s)), _) => game(Command::DeclineBy(s)),
        },
        "claim" => {
            let Some(rest) = rest else {
                return need("claim", Wanted::Claim);
            };
            let (kind, intended) = match rest.split_once(char::is_whitespace) {
                Some((k, m)) => (k, Some(m.trim().to_string())),
                None => (rest, None),
            };
            let kind = match kind.to_lowercase().as_str() {
                "threefold" | "repetition" | "3" => ClaimKind::Threefold,
                "fifty" | "50" => ClaimKind::FiftyMoves,
                _ => return need("claim", Wanted::Claim),
            };
            game(Command::Claim { kind, intended })
        }
        // Without a side, the game takes it from who is at the keyboard.
        "resign" => match side(rest) {
            Ok(s) => game(Command::Resign(s)),
            Err(e) => Line::Wrong(e),
        },
        "flag" => game(Command::Flag),
        "touched" => game(Command::Touched(rest.map(String::from))),
        "touchmove" => match rest.map(str::to_lowercase).as_deref() {
            Some("uphold") => game(Command::TouchRuling(TouchRuling::Uphold)),
            Some("stand") => game(Command::TouchRuling(TouchRuling::Stand)),
            _ => need("touchmove", Wanted::Ruling),
        },
        "illegalposition" => match rest.map(str::to_lowercase).as_deref() {
            Some("kings") => game(Command::IllegalPosition(IllegalPosition::BothKingsInCheck)),
            Some("pawn") => game(Command::IllegalPosition(IllegalPosition::PawnOnLastRank)),
            Some("stands") => game(Command::IllegalPosition(IllegalPosition::Stands)),
            Some("corrected") => game(Command::IllegalPosition(IllegalPosition::Corrected)),
            _ => need("illegalposition", Wanted::Position),
        },
        "pause" => game(Command::Pause),
        "resume" => game(Command::Resume),
        "illegal" => match side(rest) {
            Ok(Some(s)) => game(Command::Illegal(s)),
            Ok(None) => need("illegal", Wanted::Side),
            Err(e) => Line::Wrong(e),
        },
        "addtime" => {
            let mut parts = rest.unwrap_or("").split_whitespace();
            match (parts.next().map(str::parse::<Side>), parts.next()) {
                (Some(Ok(side)), Some(amount)) => match added_seconds(amount) {
                    Some(Ok(seconds)) => game(Command::AddTime { side, seconds }),
                    Some(Err(beyond)) => Line::Wrong(beyond),
                    None => need("addtime", Wanted::SideSeconds),
                },
                _ => need("addtime", Wanted::SideSeconds),
            }
        }
        "takeback" => match rest.map(str::parse::<usize>) {
            Some(Ok(ply)) => game(Command::TakeBack(ply)),
            None => game(Command::Retrace),
            _ => need("takeback", Wanted::HalfMoves),
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
        "setcontrol" => rest.map_or(need("setcontrol", Wanted::Control), |c| {
            game(Command::SetControl(c.into()))
        }),
        "flags" => match rest.map(str::to_lowercase).as_deref() {
            Some("both") => game(Command::BothFlags),
            _ => need("flags", Wanted::Both),
        },
        "increment" => match rest.map(str::to_lowercase).as_deref() {
            None => game(Command::RequestIncrement),
            Some("agree" | "grant" | "yes") => game(Command::DecideIncrement(true)),
            Some("refuse" | "no") => game(Command::DecideIncrement(false)),
            Some(_) => need("increment", Wanted::Increment),
        },
        "quickplay" => match rest.map(str::to_lowercase).as_deref() {
            None | Some("claim") => game(Command::QuickplayClaim),
            Some("draw") => game(Command::DecideQuickplay(QuickplayDecision::Draw)),
            Some("reject") => game(Command::DecideQuickplay(QuickplayDecision::Reject)),
            Some("postpone") => game(Command::DecideQuickplay(QuickplayDecision::Postpone)),
            Some(_) => need("quickplay", Wanted::Quickplay),
        },
        "align" => game(Command::Align),
        "seal" => rest.map_or(need("seal", Wanted::Move), |m| {
            game(Command::Seal(m.into()))
        }),
        "unseal" => game(Command::Unseal),
        "pgn" => Line::Pgn,
        "save" => match rest.map(|r| r.split_once(char::is_whitespace).unwrap_or((r, ""))) {
            None => Line::Save,
            Some((format, _)) if format.eq_ignore_ascii_case("pgn") => Line::Save,
            Some((format, path)) if format.eq_ignore_ascii_case("brf") => Line::SaveBrf(
                Some(path.trim())
                    .filter(|p| !p.is_empty())
                    .map(String::from),
            ),
            Some(_) => Line::Wrong(LineError::NotA {
                command: "save",
                text: rest.unwrap_or_default().to_string(),
                what: Wanted::SaveFormat,
            }),
        },
        "score" => match rest.map(str::to_lowercase).as_deref() {
            None | Some("english") => Line::Score,
            Some("pack") => Line::ScoreIn(ScorePieces::Pack),
            Some("figurine" | "figurines") => Line::ScoreIn(ScorePieces::Figurines),
            Some(_) => Line::Wrong(LineError::NotA {
                command: "score",
                text: rest.unwrap_or_default().to_string(),
                what: Wanted::ScorePieces,
            }),
        },
        "braille" => Line::Braille,
        "audit" => Line::Audit,
        "board" => {
            let Some(rest) = rest else {
                return need("board", Wanted::SideBoard);
            };
            let Some((who, shows)) = rest.split_once(char::is_whitespace) else {
                return need("board", Wanted::Board);
            };
            match who.parse::<Side>() {
                Ok(side) => Line::BoardShows(side.into(), shows.trim().to_string()),
                Err(_) => Line::Wrong(LineError::NotASide(who.to_string())),
            }
        }
        "pieces" | "square" | "rank" | "file" | "diagonal" | "attackers" | "moves" | "kings"
        | "queens" | "rooks" | "bishops" | "knights" | "pawns" | "material" | "last" => {
            let lower = word.to_lowercase();
            let command = LINE_COMMANDS
                .iter()
                .copied()
                .find(|k| *k == lower)
                .unwrap_or("pieces");
            match analysis::parse_command(lexicon, line) {
                analysis::Command::Ask(question) => Line::Ask(question),
                analysis::Command::NotASquare(text) => {
                    Line::Wrong(LineError::NotASquare { command, text })
                }
                _ => need(command, Wanted::Whose),
            }
        }
        "listen" => Line::Listen,
        "help" | "?" => Line::Help,
        "quit" | "exit" => Line::Quit,
        _ => game(Command::Move(line.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lex() -> Lexicon {
        Lexicon::builtin().clone()
    }

    #[test]
    fn lines_become_commands() {
        assert_eq!(
            parse_line(&lex(), "e4"),
            Line::Game(Command::Move("e4".into()))
        );
        assert_eq!(
            parse_line(&lex(), "Springer Felix drei"),
            Line::Game(Command::Move("Springer Felix drei".into()))
        );
        assert_eq!(
            parse_line(&lex(), "correct d4"),
            Line::Game(Command::Correct("d4".into()))
        );
        assert_eq!(parse_line(&lex(), "  press "), Line::Game(Command::Press));
        assert_eq!(
            parse_line(&lex(), "claim threefold Nf3"),
            Line::Game(Command::Claim {
                kind: ClaimKind::Threefold,
                intended: Some("Nf3".into())
            })
        );
        assert_eq!(
            parse_line(&lex(), "addtime black -30"),
            Line::Game(Command::AddTime {
                side: Side::Black,
                seconds: -30
            })
        );
        assert_eq!(
            parse_line(&lex(), "again black"),
            Line::Game(Command::Again(Some(Side::Black)))
        );
        assert!(matches!(parse_line(&lex(), "claim"), Line::Wrong(_)));
        assert_eq!(
            parse_line(&lex(), "settime white 1:02:03"),
            Line::Game(Command::SetTime {
                side: Side::White,
                seconds: 3723
            })
        );
        assert_eq!(
            parse_line(&lex(), "setmoves black 40"),
            Line::Game(Command::SetMoves {
                side: Side::Black,
                moves: 40
            })
        );
        assert_eq!(
            parse_line(&lex(), "setcontrol 40/5400+30:1800+30"),
            Line::Game(Command::SetControl("40/5400+30:1800+30".into()))
        );
        assert_eq!(
            parse_line(&lex(), "increment"),
            Line::Game(Command::RequestIncrement)
        );
        assert_eq!(
            parse_line(&lex(), "increment agree"),
            Line::Game(Command::DecideIncrement(true))
        );
        assert_eq!(
            parse_line(&lex(), "quickplay postpone"),
            Line::Game(Command::DecideQuickplay(QuickplayDecision::Postpone))
        );
        assert_eq!(
            parse_line(&lex(), "flags both"),
            Line::Game(Command::BothFlags)
        );
        for bad in [
            "settime white",
            "settime white 1:75",
            "settime grey 60",
            "settime white -5",
            "setmoves black many",
            "setcontrol",
            "increment maybe",
            "quickplay later",
            "flags",
        ] {
            assert!(matches!(parse_line(&lex(), bad), Line::Wrong(_)), "{bad}");
        }
        assert!(matches!(parse_line(&lex(), "illegal"), Line::Wrong(_)));
        assert_eq!(parse_line(&lex(), "accept"), Line::Game(Command::Accept));
        assert_eq!(
            parse_line(&lex(), "accept black"),
            Line::Game(Command::AcceptBy(Side::Black))
        );
        assert_eq!(
            parse_line(&lex(), "offer white"),
            Line::Game(Command::OfferBy(Side::White))
        );
        assert_eq!(
            parse_line(&lex(), "decline Schwarz"),
            Line::Game(Command::DeclineBy(Side::Black))
        );
        assert!(matches!(
            parse_line(&lex(), "accept nobody"),
            Line::Wrong(_)
        ));
        assert_eq!(
            parse_line(&lex(), "touchmove uphold"),
            Line::Game(Command::TouchRuling(TouchRuling::Uphold))
        );
        assert!(matches!(parse_line(&lex(), "touchmove"), Line::Wrong(_)));
        assert_eq!(
            parse_line(&lex(), "illegalposition kings"),
            Line::Game(Command::IllegalPosition(IllegalPosition::BothKingsInCheck))
        );
        assert!(matches!(
            parse_line(&lex(), "illegalposition maybe"),
            Line::Wrong(_)
        ));
        // Answers to the game's own questions reach it as move texts.
        for answer in ["1", "der erste", "the first", "Bella eins", "Dame"] {
            assert_eq!(
                parse_line(&lex(), answer),
                Line::Game(Command::Move(answer.into())),
                "{answer}"
            );
        }
        assert_eq!(parse_line(&lex(), "score English"), Line::Score);
        assert_eq!(
            parse_line(&lex(), "score pack"),
            Line::ScoreIn(ScorePieces::Pack)
        );
        assert_eq!(
            parse_line(&lex(), "score figurine"),
            Line::ScoreIn(ScorePieces::Figurines)
        );
        assert!(matches!(
            parse_line(&lex(), "score runes"),
            Line::Wrong(LineError::NotA {
                command: "score",
                ..
            })
        ));
        assert_eq!(parse_line(&lex(), "save"), Line::Save);
        assert_eq!(parse_line(&lex(), "save PGN"), Line::Save);
        assert_eq!(parse_line(&lex(), "save brf"), Line::SaveBrf(None));
        assert_eq!(
            parse_line(&lex(), "save BRF  Scores/Anna Game.brf "),
            Line::SaveBrf(Some("Scores/Anna Game.brf".into()))
        );
        assert!(matches!(
            parse_line(&lex(), "save braille"),
            Line::Wrong(LineError::NotA {
                command: "save",
                ..
            })
        ));
        assert_eq!(parse_line(&lex(), ""), Line::Nothing);
        assert_eq!(parse_line(&lex(), "quit"), Line::Quit);
    }

    #[test]
    fn time_beyond_its_bound_is_refused_by_name() {
        for text in [
            "86401",
            "-86401",
            "9223372036854775807",
            "-9223372036854775808",
            "99999999999999999999999",
        ] {
            assert_eq!(
                parse_line(&lex(), &format!("addtime white {text}")),
                Line::Wrong(LineError::TimeAddedBeyond(text.to_string())),
                "{text}"
            );
        }
        assert_eq!(
            parse_line(&lex(), "addtime white -86400"),
            Line::Game(Command::AddTime {
                side: Side::White,
                seconds: -86_400
            })
        );
        assert!(matches!(
            parse_line(&lex(), "addtime white x"),
            Line::Wrong(LineError::Needs { .. })
        ));
        for text in [
            "360001",
            "100:00:01",
            "18446744073709551615:59:59",
            "99999999999999999999999",
        ] {
            assert_eq!(
                parse_line(&lex(), &format!("settime black {text}")),
                Line::Wrong(LineError::ClockSetBeyond(text.to_string())),
                "{text}"
            );
        }
        assert_eq!(
            parse_line(&lex(), "settime black 100:00:00"),
            Line::Game(Command::SetTime {
                side: Side::Black,
                seconds: 360_000
            })
        );
        assert_eq!(
            LineError::TimeAddedBeyond("90000".into()).to_string(),
            "not done: 90000 seconds is more than can be added or taken away at once, at most a day"
        );
    }
}
