//! A game from a position (PGN SetUp/FEN): the side to move's clock first
//! (6.6), a position already decided (5.1.1, 5.2.1, 5.2.2), and Chess960
//! (Guidelines II): X-FEN and Shredder-FEN, the ways castling is typed,
//! and its announcement with where king and rook end up.

use shakmaty::{CastlingMode, Color, Move, Position, Square};

use super::*;
use crate::notation::MoveNumber;
use crate::record::pgn_write;

/// King d1 between rooks b1 and g1, Black the same: both castlings are
/// possible at once (II.3.2.7, note 3).
const READY_960: &str = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";

fn from_fen(fen: &str) -> Game {
    game(Setup {
        fen: Some(fen.into()),
        ..setup(Repetition::Quick, Press::Separate)
    })
}

fn castle(king: Square, rook: Square) -> Move {
    Move::Castle { king, rook }
}

#[test]
fn black_to_move_starts_blacks_clock_and_numbers_from_the_fen() {
    let mut g = from_fen("4k3/8/8/8/8/8/3P4/4K3 b - - 0 30");
    assert_eq!(g.clock().first_to_move(), Color::Black);
    let said = g.opening();
    assert_eq!(said.len(), 2, "the time control and the start");
    assert_eq!(said[0].kind, EventKind::Clock);
    assert_eq!(said[1].kind, EventKind::Begins);
    assert_eq!(said[1].utterance.text, "Partie beginnt. Schwarz am Zug.");
    assert!(
        said[0].utterance.text.starts_with("Bedenkzeit: "),
        "{}",
        said[0].utterance.text
    );
    let mut t = 0;
    let events = run(&mut g, &mut t, &[mv("Ke7")]);
    assert_eq!(events[0].kind, EventKind::ClockSwitched(Color::Black));
    // Whose turn it is is said by the prompt that follows.
    assert_eq!(events[0].utterance.text, "Uhr läuft");
    assert_eq!(g.clock().to_move(), Color::Black, "Black's clock runs");
    let now = Instant::from_secs(4);
    assert_eq!(g.clock().used(Color::Black, now), Duration::from_secs(3));
    assert_eq!(g.clock().used(Color::White, now), Duration::ZERO);
    run(&mut g, &mut t, &[Command::Press, Command::Confirm]);
    assert_eq!(g.clock().to_move(), Color::White);
    // Counted from the FEN's move number: Black's 30th move (6.3.1).
    assert_eq!(g.clock().moves(Color::Black), 30);
    assert_eq!(MoveNumber::after(g.start(), 0).label(), "30...");
    let pgn = pgn_write::write(&g);
    assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3P4/4K3 b - - 0 30\"]"));
    assert!(pgn.contains("\n30... Ke7 {"), "{pgn}");
    assert!(!pgn.contains("Variant"));
    // Again names the move by the FEN's number.
    let again = g.apply(&Command::Again(None), Instant::from_secs(10));
    assert_eq!(again[0].utterance.text, "Zug 30, Schwarz: König Eva sieben");
}

#[test]
fn the_clock_history_of_a_game_begun_by_black_restores_by_ply() {
    let mut g = from_fen("4k3/8/8/8/8/8/3P4/4K3 b - - 0 30");
    let mut t = 0;
    run(
        &mut g,
        &mut t,
        &[mv("Ke7"), Command::Press, Command::Confirm, mv("d4")],
    );
    run(&mut g, &mut t, &[Command::Press, Command::Confirm]);
    assert_eq!(g.clock().history()[0].to_move, Color::Black);
    assert_eq!(g.clock().history()[1].to_move, Color::White);
    run(&mut g, &mut t, &[Command::TakeBack(1)]);
    assert_eq!(g.position().turn(), Color::White);
    assert_eq!(g.clock().to_move(), Color::White);
    assert_eq!(g.clock().moves(Color::Black), 30);
    assert_eq!(g.clock().moves(Color::White), 30);
    // The first to move completes the first half-move of a pair.
    let mut clock = g.clock().clone();
    clock
        .restore_after_move(1, Color::Black, Instant::from_secs(20))
        .unwrap();
    assert_eq!(clock.to_move(), Color::White);
}

#[test]
fn a_position_already_decided_ends_the_game_when_it_opens() {
    let cases = [
        (
            "7k/6Q1/6K1/8/8/8/8/8 b - - 0 40",
            "1-0",
            Termination::Checkmate,
        ),
        (
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 40",
            "1/2-1/2",
            Termination::Stalemate,
        ),
        (
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            "1/2-1/2",
            Termination::DeadPosition,
        ),
    ];
    for (fen, result, termination) in cases {
        let mut g = from_fen(fen);
        let outcome = g.outcome().expect(fen);
        assert_eq!(
            (outcome.result.pgn(), outcome.termination),
            (result, termination)
        );
        let said = g.opening();
        assert_eq!(said.len(), 2, "{fen}");
        assert_eq!(said[0].kind, EventKind::Clock, "the time control first");
        assert_eq!(said[1].kind, EventKind::Over(outcome));
        assert!(
            said[1].utterance.text.starts_with("Partie beendet"),
            "{}",
            said[1].utterance.text
        );
        assert!(g.opening().is_empty(), "said once");
        let refused = g.apply(&mv("Kh7"), Instant::from_secs(1));
        assert_eq!(refused[0].kind, EventKind::Answer);
        assert!(!g.clock().is_started());
        let pgn = pgn_write::write(&g);
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        assert!(pgn.contains("[Termination"), "{pgn}");
    }
}

#[test]
fn x_fen_and_shredder_fen_make_the_same_chess960_game() {
    let x = from_fen(READY_960);
    let shredder = from_fen("1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1");
    assert!(x.is_chess960(), "castling rights only Chess960 can have");
    assert!(shredder.is_chess960());
    assert_eq!(x.start(), shredder.start());
    // The usual position under --chess960 is a Chess960 game too (II.2).
    let set = game(Setup {
        chess960: true,
        ..setup(Repetition::Quick, Press::Separate)
    });
    assert_eq!(set.start().castles().mode(), CastlingMode::Chess960);
    assert!(!game(setup(Repetition::Quick, Press::Separate)).is_chess960());
}

#[test]
fn chess960_castling_typed_in_the_physical_ways_and_announced_with_its_squares() {
    let mut g = from_fen(READY_960);
    let mut t = 0;
    // The king to c1 is also an ordinary king move: the program asks.
    let asked = run(&mut g, &mut t, &[mv("Kc1")]);
    assert_eq!(
        asked[0].utterance.text,
        "Welcher Zug: Lange Rochade oder König David eins Cesar eins?"
    );
    // So is the rook to f1.
    let asked = run(&mut g, &mut t, &[mv("Rf1")]);
    assert!(asked[0].utterance.text.contains("Kurze Rochade oder Turm"));
    assert!(g.moves().is_empty(), "a question changes nothing");
    // The king to its castled square g1 is only castling.
    let said = run(&mut g, &mut t, &[mv("Kg1")]);
    assert_eq!(g.moves()[0].mv, castle(Square::D1, Square::G1));
    assert_eq!(
        said.last().unwrap().utterance.text,
        "Kurze Rochade, König nach Gustav eins, Turm nach Felix eins"
    );
    assert_eq!(g.moves()[0].san, "O-O");
    run(&mut g, &mut t, &[Command::Press, Command::Confirm]);
    // The rook to d8 is only castling: the king stands in its way.
    run(&mut g, &mut t, &[mv("Rd8")]);
    assert_eq!(g.moves()[1].mv, castle(Square::D8, Square::B8));
    let again = run(&mut g, &mut t, &[Command::Again(Some(Side::Black))]);
    assert_eq!(
        again[0].utterance.text,
        "Zug 1, Schwarz: Lange Rochade, König nach Cesar acht, Turm nach David acht"
    );
    let pgn = pgn_write::write(&g);
    assert!(
        pgn.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \""),
        "{pgn}"
    );
    assert!(pgn.contains("1. O-O {"), "{pgn}");
}

#[test]
fn chess960_castling_onto_its_rook_or_named_reads_as_castling() {
    for text in ["d1g1", "Kxg1", "O-O", "Kurze Rochade"] {
        let g = from_fen(READY_960);
        assert_eq!(
            g.reads_as(&mv(text)).as_deref(),
            Some("d1g1"),
            "{text}: the king onto its rook, as UCI writes Chess960"
        );
    }
    for text in ["d1b1", "O-O-O", "Lange Rochade"] {
        let g = from_fen(READY_960);
        assert_eq!(g.reads_as(&mv(text)).as_deref(), Some("d1b1"), "{text}");
    }
}

#[test]
fn in_standard_chess_a_rook_move_stays_a_rook_move() {
    let mut g = from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!g.is_chess960());
    assert_eq!(g.reads_as(&mv("Tf1")).as_deref(), Some("h1f1"));
    assert_eq!(g.reads_as(&mv("O-O")).as_deref(), Some("e1g1"));
    let said = run(&mut g, &mut 0, &[mv("O-O")]);
    assert_eq!(said.last().unwrap().utterance.text, "Kurze Rochade");
}

#[test]
fn the_first_press_with_black_to_move_starts_blacks_clock() {
    let mut g = from_fen("4k3/8/8/8/8/8/3P4/4K3 b - - 0 30");
    let events = run(&mut g, &mut 0, &[Command::Press]);
    assert_eq!(events[0].kind, EventKind::ClockSwitched(Color::Black));
    assert_eq!(g.clock().to_move(), Color::Black);
    let now = Instant::from_secs(3);
    assert_eq!(g.clock().used(Color::Black, now), Duration::from_secs(2));
    assert_eq!(g.clock().used(Color::White, now), Duration::ZERO);
    let time = g.apply(&Command::Time, now);
    assert!(
        time[0].utterance.text.contains("Schwarz: neun"),
        "{}",
        time[0].utterance.text
    );
}
