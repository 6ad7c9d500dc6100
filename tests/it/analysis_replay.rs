//! Going through a game: forward, back, start, end, to a move, in and out
//! of variations; what each step says; the analysis words of every pack.

use std::path::Path;

use shakmaty::{Chess, Color, Position, san::San};
use zweibrett_core::analysis::replay::{Replay, Step};
use zweibrett_core::analysis::words::{AnalysisWords, EachMove};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_index::GameIndex;

fn game(number: usize) -> Game {
    let index = GameIndex::build(Path::new("tests/data/club.pgn")).unwrap();
    let entry = index.get(number).unwrap();
    Game::parse(&index.read_text(entry).unwrap(), entry.line).unwrap()
}

fn after(sans: &[&str]) -> Chess {
    let mut pos = Chess::default();
    for san in sans {
        let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

#[test]
fn forward_back_start_end_and_go_to() {
    let mut replay = Replay::new(game(2));
    assert_eq!(replay.back(), Step::AtStart);
    assert!(matches!(replay.forward(), Step::Moved(p) if p.number == 1 && p.color == Color::White));
    replay.forward();
    replay.forward();
    assert_eq!(replay.position(), after(&["e4", "e5", "Nf3"]));
    assert!(matches!(replay.back(), Step::Back(Some(p)) if p.color == Color::Black));
    assert_eq!(replay.position(), after(&["e4", "e5"]));
    assert!(
        matches!(replay.go_to(4, Color::Black), Step::Moved(p) if p.number == 4 && p.color == Color::Black)
    );
    assert_eq!(
        replay.position(),
        after(&["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"])
    );
    assert_eq!(replay.go_to(13, Color::White), Step::NoSuchMove(13));
    assert!(matches!(replay.end(), Step::Moved(p) if p.number == 12 && p.nags == [10]));
    assert_eq!(
        replay.forward(),
        Step::EndOfLine(Some("1/2-1/2".to_string()))
    );
    assert!(matches!(
        replay.start(),
        Step::Start(start) if start.intro.as_deref() == Some("A quiet Italian.")
            && start.alternatives.is_empty()
    ));
    assert_eq!(replay.position(), Chess::default());
}

#[test]
fn variations_are_entered_and_left() {
    let mut replay = Replay::new(game(2));
    replay.go_to(2, Color::White);
    assert_eq!(
        replay.alternatives().len(),
        1,
        "2... d6 instead of 2... Nc6"
    );
    assert_eq!(replay.leave(), Step::NotInVariation);
    let Step::Entered(1, played) = replay.enter(1) else {
        panic!("no variation entered")
    };
    assert_eq!(played.comment.as_deref(), Some("Philidor"));
    assert_eq!(replay.depth(), 1);
    assert_eq!(replay.position(), after(&["e4", "e5", "Nf3", "d6"]));
    replay.forward();
    assert!(matches!(replay.enter(2), Step::NoVariation));
    assert!(
        matches!(replay.enter(1), Step::Entered(1, _)),
        "3... Nd7 instead of exd4"
    );
    assert_eq!(replay.depth(), 2);
    assert_eq!(
        replay.position(),
        after(&["e4", "e5", "Nf3", "d6", "d4", "Nd7"])
    );
    assert_eq!(replay.forward(), Step::EndOfLine(None));
    assert!(
        matches!(replay.leave(), Step::Left(Some(p)) if p.number == 3 && p.color == Color::White)
    );
    assert_eq!(replay.position(), after(&["e4", "e5", "Nf3", "d6", "d4"]));
    assert!(matches!(replay.back(), Step::Back(Some(p)) if p.color == Color::Black));
    assert!(
        matches!(replay.back(), Step::Left(Some(p)) if p.color == Color::White),
        "back from the variation's first move leaves it, at Nf3"
    );
    assert_eq!(replay.depth(), 0);
    assert_eq!(replay.position(), after(&["e4", "e5", "Nf3"]));
    assert!(matches!(replay.forward(), Step::Moved(p) if p.m.to().to_string() == "c6"));
}

#[test]
fn each_move_is_said_with_its_clock_glyph_and_comment() {
    let words = AnalysisWords::builtin("fide");
    let clock = EachMove {
        clock: true,
        eval: false,
    };
    let mut replay = Replay::new(game(1));
    let first = replay.forward();
    assert_eq!(
        words.step(&first),
        "eins, Weiß: Eva vier. Bewertung in der Partie: Weiß steht etwas besser",
        "the clock only on request unless asked for with every move"
    );
    assert_eq!(
        words.step_with(&first, clock),
        "eins, Weiß: Eva vier. Uhr drei Minuten. verbrauchte Zeit null Sekunden"
    );
    replay.go_to(5, Color::Black);
    assert_eq!(
        words.step_with(&replay.last().map(Step::Moved).unwrap(), clock),
        "fünf, Schwarz: Springer schlägt David fünf. zweifelhafter Zug. Uhr zwei Minuten vierzig Sekunden. verbrauchte Zeit fünf Sekunden"
    );
    replay.end();
    assert_eq!(
        words.step(&replay.forward()),
        "Ende der Partie, Weiß gewinnt"
    );
    let mut replay = Replay::new(game(2));
    replay.go_to(2, Color::White);
    assert_eq!(
        words.step(&replay.last().map(Step::Moved).unwrap()),
        "zwei, Weiß: Springer Felix drei. Variante: zwei, Schwarz: David sechs"
    );
    let en = AnalysisWords::builtin("en");
    assert_eq!(
        en.step(&replay.enter(1)),
        "variation one: two, Black: David six. comment: Philidor"
    );
}

#[test]
fn every_pack_has_its_analysis_words() {
    for id in ["fide", "pt", "es", "en"] {
        let words = AnalysisWords::from_pack(&VoicePack::builtin(id)).unwrap();
        assert!(words.nag(4).is_some(), "{id}");
    }
}

#[test]
fn a_broken_analysis_table_names_its_key() {
    let text = std::fs::read_to_string("voices/fide.toml").unwrap();
    let cases = [
        (
            text.replace("turn = \"{side} am Zug", "turn = \"{seite} am Zug"),
            "analysis.turn",
            "unknown placeholder {seite}",
        ),
        (
            text.replace("[analysis.nags]\n", "[analysis.nags]\nzwei = \"x\"\n"),
            "analysis.nags.zwei",
            "a glyph number",
        ),
        (
            text.replace("[analysis]\n", "[analysis]\nshout = \"x\"\n"),
            "analysis.shout",
            "unknown key",
        ),
    ];
    for (broken, key, problem) in cases {
        // The sentences are checked when the pack loads, with the line.
        let e = VoicePack::from_toml(&broken, "voices/fide.toml").unwrap_err();
        let zweibrett_core::notation::pack::PackError::Invalid {
            file,
            key: found,
            problem: why,
            ..
        } = &e
        else {
            panic!("{e}");
        };
        assert_eq!(file, "voices/fide.toml");
        assert_eq!(found, key);
        assert!(why.contains(problem), "{e}");
    }
    // A sentence the pack lacks is said in English, and listed.
    let lacking = text.replace("no_last = \"Noch kein Zug gespielt\"\n", "");
    let pack = VoicePack::from_toml(&lacking, "voices/fide.toml").unwrap();
    assert_eq!(pack.missing_sentences(), ["analysis.no_last"]);
}

#[test]
fn every_word_of_the_fide_analysis_sentences_has_a_clip() {
    use zweibrett::speech::clips::{ClipVoice, words};
    let voice = ClipVoice::embedded("fide").expect("the fide clips are embedded");
    let analysis = AnalysisWords::builtin("fide");
    let mut missing = Vec::new();
    for sentence in analysis.all_sentences() {
        let plain: String = sentence
            .split('{')
            .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
            .collect::<Vec<_>>()
            .join(" ");
        missing.extend(words(&plain).filter(|w| !voice.has(w)).map(String::from));
    }
    assert!(missing.is_empty(), "no clip for {missing:?}");
}
