//! PGN export of a game (Art. 8 and Appendix C, in the PGN standard's
//! export format): the Seven Tag Roster, `TimeControl`, `Termination`,
//! `EnteredBy` (who typed the moves: player, assistant or arbiter),
//! `[%clk h:mm:ss]` and `[%emt h:mm:ss]` after each move, "(=)" for a draw
//! offer (8.1.1), notes of corrections and touched pieces, and each
//! player's own score where it differs from the game (D.2.9).

use std::fmt::Write as _;
use std::time::Duration;

use shakmaty::{Color, EnPassantMode, fen::Fen};

use super::claim::claim_lines;
use crate::game::{Game, GameWords};
use crate::notation::MoveNumber;
use crate::printable::is_unprintable;

/// `h:mm:ss`, seconds rounded down.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// PGN comments may not contain a closing brace; a control character
/// (an escape sequence, a line break that could start a `%` line) becomes
/// a space.
fn clean(text: &str) -> String {
    text.replace(['{', '}'], "").replace(is_unprintable, " ")
}

/// `value` as the inside of a PGN tag's string: the PGN standard allows
/// no newline, tab or other non-printing character there, so each becomes
/// a space (a name can never end the tag or start another); a quote and a
/// backslash are escaped with a backslash.
pub fn tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            c if is_unprintable(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The tag of a live game's PGN that says what waits for the arbiter.
pub const ARBITER_CALL_TAG: &str = "ArbiterCall";

/// What a game in progress waits for the arbiter to decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArbiterCall {
    /// The boards diverge and the audit awaits the arbiter (D.2.9).
    Divergence,
    /// A request for an increment (III.4) or a claim of III.5 awaits the
    /// arbiter's decision, or was postponed (III.5.2).
    Claim,
}

impl ArbiterCall {
    /// What `game` waits for, if anything; nothing once it is over.
    pub fn of(game: &Game) -> Option<ArbiterCall> {
        if game.outcome().is_some() {
            None
        } else if game.diverging() {
            Some(ArbiterCall::Divergence)
        } else if game.quickplay_claimed().is_some() || game.increment_requested().is_some() {
            Some(ArbiterCall::Claim)
        } else {
            None
        }
    }

    /// The value of [`ARBITER_CALL_TAG`].
    pub fn tag_value(self) -> &'static str {
        match self {
            ArbiterCall::Divergence => "Divergence",
            ArbiterCall::Claim => "Claim",
        }
    }

    /// The call a tag's value names.
    pub fn from_tag(value: &str) -> Option<ArbiterCall> {
        [ArbiterCall::Divergence, ArbiterCall::Claim]
            .into_iter()
            .find(|call| call.tag_value().eq_ignore_ascii_case(value.trim()))
    }
}

/// Writes `game` as one PGN game.
pub fn write(game: &Game) -> String {
    let setup = game.setup();
    let result = game.outcome().map_or("*", |o| o.result.pgn());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", tag_value(value));
    };
    tag("Event", &setup.event);
    tag("Site", &setup.site);
    tag("Date", &setup.date);
    let pairing = &setup.pairing;
    tag(
        "Round",
        if pairing.round.is_empty() {
            "?"
        } else {
            &pairing.round
        },
    );
    if let Some(board) = pairing.board {
        tag("Board", &board.to_string());
    }
    tag("White", &setup.white);
    tag("Black", &setup.black);
    tag("Result", result);
    if let Some(elo) = pairing.white_elo {
        tag("WhiteElo", &elo.to_string());
    }
    if let Some(elo) = pairing.black_elo {
        tag("BlackElo", &elo.to_string());
    }
    if let Ok(control) = setup.time_control() {
        tag("TimeControl", &control.to_string());
    }
    if let Some(o) = game.outcome() {
        tag("Termination", o.termination.pgn_tag());
    }
    // Who typed the moves: the player, the assistant or the arbiter. A tag
    // of its own, since none of the PGN standard's says it.
    tag("EnteredBy", setup.role.name());
    // Whether the device answered only what a scoresheet and the player's
    // own board give (11.3.1), for the arbiter and a later appeal.
    tag("Rated", if setup.rated() { "Yes" } else { "No" });
    // Who confirmed the result on the device, as signing the scoresheets
    // (8.7).
    let confirmed: Vec<&str> = [(0, "White"), (1, "Black")]
        .into_iter()
        .filter(|(i, _)| game.result_confirmed()[*i])
        .map(|(_, name)| name)
        .collect();
    if !confirmed.is_empty() {
        tag("ResultConfirmed", &confirmed.join(" "));
    }
    // What waits for the arbiter while the game goes on, for the hall
    // that follows this file: the boards diverge (D.2.9), or a request or
    // claim of Guidelines III awaits the decision (III.4, III.5).
    if let Some(call) = ArbiterCall::of(game) {
        tag(ARBITER_CALL_TAG, call.tag_value());
    }
    if game.is_chess960() {
        // Guidelines II; readers need the FEN for the start (II.2).
        tag("Variant", "Chess960");
    }
    if setup.fen.is_some() || game.is_chess960() {
        tag("SetUp", "1");
        tag(
            "FEN",
            &Fen::from_position(game.start(), EnPassantMode::Legal).to_string(),
        );
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    let start = game.start();
    let mut need_number = true;
    for (i, played) in game.moves().iter().enumerate() {
        let number = MoveNumber::after(start, i);
        if number.color == Color::White || need_number {
            tokens.push(number.label());
        }
        tokens.push(played.san.clone());
        let mut comment = Vec::new();
        if let Some(clk) = played.clk {
            comment.push(format!("[%clk {}]", clock_text(clk)));
        }
        if let Some(emt) = played.emt {
            comment.push(format!("[%emt {}]", clock_text(emt)));
        }
        if played.offer {
            comment.push("(=)".to_string());
        }
        comment.extend(played.comments.iter().map(|c| clean(c)));
        need_number = !comment.is_empty();
        if !comment.is_empty() {
            tokens.push(format!("{{{}}}", comment.join(" ")));
        }
    }
    let sans: Vec<&str> = game.moves().iter().map(|p| p.san.as_str()).collect();
    let mut end = Vec::new();
    for color in [Color::White, Color::Black] {
        let score = game.score(color);
        // A score one move behind (a repetition still to come) agrees.
        let agrees = score.len() <= sans.len()
            && score
                .iter()
                .map(String::as_str)
                .eq(sans[..score.len()].iter().copied())
            && sans.len() - score.len() <= 1;
        if !agrees {
            let name = if color == Color::White {
                "White"
            } else {
                "Black"
            };
            end.push(format!("{name}'s own score: {}", clean(&score.join(" "))));
        }
    }
    if let Some(o) = game.outcome() {
        let mut why = o.termination.describe().to_string();
        // The claim's record in English, as the rest of the file.
        if game.claim_record().is_some() {
            let words = GameWords::english();
            for line in claim_lines(game, &words, &|san: &str| san.to_string()) {
                let stop = if why.ends_with('.') { "" } else { "." };
                why = format!("{why}{stop} {}", clean(&line));
            }
        }
        end.push(why);
    }
    if !end.is_empty() {
        tokens.push(format!("{{{}}}", end.join("; ")));
    }
    tokens.push(result.to_string());
    out.push_str(&wrap(&tokens, 79));
    out.push_str("\n\n");
    out
}

/// Joins tokens with spaces into lines of at most `width` characters where
/// possible, breaking long comments at spaces.
fn wrap(tokens: &[String], width: usize) -> String {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in tokens.iter().flat_map(|t| t.split(' ')) {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Instant;
    use crate::game::{Command, Press, Repetition, Setup};
    use crate::notation::VoicePack;

    #[test]
    fn moves_clocks_offers_and_result() {
        let setup = Setup {
            time: "600".into(),
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        let cmds = [
            Command::Move("f3".into()),
            Command::Move("e5".into()),
            Command::Offer,
            Command::Move("g4".into()),
            Command::Move("Qh4".into()),
        ];
        for (i, c) in cmds.iter().enumerate() {
            g.apply(c, Instant::from_secs(3 * i as u64 + 1));
        }
        let pgn = write(&g);
        assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
        assert!(pgn.contains("[TimeControl \"600\"]"), "{pgn}");
        assert!(pgn.contains("[Termination \"normal\"]"), "{pgn}");
        assert!(
            pgn.contains("1. f3 {[%clk 0:10:00] [%emt 0:00:00]} 1... e5"),
            "{pgn}"
        );
        assert!(pgn.contains("(=)"), "{pgn}");
        assert!(pgn.contains("Qh4#"), "{pgn}");
        assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");
    }

    #[test]
    fn a_differing_score_is_written_beside_the_game() {
        let setup = Setup {
            time: "600".into(),
            ..Setup::default()
        };
        let mut g = Game::new(setup, VoicePack::fide()).unwrap();
        let cmds = [
            Command::Move("e4".into()),
            Command::Press,
            Command::Repeat("e3".into()),
        ];
        for (i, c) in cmds.iter().enumerate() {
            g.apply(c, Instant::from_secs(i as u64 + 1));
        }
        let pgn = write(&g).replace('\n', " ");
        assert!(pgn.contains("Black's own score: e3"), "{pgn}");
        assert!(
            pgn.contains("Schwarz hat auf dem eigenen Brett e3 wiederholt"),
            "{pgn}"
        );
        assert!(!pgn.contains("White's own score"), "{pgn}");
    }

    #[test]
    fn a_name_with_a_newline_never_breaks_the_tag_section() {
        let setup = Setup {
            white: "A\nB\"]\n[Result \"0-1\"]".into(),
            black: "back\\slash\t\u{1b}[2J".into(),
            event: "Open\r\n".into(),
            ..Setup::default()
        };
        let g = Game::new(setup, VoicePack::fide()).unwrap();
        let pgn = write(&g);
        let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
        assert!(
            tags.iter()
                .all(|l| l.starts_with('[') && l.ends_with("\"]"))
        );
        assert!(!pgn.contains('\u{1b}') && !pgn.contains('\r'), "{pgn}");
        let read = crate::record::pgn_read::read_pgn(&pgn).unwrap().unwrap();
        assert_eq!(read.tag("White"), Some("A B\"] [Result \"0-1\"]"));
        assert_eq!(read.tag("Black"), Some("back\\slash  [2J"));
        assert_eq!(read.tag("Event"), Some("Open  "));
        assert_eq!(read.tag("Result"), Some("*"));
    }

    #[test]
    fn clock_text_is_h_mm_ss() {
        assert_eq!(clock_text(Duration::from_millis(5_399_900)), "1:29:59");
        assert_eq!(clock_text(Duration::ZERO), "0:00:00");
    }
}
