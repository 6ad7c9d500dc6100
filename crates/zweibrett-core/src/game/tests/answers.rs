//! Answers to the program's own questions (D.2.1): the next line may name
//! the choice asked about, by its square, its place or its piece, and the
//! command that asked goes on with the one move it picks.

use shakmaty::{Move, Role, Square};

use super::*;

/// After 1.Nf3 d5 2.d3 e5 both knights reach d2.
fn two_knights(pack: VoicePack) -> (Game, u64) {
    let setup = setup(Repetition::Off, Press::Auto);
    let mut g = Game::new(setup, pack).unwrap();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("Nf3"), mv("d5"), mv("d3"), mv("e5")]);
    (g, t)
}

fn last_from(g: &Game) -> Option<Square> {
    g.moves().last().and_then(|p| p.mv.from())
}

#[test]
fn each_german_answer_picks_its_knight() {
    for (answer, from) in [
        ("Bella eins", Square::B1),
        ("von Bella eins", Square::B1),
        ("b1", Square::B1),
        ("der erste", Square::B1),
        ("erste", Square::B1),
        ("1", Square::B1),
        ("2", Square::F3),
        ("die zweite", Square::F3),
        ("von Felix drei", Square::F3),
        ("Springer Felix drei", Square::F3),
    ] {
        let (mut g, mut t) = two_knights(VoicePack::fide());
        let asked = run(&mut g, &mut t, &[mv("Springer David zwei")]);
        assert_eq!(
            asked[0].utterance.text,
            "Welcher Springer: von Bella eins oder von Felix drei?"
        );
        assert_eq!(g.moves().len(), 4, "a question changes nothing");
        let said = run(&mut g, &mut t, &[mv(answer)]);
        assert_eq!(last_from(&g), Some(from), "{answer}: {said:?}");
        assert_eq!(g.moves().len(), 5, "{answer}");
        assert!(said.iter().any(|e| e.kind == EventKind::Announced));
    }
}

#[test]
fn each_english_answer_picks_its_knight() {
    for (answer, from) in [
        ("Bella one", Square::B1),
        ("from Bella one", Square::B1),
        ("the first", Square::B1),
        ("first", Square::B1),
        ("the second", Square::F3),
        ("f3", Square::F3),
        ("2", Square::F3),
    ] {
        let (mut g, mut t) = two_knights(VoicePack::builtin("en"));
        let asked = run(&mut g, &mut t, &[mv("Knight David two")]);
        assert_eq!(
            asked[0].utterance.text,
            "Which Knight: from Bella one or from Felix three?"
        );
        run(&mut g, &mut t, &[mv(answer)]);
        assert_eq!(last_from(&g), Some(from), "{answer}");
    }
}

#[test]
fn portuguese_and_spanish_ordinals_answer_too() {
    for answer in ["o primeiro", "el primero", "primera"] {
        let (mut g, mut t) = two_knights(VoicePack::fide());
        run(&mut g, &mut t, &[mv("Nd2"), mv(answer)]);
        assert_eq!(last_from(&g), Some(Square::B1), "{answer}");
    }
}

#[test]
fn an_answer_that_picks_none_is_refused_and_the_question_stands() {
    let (mut g, mut t) = two_knights(VoicePack::fide());
    run(&mut g, &mut t, &[mv("Springer David zwei")]);
    for wrong in ["Cesar eins", "3", "der dritte", "Dame"] {
        let said = run(&mut g, &mut t, &[mv(wrong)]);
        assert_eq!(said.len(), 1, "{wrong}: {said:?}");
        assert_eq!(
            said[0].utterance.text,
            format!(
                "Keine der Möglichkeiten: {wrong}. Welcher Springer: von Bella eins oder von Felix drei?"
            )
        );
        assert_eq!(g.moves().len(), 4, "{wrong} changes nothing");
    }
    // Both knights are knights: "Springer" alone picks several.
    let said = run(&mut g, &mut t, &[mv("Springer")]);
    assert!(
        said[0]
            .utterance
            .text
            .starts_with("Mehr als eine Möglichkeit passt zu: Springer. Welcher Springer"),
        "{said:?}"
    );
    // The question still stands: the first knight.
    run(&mut g, &mut t, &[mv("der erste")]);
    assert_eq!(last_from(&g), Some(Square::B1));
}

#[test]
fn a_new_move_replaces_the_question_and_a_command_ends_it() {
    let (mut g, mut t) = two_knights(VoicePack::fide());
    run(
        &mut g,
        &mut t,
        &[mv("Springer David zwei"), mv("Springer Cesar drei")],
    );
    assert_eq!(g.moves().last().unwrap().san, "Nc3");
    let (mut g, mut t) = two_knights(VoicePack::fide());
    run(&mut g, &mut t, &[mv("Nd2"), mv("a3")]);
    assert_eq!(
        g.moves().last().unwrap().san,
        "a3",
        "a square that is a move"
    );
    let (mut g, mut t) = two_knights(VoicePack::fide());
    run(&mut g, &mut t, &[mv("Nd2"), Command::Time, mv("1")]);
    assert_eq!(last_from(&g), Some(Square::B1), "asking the time keeps it");
    let (mut g, mut t) = two_knights(VoicePack::fide());
    let said = run(&mut g, &mut t, &[mv("Nd2"), Command::Offer, mv("1")]);
    assert_eq!(g.moves().len(), 4, "an offer ends the question: {said:?}");
}

#[test]
fn the_promotion_question_is_answered_by_the_piece() {
    for (answer, role) in [
        ("Dame", Role::Queen),
        ("queen", Role::Queen),
        ("D", Role::Queen),
        ("Q", Role::Queen),
        ("Springer", Role::Knight),
        ("der erste", Role::Knight),
        ("4", Role::Queen),
    ] {
        let mut g = game(Setup {
            fen: Some("8/1P5k/8/8/8/8/8/4K3 w - - 0 1".into()),
            ..setup(Repetition::Off, Press::Auto)
        });
        let mut t = 0;
        let asked = run(&mut g, &mut t, &[mv("b8")]);
        assert!(
            asked
                .last()
                .unwrap()
                .utterance
                .text
                .starts_with("Umwandlung in welche Figur"),
            "{asked:?}"
        );
        run(&mut g, &mut t, &[mv(answer)]);
        assert_eq!(
            g.moves().last().and_then(|p| p.mv.promotion()),
            Some(role),
            "{answer}"
        );
    }
}

#[test]
fn the_chess960_castling_question_is_answered_by_place_or_square() {
    let fen = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";
    let castle = Move::Castle {
        king: Square::D1,
        rook: Square::B1,
    };
    for (answer, castles) in [
        ("1", true),
        ("der erste", true),
        ("2", false),
        ("Cesar eins", false),
    ] {
        let mut g = game(Setup {
            fen: Some(fen.into()),
            ..setup(Repetition::Off, Press::Auto)
        });
        let mut t = 0;
        let asked = run(&mut g, &mut t, &[mv("Kc1")]);
        assert_eq!(
            asked.last().unwrap().utterance.text,
            "Welcher Zug: Lange Rochade oder König David eins Cesar eins?"
        );
        let said = run(&mut g, &mut t, &[mv(answer)]);
        assert_eq!(g.moves().len(), 1, "{answer}: {said:?}");
        assert_eq!(g.moves()[0].mv == castle, castles, "{answer}");
        assert_eq!(g.moves().len(), 1, "{answer}");
    }
}

#[test]
fn a_correction_and_a_repetition_go_on_with_the_answer() {
    let mut g = game(setup(Repetition::Strict, Press::Separate));
    let mut t = 0;
    run(
        &mut g,
        &mut t,
        &[
            mv("Nf3"),
            Command::Press,
            rep("Nf3"),
            mv("d5"),
            Command::Press,
            rep("d5"),
            mv("d3"),
            Command::Press,
            rep("d3"),
            mv("e5"),
            Command::Press,
            rep("e5"),
            mv("a3"),
        ],
    );
    run(&mut g, &mut t, &[Command::Correct("Nd2".into()), mv("2")]);
    assert_eq!(g.moves().last().unwrap().san, "Nfd2");
    assert!(matches!(g.step(), Step::Announced(_)), "still a correction");
    run(&mut g, &mut t, &[Command::Press, rep("Nd2")]);
    assert!(matches!(g.step(), Step::Repeat(_)), "the repetition asks");
    run(&mut g, &mut t, &[mv("Felix drei")]);
    assert!(!g.diverging());
    assert_eq!(g.step(), &Step::Enter);
}

#[test]
fn an_answer_reads_as_the_move_it_picks() {
    let (mut g, mut t) = two_knights(VoicePack::fide());
    assert_eq!(g.reads_as(&mv("1")), None, "no question yet");
    run(&mut g, &mut t, &[mv("Nd2")]);
    assert_eq!(g.reads_as(&mv("der erste")).as_deref(), Some("b1d2"));
    assert_eq!(g.reads_as(&mv("Felix drei")).as_deref(), Some("f3d2"));
    assert_eq!(g.reads_as(&mv("3")), None);
}

#[test]
fn a_sealed_move_and_a_claims_intended_move_go_on_with_the_answer() {
    let (mut g, mut t) = two_knights(VoicePack::fide());
    run(
        &mut g,
        &mut t,
        &[Command::Seal("Nd2".into()), mv("von Felix drei")],
    );
    assert!(
        g.has_sealed_move(),
        "sealed after the answer (Guidelines I.1)"
    );
    run(&mut g, &mut t, &[Command::Unseal]);
    assert_eq!(g.moves().last().unwrap().san, "Nfd2");

    let (mut g, mut t) = two_knights(VoicePack::fide());
    let claim = Command::Claim {
        kind: ClaimKind::FiftyMoves,
        intended: Some("Nd2".into()),
    };
    let asked = run(&mut g, &mut t, &[claim]);
    assert_eq!(asked.len(), 1, "only the question: {asked:?}");
    // The wrong claim makes its intended move, the one answered (9.5.3).
    run(&mut g, &mut t, &[mv("der erste")]);
    assert_eq!(g.moves().last().unwrap().san, "Nbd2");
}

#[test]
fn the_english_chess960_question_is_answered_by_place_or_by_the_move() {
    let fen = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";
    for (answer, castles) in [
        ("the first", true),
        ("1st", true),
        ("castles long", true),
        ("the second", false),
        ("King Cesar one", false),
    ] {
        let setup = Setup {
            fen: Some(fen.into()),
            ..setup(Repetition::Off, Press::Auto)
        };
        let mut g = Game::new(setup, VoicePack::builtin("en")).unwrap();
        let mut t = 0;
        let asked = run(&mut g, &mut t, &[mv("Kc1")]);
        assert_eq!(
            asked.last().unwrap().utterance.text,
            "Which move: castles long or King David one Cesar one?"
        );
        run(&mut g, &mut t, &[mv(answer)]);
        assert_eq!(g.moves().len(), 1, "{answer}");
        assert_eq!(g.moves()[0].mv.is_castle(), castles, "{answer}");
    }
}

#[test]
fn a_sealed_move_asked_about_and_answered_whole_stays_sealed() {
    // Guidelines I.1.1, I.7: the sealed move is secret until the envelope
    // is opened; answering the question with the whole move, or with
    // another move, completes the seal and plays nothing.
    for answer in ["Nfd2", "Nf3d2", "a3"] {
        let (mut g, mut t) = two_knights(VoicePack::fide());
        let before = g.moves().len();
        run(&mut g, &mut t, &[Command::Seal("Nd2".into())]);
        let events = run(&mut g, &mut t, &[mv(answer)]);
        assert!(
            !events.iter().any(|e| e.kind == EventKind::Announced),
            "{answer}: {events:?}"
        );
        assert!(g.has_sealed_move(), "{answer}");
        assert_eq!(g.moves().len(), before, "{answer}: nothing played");
        assert_eq!(g.step(), &Step::Adjourned, "{answer}");
    }
}
