//! The line reader against every command of the table.

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
    // The braille score by the braille command's word too.
    assert_eq!(parse_line(&lex(), "save braille"), Line::SaveBrf(None));
    assert!(matches!(
        parse_line(&lex(), "save print"),
        Line::Wrong(LineError::NotA {
            command: "save",
            ..
        })
    ));
    assert_eq!(parse_line(&lex(), ""), Line::Nothing);
    assert_eq!(parse_line(&lex(), "quit"), Line::Quit);
}

/// An argument of each kind that its commands read.
fn sample(what: Wanted) -> &'static str {
    match what {
        Wanted::Move | Wanted::Square => "e4",
        Wanted::Claim => "threefold",
        Wanted::Ruling => "uphold",
        Wanted::Position => "kings",
        Wanted::Side => "white",
        Wanted::SideSeconds => "white 30",
        Wanted::HalfMoves => "3",
        Wanted::SideTime => "white 1:00",
        Wanted::Time => "1:00",
        Wanted::SideMoves => "white 20",
        Wanted::Moves => "20",
        Wanted::Control => "40/5400",
        Wanted::Both => "both",
        Wanted::Increment => "agree",
        Wanted::Quickplay => "draw",
        Wanted::SideBoard => "white Ke1",
        Wanted::Board => "Ke1",
        Wanted::Whose => "mine",
        Wanted::SaveFormat => "pgn",
        Wanted::ScorePieces => "pack",
        Wanted::Rank => "4",
        Wanted::File => "e",
        Wanted::Diagonal => "a1 h8",
        Wanted::Note => "e2",
        Wanted::Resumption => "30 November, 10:00, hall B",
        Wanted::SideForfeit => "white 6.7.1",
    }
}

#[test]
fn every_word_of_the_table_reads_as_its_command_never_as_a_move() {
    use crate::notation::pack::GAME_COMMANDS;
    for c in GAME_COMMANDS {
        for word in std::iter::once(c.word).chain(c.also.iter().copied()) {
            let bare = parse_line(&lex(), word);
            match c.argument {
                Argument::Takes(what) => assert_eq!(
                    bare,
                    Line::Wrong(LineError::Needs {
                        command: c.word,
                        what
                    })
                ),
                _ => assert!(
                    !matches!(bare, Line::Wrong(_) | Line::Game(Command::Move(_))),
                    "{word}: {bare:?}"
                ),
            }
            if let Some(what) = c.argument.wanted() {
                let line = format!("{word} {}", sample(what));
                let read = parse_line(&lex(), &line);
                assert!(
                    !matches!(read, Line::Wrong(_) | Line::Game(Command::Move(_))),
                    "{line}: {read:?}"
                );
            }
        }
    }
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
