//! A divergence says what each player changes on their own board for the
//! announced move to stand, and `align` says which squares of which board
//! it changed (D.2.9), in the audit's words and from the boards'
//! actual difference: captures, castling, en passant and promotion.

use super::*;

/// A game from `fen` with strict repetition: the moves before the last
/// pressed and repeated, the last pressed and repeated as `repeated`.
/// What the divergence said after the announcement, and the game.
fn diverge(fen: &str, before: &[&str], announced: &str, repeated: &str) -> (Game, u64, String) {
    let mut g = game(Setup {
        fen: Some(fen.into()),
        ..setup(Repetition::Strict, Press::Separate)
    });
    let mut t = 0;
    for m in before {
        run(&mut g, &mut t, &[mv(m), Command::Press, rep(m)]);
    }
    run(&mut g, &mut t, &[mv(announced), Command::Press]);
    let said = run(&mut g, &mut t, &[rep(repeated)]);
    assert!(g.diverging(), "{said:?}");
    let ruling = said
        .iter()
        .find(|e| e.kind == EventKind::Ruling)
        .map(|e| e.utterance.text.clone())
        .unwrap_or_default();
    (g, t, ruling)
}

fn aligned(g: &mut Game, t: &mut u64) -> Vec<String> {
    run(g, t, &[Command::Align])
        .into_iter()
        .filter(|e| e.kind == EventKind::Ruling)
        .map(|e| e.utterance.text)
        .collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn the_wrong_knight_goes_back_and_the_right_one_comes() {
    let (mut g, mut t, said) = diverge(START, &["Nf3", "d5", "d3", "e5"], "Nbd2", "Nfd2");
    let black = "Das Brett von Schwarz wird berichtigt, 2 Felder: Springer von Weiß von \
                 Bella eins nach Felix drei stellen.";
    assert_eq!(
        said,
        format!("Gilt der angesagte Zug (D.2.9): Das Brett von Weiß ist richtig. {black}")
    );
    // align changes the same squares of the same board, and no other.
    assert_eq!(aligned(&mut g, &mut t), [black]);
    assert_eq!(g.board(Color::Black), g.position());
}

#[test]
fn a_capture_puts_the_captured_piece_back() {
    let fen = "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1";
    let (mut g, mut t, said) = diverge(fen, &[], "e5", "exd5");
    let black = "Das Brett von Schwarz wird berichtigt, 2 Felder: auf David fünf Bauer von \
                 Weiß durch Bauer von Schwarz ersetzen und auf Eva fünf Bauer von Weiß \
                 hinstellen.";
    assert!(said.ends_with(black), "{said}");
    assert_eq!(aligned(&mut g, &mut t), [black]);
    // The other way round: the captured piece is taken away.
    let (_, _, said) = diverge(fen, &[], "exd5", "e5");
    assert!(
        said.ends_with(
            "2 Felder: auf David fünf Bauer von Schwarz durch Bauer von Weiß ersetzen und \
             von Eva fünf Bauer von Weiß wegnehmen."
        ),
        "{said}"
    );
}

#[test]
fn en_passant_removes_the_passed_pawn() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
    let (mut g, mut t, said) = diverge(fen, &[], "exd6", "e6");
    let black = "Das Brett von Schwarz wird berichtigt, 3 Felder: von David fünf Bauer von \
                 Schwarz wegnehmen und Bauer von Weiß von Eva sechs nach David sechs \
                 stellen.";
    assert!(said.ends_with(black), "{said}");
    assert_eq!(aligned(&mut g, &mut t), [black]);
}

#[test]
fn a_promotion_replaces_the_piece() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let (mut g, mut t, said) = diverge(fen, &[], "b8=Q", "b8=N");
    let black = "Das Brett von Schwarz wird berichtigt, 1 Feld: auf Bella acht Springer von \
                 Weiß durch Dame von Weiß ersetzen.";
    assert!(said.ends_with(black), "{said}");
    assert_eq!(aligned(&mut g, &mut t), [black]);
}

#[test]
fn castling_moves_king_and_rook_back_and_over() {
    let fen = "r3k3/8/8/8/8/8/8/R3K2R w KQq - 0 1";
    let (mut g, mut t, said) = diverge(fen, &[], "O-O", "O-O-O");
    assert!(said.contains("Das Brett von Weiß ist richtig."), "{said}");
    assert!(
        said.contains(
            "Das Brett von Schwarz wird berichtigt, 6 Felder: Turm von Weiß von David eins \
             nach Anna eins stellen, König von Weiß von Cesar eins nach Gustav eins stellen \
             und Turm von Weiß von Hector eins nach Felix eins stellen."
        ),
        "{said}"
    );
    let lines = aligned(&mut g, &mut t);
    assert_eq!(lines.len(), 1);
    assert!(said.ends_with(&lines[0]), "{lines:?}");
}

#[test]
fn the_words_are_the_packs() {
    let mut g = Game::new(
        setup(Repetition::Strict, Press::Separate),
        VoicePack::builtin("en"),
    )
    .unwrap();
    let mut t = 0;
    run(&mut g, &mut t, &[mv("e4"), Command::Press]);
    let said = run(&mut g, &mut t, &[rep("e3")]);
    assert_eq!(
        said[1].utterance.text,
        "If the announced move stands (D.2.9): White's board is right. Black's board is \
         corrected, 2 squares: move the White Pawn from Eva three to Eva four."
    );
}
