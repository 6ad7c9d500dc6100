//! Dead positions found off the path of the announcement (5.2.2), and
//! results that stand only when the move stands (D.2.8).

use std::time::SystemTime;

use super::*;
use crate::record::journal;

/// Black to move in a locked position: after b6 no capture is ever
/// possible, and neither side can mate; the solver needs seconds for it.
const LOCKED: &str = "kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1";

fn from(fen: &str, press: Press) -> Game {
    game(Setup {
        fen: Some(fen.into()),
        ..setup(Repetition::Off, press)
    })
}

fn over(g: &Game) -> Option<Termination> {
    g.outcome().map(|o| o.termination)
}

fn said(events: &[Event], kind: EventKind) -> Vec<String> {
    events
        .iter()
        .filter(|e| e.kind == kind)
        .map(|e| e.utterance.text.clone())
        .collect()
}

#[test]
fn a_locked_position_is_announced_at_once_and_ruled_by_the_answer() {
    let mut g = from(LOCKED, Press::Auto);
    let mut t = 0;
    let events = run(&mut g, &mut t, &[mv("b6")]);
    assert_eq!(said(&events, EventKind::Announced).len(), 1);
    assert_eq!(over(&g), None, "no ruling waits on the search");
    let question = g.question().unwrap();
    assert_eq!(question.ply(), 1);
    assert_eq!(
        question.fen(),
        "kb6/b1p2p1p/1pP5/1P6/8/8/5P1P/5K2 w - - 0 2"
    );
    let answer = question.search().unwrap();
    assert_eq!(
        answer,
        Command::CannotCheckmate {
            ply: 1,
            fen: question.fen().into(),
            sides: vec![Side::White, Side::Black],
        }
    );
    let events = run(&mut g, &mut t, &[answer]);
    assert_eq!(over(&g), Some(Termination::DeadPosition));
    assert_eq!(g.outcome().unwrap().result, GameResult::Draw);
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Over(_))));
    assert!(g.clock().is_paused());
    assert!(g.question().is_none(), "nothing left to ask");
}

#[test]
fn an_open_position_gets_no_ruling() {
    let mut g = game(setup(Repetition::Off, Press::Auto));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let question = g.question().unwrap();
    assert_eq!(question.search(), None, "both sides can still mate");
    // A bare king: one side proven, the game goes on, and the proof
    // serves the flag fall (6.9) without a search.
    let mut g = from("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Press::Auto);
    g.apply(&mv("e4"), Instant::from_secs(1));
    let answer = g.question().unwrap().search().unwrap();
    let Command::CannotCheckmate { sides, .. } = &answer else {
        panic!("{answer:?}");
    };
    assert_eq!(sides, &vec![Side::Black]);
    g.apply(&answer, Instant::from_secs(2));
    assert_eq!(over(&g), None);
    assert!(g.cannot_mate(Color::Black) && !g.cannot_mate(Color::White));
}

#[test]
fn an_answer_waits_on_the_press_while_the_move_can_be_corrected() {
    let mut g = from(LOCKED, Press::Separate);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("b6")]);
    let answer = g.question().unwrap().search().unwrap();
    let events = run(&mut g, &mut t, &[answer]);
    assert_eq!(over(&g), None, "the move can still be corrected (D.2.8)");
    assert_eq!(
        g.provisional_outcome().map(|o| o.termination),
        Some(Termination::DeadPosition)
    );
    let ruling = said(&events, EventKind::Ruling);
    assert!(
        ruling[0].starts_with("tote Stellung, Remis, wenn"),
        "{ruling:?}"
    );
    run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(over(&g), Some(Termination::DeadPosition));
    assert!(
        g.moves()[0].clk.is_some(),
        "the press gives the move its clock"
    );
    assert!(g.clock().is_paused(), "the press stopped the clock");
}

#[test]
fn stale_answers_change_nothing() {
    // Taken back since.
    let mut g = from(LOCKED, Press::Auto);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("b6")]);
    let answer = g.question().unwrap().search().unwrap();
    run(&mut g, &mut t, &[Command::TakeBack(0)]);
    let events = run(&mut g, &mut t, std::slice::from_ref(&answer));
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(over(&g), None);
    assert_eq!(g.moves().len(), 0);
    // Corrected since (D.2.8): the answer is about b6, the game has h6.
    let mut g = from(LOCKED, Press::Separate);
    run(&mut g, &mut t, &[mv("b6"), Command::Correct("h6".into())]);
    let events = run(&mut g, &mut t, &[answer]);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(over(&g), None);
    assert_eq!(g.provisional_outcome(), None);
    assert_eq!(g.moves()[0].san, "h6");
}

#[test]
fn a_dead_position_ended_the_game_where_it_arose() {
    let mut g = from(LOCKED, Press::Auto);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("b6")]);
    let answer = g.question().unwrap().search().unwrap();
    // The players move on while the search runs.
    run(&mut g, &mut t, &[mv("Kg2"), mv("h6")]);
    assert_eq!(g.moves().len(), 3);
    let events = run(&mut g, &mut t, &[answer]);
    assert_eq!(over(&g), Some(Termination::DeadPosition));
    assert_eq!(g.moves().len(), 1, "the later moves do not count (5.2.2)");
    assert_eq!(g.score(Color::White), ["b6"]);
    assert_eq!(g.score(Color::Black), ["b6"]);
    assert!(
        g.moves()[0].comments.iter().any(|c| c.contains("Kg2 h6")),
        "{:?}",
        g.moves()[0].comments
    );
    let ruling = said(&events, EventKind::Ruling);
    assert!(
        ruling[0].contains("2 Halbzüge danach zählen nicht"),
        "{ruling:?}"
    );
    assert_eq!(g.position().fullmoves().get(), 2);
}

#[test]
fn replaying_the_journal_rules_the_same_without_a_search() {
    let setup = Setup {
        fen: Some(LOCKED.into()),
        ..setup(Repetition::Off, Press::Auto)
    };
    let mut g = game(setup.clone());
    let wall = SystemTime::UNIX_EPOCH;
    let mut lines = vec![journal::header_line(&setup, wall)];
    let mut enter = |g: &mut Game, command: Command, at: u64| {
        let at = Instant::from_secs(at);
        lines.push(journal::entry_line(
            at,
            &command,
            g.reads_as(&command),
            wall,
            None,
        ));
        g.apply(&command, at);
    };
    enter(&mut g, mv("b6"), 1);
    let answer = g.question().unwrap().search().unwrap();
    enter(&mut g, mv("Kg2"), 2);
    enter(&mut g, answer, 3);
    let text = lines.join("\n") + "\n";
    let path = std::path::Path::new("replay.jsonl");
    let loaded = journal::read(text.as_bytes(), path).unwrap();
    let replayed = journal::replay_with(path, &loaded, VoicePack::fide()).unwrap();
    assert_eq!(replayed.outcome(), g.outcome());
    assert_eq!(over(&replayed), Some(Termination::DeadPosition));
    let sans = |g: &Game| g.moves().iter().map(|p| p.san.clone()).collect::<Vec<_>>();
    assert_eq!(sans(&replayed), sans(&g));
    assert_eq!(replayed.moves()[0].clk, g.moves()[0].clk);
}

#[test]
fn checkmate_stands_only_when_the_move_stands() {
    let mut g = game(setup(Repetition::Off, Press::Separate));
    let mut t = 0;
    let fools = [mv("f3"), Command::Press, mv("e5"), Command::Press];
    run(&mut g, &mut t, &fools);
    run(&mut g, &mut t, &[mv("g4"), Command::Press]);
    let events = run(&mut g, &mut t, &[mv("Qh4")]);
    let announced = said(&events, EventKind::Announced);
    assert!(announced[0].contains("Schachmatt"), "{announced:?}");
    let ruling = said(&events, EventKind::Ruling);
    assert!(
        ruling[0].starts_with("schachmatt, Schwarz gewinnt, wenn der Zug"),
        "{ruling:?}"
    );
    assert_eq!(
        over(&g),
        None,
        "a slip of the tongue can still be corrected"
    );
    assert_eq!(g.to_move(), Color::Black);
    // Corrected: no mate, the game goes on.
    run(&mut g, &mut t, &[Command::Correct("Qe7".into())]);
    assert_eq!(g.provisional_outcome(), None);
    assert_eq!(over(&g), None);
    run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(g.to_move(), Color::White);
    assert!(!g.clock().is_paused());
    // The mate announced again and pressed: the press ends the game and
    // stops the clock, and the move has its clock reading.
    run(&mut g, &mut t, &[mv("a3"), Command::Press, mv("Qh4")]);
    assert_eq!(over(&g), None);
    let events = run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(over(&g), Some(Termination::Checkmate));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e.kind, EventKind::ClockSwitched(_))),
        "{events:?}"
    );
    assert!(g.clock().is_paused());
    assert!(g.moves().last().unwrap().clk.is_some());
    assert_eq!(g.score(Color::White).len(), g.moves().len());
}

#[test]
fn an_under_promotion_to_a_dead_position_can_be_corrected() {
    // White promotes with a bare king opposite: a knight leaves a dead
    // position (5.2.2), a queen does not.
    let mut g = from("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Press::Separate);
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e8=N")]);
    assert_eq!(over(&g), None);
    assert_eq!(
        g.provisional_outcome().map(|o| o.termination),
        Some(Termination::DeadPosition)
    );
    assert!(g.question().is_none(), "nothing to search while it waits");
    run(&mut g, &mut t, &[Command::Correct("e8=Q".into())]);
    assert_eq!(g.provisional_outcome(), None);
    run(&mut g, &mut t, &[Command::Press]);
    assert_eq!(over(&g), None);
    assert_eq!(g.moves()[0].san, "e8=Q");
    // With the press automatic the result stands at once.
    let mut g = from("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Press::Auto);
    run(&mut g, &mut t, &[mv("e8=B")]);
    assert_eq!(over(&g), Some(Termination::DeadPosition));
    assert!(g.moves()[0].clk.is_some());
}
