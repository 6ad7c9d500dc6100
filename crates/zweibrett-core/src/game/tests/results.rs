//! Results, claims and penalties through the protocol.

use std::time::Duration;

use shakmaty::Color;

use super::*;

fn auto() -> Game {
    game(setup(Repetition::Off, Press::Auto))
}

fn over(g: &Game) -> Option<(GameResult, Termination)> {
    g.outcome().map(|o| (o.result, o.termination))
}

const KNIGHT_DANCE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[test]
fn checkmate_ends_the_game_at_once() {
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("f3"), mv("e5"), mv("g4"), mv("Qh4")]);
    assert_eq!(
        over(&g),
        Some((GameResult::BlackWins, Termination::Checkmate))
    );
    assert!(g.moves()[3].clk.is_some());
    let events = run(&mut g, &mut t, &[mv("a3")]);
    assert_eq!(events.len(), 1);
    assert_eq!(g.score(Color::White).len(), 4, "both scores complete");
}

#[test]
fn fivefold_repetition_draws_automatically() {
    let mut g = auto();
    let mut t = 0;
    for _ in 0..3 {
        let cs: Vec<Command> = KNIGHT_DANCE.iter().map(|m| mv(m)).collect();
        run(&mut g, &mut t, &cs);
    }
    assert_eq!(over(&g), None, "fourth occurrence");
    let cs: Vec<Command> = KNIGHT_DANCE.iter().map(|m| mv(m)).collect();
    run(&mut g, &mut t, &cs);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::FivefoldRepetition))
    );
}

#[test]
fn threefold_claim_right_and_wrong() {
    let mut g = auto();
    let mut t = 0;
    let cs: Vec<Command> = KNIGHT_DANCE.iter().map(|m| mv(m)).collect();
    run(&mut g, &mut t, &cs);
    // The start position has occurred twice: a wrong claim.
    let claim = Command::Claim {
        kind: ClaimKind::Threefold,
        intended: None,
    };
    let now = Instant::from_secs(t + 1);
    let black_before = g.clock().remaining(Color::Black, now);
    run(&mut g, &mut t, std::slice::from_ref(&claim));
    assert_eq!(over(&g), None);
    let extra = g.clock().control().penalty();
    assert_eq!(g.clock().remaining(Color::Black, now), black_before + extra);
    // With the intended move Nf3: the position after it has occurred once
    // before, so the claim is wrong again, and Nf3 must then be made.
    let claim_with = Command::Claim {
        kind: ClaimKind::Threefold,
        intended: Some("Nf3".into()),
    };
    run(&mut g, &mut t, std::slice::from_ref(&claim_with));
    assert_eq!(over(&g), None);
    assert_eq!(g.moves().len(), 5, "the intended move was made");
    run(&mut g, &mut t, &[mv("Nf6"), mv("Ng1"), mv("Ng8")]);
    // Start position now three times: a correct claim.
    run(&mut g, &mut t, &[claim]);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::ThreefoldClaim))
    );
}

#[test]
fn threefold_claim_with_intended_move() {
    let mut g = auto();
    let mut t = 0;
    let cs: Vec<Command> = KNIGHT_DANCE.iter().map(|m| mv(m)).collect();
    run(&mut g, &mut t, &cs);
    run(&mut g, &mut t, &cs);
    run(&mut g, &mut t, &[mv("Nf3"), mv("Nf6"), mv("Ng1")]);
    // Black to move; the start position has occurred three times (plies
    // 0, 4, 8); the claim with Ng8 would make it the fourth: correct, and
    // the move is not made.
    let n = g.moves().len();
    run(
        &mut g,
        &mut t,
        &[Command::Claim {
            kind: ClaimKind::Threefold,
            intended: Some("Ng8".into()),
        }],
    );
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::ThreefoldClaim))
    );
    assert_eq!(g.moves().len(), n);
}

/// Plays `plies` quiet moves (no capture, no pawn move) through the game,
/// never letting a position occur `limit` + 1 times.
fn quiet_moves(g: &mut Game, t: &mut u64, plies: usize, limit: usize) {
    use shakmaty::{Position, uci::UciMove};
    for ply in 0..plies {
        let position = g.position().clone();
        let legal = position.legal_moves();
        let quiet: Vec<_> = legal
            .iter()
            .filter(|m| !m.is_capture() && m.role() != shakmaty::Role::Pawn)
            .filter(|m| {
                let mut after = position.clone();
                after.play_unchecked(**m);
                seen(g, rules::position_key(&after)) < limit
                    && !after.is_game_over()
                    && !after.is_check()
            })
            .collect();
        assert!(
            !quiet.is_empty(),
            "no quiet move at ply {ply}: {:?} {}",
            g.outcome(),
            shakmaty::fen::Fen::from_position(&position, shakmaty::EnPassantMode::Legal)
        );
        let m = quiet[(ply * 7) % quiet.len()];
        let uci = UciMove::from_standard(*m).to_string();
        run(g, t, &[mv(&uci)]);
    }
}

/// How often the game has seen the position with this key.
fn seen(g: &Game, key: u64) -> usize {
    let mut position = g.start().clone();
    let mut n = usize::from(rules::position_key(&position) == key);
    for p in g.moves() {
        use shakmaty::Position;
        position.play_unchecked(p.mv);
        n += usize::from(rules::position_key(&position) == key);
    }
    n
}

fn rooks_and_knights() -> Game {
    game(Setup {
        fen: Some("r1n1k1nr/pppppppp/8/8/8/8/PPPPPPPP/RN2K1NR w - - 0 1".into()),
        ..setup(Repetition::Off, Press::Auto)
    })
}

#[test]
fn fifty_move_claim_wrong_then_right() {
    let mut g = rooks_and_knights();
    let mut t = 0;
    quiet_moves(&mut g, &mut t, 98, 2);
    let claim = Command::Claim {
        kind: ClaimKind::FiftyMoves,
        intended: None,
    };
    let before = g.clock().remaining(Color::Black, Instant::from_secs(t + 1));
    run(&mut g, &mut t, std::slice::from_ref(&claim));
    assert_eq!(over(&g), None, "only 49 moves each");
    let penalty = g.clock().control().penalty();
    assert_eq!(
        g.clock().remaining(Color::Black, Instant::from_secs(t)),
        before + penalty
    );
    quiet_moves(&mut g, &mut t, 2, 2);
    run(&mut g, &mut t, &[claim]);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::FiftyMoveClaim))
    );
}

#[test]
fn seventy_five_moves_draw_automatically() {
    let mut g = rooks_and_knights();
    let mut t = 0;
    quiet_moves(&mut g, &mut t, 149, 4);
    assert_eq!(over(&g), None);
    quiet_moves(&mut g, &mut t, 1, 4);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::SeventyFiveMoves))
    );
}

#[test]
fn a_move_into_a_blocked_chain_is_a_dead_position() {
    // White's last capture-free move locks the last file: nothing can
    // ever be captured, so neither side can mate (5.2.2).
    let mut g = game(Setup {
        fen: Some("8/8/1k6/p1p1p1p1/P1P1P3/8/1K4P1/8 w - - 0 1".into()),
        ..setup(Repetition::Off, Press::Auto)
    });
    let mut t = 0;
    run(&mut g, &mut t, &[mv("g3")]);
    assert_eq!(
        over(&g),
        None,
        "g3 is not yet blocked: Black can still take nothing, White may push"
    );
    run(&mut g, &mut t, &[mv("Kb7"), mv("g4")]);
    // The search is a question handed out, not run while announcing.
    assert_eq!(over(&g), None);
    let answer = g.question().and_then(|q| q.search()).unwrap();
    run(&mut g, &mut t, &[answer]);
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::DeadPosition))
    );
}

#[test]
fn resignation_and_the_opponent_who_cannot_mate() {
    let mut g = auto();
    let mut t = 0;
    run(
        &mut g,
        &mut t,
        &[mv("e4"), Command::Resign(Some(Side::Black))],
    );
    assert_eq!(
        over(&g),
        Some((GameResult::WhiteWins, Termination::Resignation))
    );
    // White has a bare king: Black resigning cannot lose (5.1.2).
    let mut g = game(Setup {
        fen: Some("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1".into()),
        ..setup(Repetition::Off, Press::Auto)
    });
    run(
        &mut g,
        &mut t,
        &[mv("Kxd2"), Command::Resign(Some(Side::Black))],
    );
    assert_eq!(
        over(&g),
        Some((GameResult::Draw, Termination::DeadPosition))
    );
    let mut g = game(Setup {
        fen: Some("4k3/4p3/8/8/8/8/8/4K3 w - - 0 1".into()),
        ..setup(Repetition::Off, Press::Auto)
    });
    run(&mut g, &mut t, &[Command::Resign(Some(Side::Black))]);
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::Resignation)));
}

#[test]
fn flag_fall_loses_or_draws() {
    // 600 s each: White lets the flag fall.
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let events = run(&mut g, &mut t, &[Command::Flag]);
    assert_eq!(kinds(&events), vec![EventKind::Answer], "no flag yet");
    let late = Instant::from_secs(t + 700);
    let events = g.apply(&Command::Tick, late);
    assert!(events.iter().any(|e| e.kind == EventKind::Clock));
    g.apply(&Command::Flag, late + Duration::from_secs(1));
    assert_eq!(
        over(&g),
        Some((GameResult::BlackWins, Termination::FlagFall))
    );
    // Black has a bare king: White's flag fall is a draw (6.9).
    let mut g = game(Setup {
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into()),
        ..setup(Repetition::Off, Press::Auto)
    });
    g.apply(&mv("e4"), Instant::from_secs(1));
    g.apply(&mv("Kd7"), Instant::from_secs(2));
    g.apply(&Command::Tick, Instant::from_secs(700));
    g.apply(&Command::Flag, Instant::from_secs(701));
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::FlagFall)));
}

#[test]
fn illegal_move_penalties() {
    let mut g = auto();
    let mut t = 0;
    // Black must have completed a move to have completed an illegal one.
    run(&mut g, &mut t, &[mv("e4"), mv("e5")]);
    let now = Instant::from_secs(t + 1);
    let white = g.clock().remaining(Color::White, now);
    run(&mut g, &mut t, &[Command::Illegal(Side::Black)]);
    assert_eq!(
        g.clock().remaining(Color::White, now),
        white + g.clock().control().penalty()
    );
    assert_eq!(over(&g), None);
    run(&mut g, &mut t, &[Command::Illegal(Side::Black)]);
    assert_eq!(
        over(&g),
        Some((GameResult::WhiteWins, Termination::IllegalMoves))
    );
}

#[test]
fn draw_offer_accept_and_decline() {
    let mut g = game(setup(Repetition::Off, Press::Separate));
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Offer, Command::Press]);
    assert!(g.moves()[0].offer, "(=) with the offerer's move");
    assert_eq!(g.pending_offer(), Some(Color::White));
    run(&mut g, &mut t, &[Command::Decline]);
    assert_eq!(g.pending_offer(), None);
    // An agreed draw needs a move by each player (5.2.3).
    run(&mut g, &mut t, &[Command::Offer]);
    assert_eq!(g.pending_offer(), Some(Color::Black));
    let events = run(&mut g, &mut t, &[Command::Accept]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    assert_eq!(over(&g), None);
    run(&mut g, &mut t, &[mv("e5"), Command::Press]);
    assert_eq!(g.pending_offer(), Some(Color::Black));
    run(&mut g, &mut t, &[Command::Accept]);
    assert_eq!(over(&g), Some((GameResult::Draw, Termination::Agreement)));
}

#[test]
fn sealed_move_is_hidden_then_opened() {
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    let events = run(&mut g, &mut t, &[Command::Seal("c5".into())]);
    let ruling = events.iter().find(|e| e.kind == EventKind::Ruling).unwrap();
    let text = &ruling.utterance.text;
    assert!(
        text.starts_with("Zug abgegeben. Umschlag: Weiß ") && !text.contains("Cesar"),
        "{text}"
    );
    assert!(g.has_sealed_move());
    assert_eq!(g.step(), &Step::Adjourned);
    assert!(g.clock().is_paused());
    let events = run(&mut g, &mut t, &[mv("d5")]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    run(&mut g, &mut t, &[Command::Unseal]);
    assert_eq!(g.moves()[1].san, "c5");
    assert_eq!(g.to_move(), Color::White);
    assert!(!g.clock().is_paused());
}

#[test]
fn guidelines_i_9_2_the_absent_responders_clock_runs_and_the_move_stays_sealed() {
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    run(&mut g, &mut t, &[Command::Seal("c5".into())]);
    // Black sealed; White must respond.
    let black_before = g.clock().remaining(Color::Black, Instant::from_secs(t));
    let white_before = g.clock().remaining(Color::White, Instant::from_secs(t));
    // I.2.7: the arbiter gives the time and place; the envelope says them.
    let events = run(
        &mut g,
        &mut t,
        &[Command::Resumption("30. November, 10 Uhr, Saal B".into())],
    );
    assert!(
        events[0]
            .utterance
            .text
            .contains("30. November, 10 Uhr, Saal B"),
        "{events:?}"
    );
    assert!(g.envelope(Instant::from_secs(t)).contains("Saal B"));
    // The time of resumption: White, who must respond, is not there.
    let events = run(&mut g, &mut t, &[Command::Resume]);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Ruling && e.utterance.text.contains("(I.9.2)")),
        "{events:?}"
    );
    assert_eq!(g.step(), &Step::Adjourned, "the envelope stays shut");
    assert_eq!(g.moves().len(), 1);
    t += 100;
    let now = Instant::from_secs(t);
    assert_eq!(
        g.clock().remaining(Color::Black, now),
        black_before,
        "the sealer's clock stands"
    );
    assert!(g.clock().remaining(Color::White, now) < white_before);
    // White arrives, pauses and calls the arbiter; the envelope is opened.
    run(&mut g, &mut t, &[Command::Pause, Command::Unseal]);
    assert_eq!(g.moves()[1].san, "c5");
    assert_eq!(g.to_move(), Color::White);
    assert!(!g.clock().is_paused(), "White's clock runs after the move");
    assert_eq!(
        g.clock().moves(Color::Black),
        1,
        "the sealed move counted once"
    );
    assert_eq!(g.clock().running().map(|r| r.side), Some(Color::White));
}

#[test]
fn guidelines_i_9_3_the_reply_is_sealed_and_the_absent_sealers_clock_runs() {
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    run(&mut g, &mut t, &[Command::Seal("c5".into())]);
    // Black sealed and is absent; White opens the envelope (I.7) and seals
    // the reply, which starts Black's clock.
    run(&mut g, &mut t, &[Command::Unseal]);
    assert_eq!(g.clock().running().map(|r| r.side), Some(Color::White));
    let events = run(&mut g, &mut t, &[Command::Seal("Nf3".into())]);
    assert!(
        events.iter().any(|e| e.utterance.text.contains("(I.9.3)")),
        "{events:?}"
    );
    assert_eq!(g.step(), &Step::Adjourned);
    assert_eq!(g.clock().running().map(|r| r.side), Some(Color::Black));
    assert_eq!(g.moves().len(), 2, "the reply stays sealed");
    // Black arrives: the reply is opened and made; Black's clock goes on.
    run(&mut g, &mut t, &[Command::Unseal]);
    assert_eq!(g.moves()[2].san, "Nf3");
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.clock().running().map(|r| r.side), Some(Color::Black));
    assert_eq!(g.clock().moves(Color::White), 2);
    // A seal later in the game is an adjournment's own: the clock stops.
    run(&mut g, &mut t, &[mv("d6"), Command::Seal("d4".into())]);
    assert!(g.clock().is_paused());
}

#[test]
fn art_12_9_6_the_arbiter_declares_a_game_lost_and_art_8_7_both_confirm_it() {
    let mut g = auto();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4")]);
    // Nothing to confirm while the game goes on.
    let events = run(&mut g, &mut t, &[Command::Sign(Some(Side::White))]);
    assert_eq!(kinds(&events), vec![EventKind::Answer]);
    let events = run(
        &mut g,
        &mut t,
        &[Command::Forfeit {
            side: Side::Black,
            reason: Forfeit::Device,
        }],
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::Ruling && e.utterance.text.contains("(11.3.2.2)")),
        "{events:?}"
    );
    assert_eq!(
        over(&g),
        Some((GameResult::WhiteWins, Termination::Forfeit(Forfeit::Device)))
    );
    assert!(g.clock().is_paused(), "the clock stops");
    run(
        &mut g,
        &mut t,
        &[
            Command::Sign(Some(Side::White)),
            Command::Sign(Some(Side::Black)),
        ],
    );
    assert_eq!(g.result_confirmed(), [true, true]);
    let pgn = crate::record::pgn_write::write(&g);
    assert!(pgn.contains("[Termination \"rules infraction\"]"), "{pgn}");
    assert!(pgn.contains("[ResultConfirmed \"White Black\"]"), "{pgn}");
    assert!(pgn.contains("(11.3.2.2)"), "{pgn}");
    let score = crate::record::score::plain(&g);
    assert!(score.contains("(8.7)"), "{score}");
    assert!(score.contains("(11.3.2.2)"), "{score}");
}
