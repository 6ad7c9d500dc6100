//! Moves as people and speech recognisers phrase them, in every pack's
//! language: words around the move, castling in words, the captured piece
//! named, recogniser spellings, promotion in words.

use shakmaty::uci::UciMove;

use crate::notation::read::Reading;
pub(super) use crate::notation::read::tests::{reading_in as reading, uci};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White may castle on both sides.
const BOTH_CASTLINGS: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
/// White may castle only short.
const SHORT_ONLY: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Kkq - 0 1";
/// White may castle only long.
const LONG_ONLY: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qkq - 0 1";
/// A bishop on a4 and a pawn on d5 can take the knight on c6; a knight on
/// e5 stands beside.
const TAKE_KNIGHT: &str = "r1bqkbnr/pp1ppppp/2n5/3PN3/B7/8/PPP2PPP/RNBQK2R w KQkq - 0 1";
/// A white pawn on b7 promotes on b8, or takes the rook on a8.
const PROMOTE: &str = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";

/// Asserts that every text reads, in `pack`, as the one move `expected`.
#[track_caller]
fn reads(pack: &str, fen: &str, expected: &str, texts: &[&str]) {
    let m = uci(fen, expected);
    for text in texts {
        assert_eq!(
            reading(pack, fen, text),
            Reading::Move(m),
            "{pack}: reading {text:?}"
        );
    }
}

/// Asserts that `text` is a question offering exactly `expected` (UCI).
#[track_caller]
fn asks(pack: &str, fen: &str, text: &str, expected: &[&str]) -> String {
    match reading(pack, fen, text) {
        Reading::Ambiguous {
            candidates,
            question,
        } => {
            let got: Vec<String> = candidates
                .iter()
                .map(|m| UciMove::from_standard(*m).to_string())
                .collect();
            assert_eq!(got, expected, "{pack}: {text:?}");
            question
        }
        other => panic!("{pack}: {text:?} should be a question, was {other:?}"),
    }
}

#[track_caller]
fn refused(pack: &str, fen: &str, text: &str) -> String {
    match reading(pack, fen, text) {
        Reading::Illegal { reason, .. } => reason,
        other => panic!("{pack}: {text:?} should be refused, was {other:?}"),
    }
}

#[track_caller]
fn not_understood(pack: &str, fen: &str, text: &str) {
    match reading(pack, fen, text) {
        Reading::Unrecognized { .. } => {}
        other => panic!("{pack}: {text:?} should not be understood, was {other:?}"),
    }
}

#[test]
fn words_around_the_move_are_skipped() {
    let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    reads(
        "fide",
        START,
        "g1f3",
        &[
            "ich spiele Springer von Gustav eins nach Felix drei bitte",
            "mein Zug: Springer Felix drei",
            "äh, Springer Felix drei",
            "ähm Springer nach Felix drei, fertig",
            "also ich ziehe den Springer auf Felix drei",
            "Springer f3, danke",
        ],
    );
    reads(
        "en",
        START,
        "g1f3",
        &[
            "I play knight to f three please",
            "I'll play the knight to Felix three",
            "my move is knight f3",
            "uh, knight to f three, done",
            "let's go knight f3",
            "um, knight from g one to f three",
        ],
    );
    reads(
        "pt",
        START,
        "g1f3",
        &[
            "eu jogo cavalo para Félix três",
            "o meu lance é cavalo f3",
            "jogo o cavalo de g1 para f3 por favor",
            "então, cavalo f três, pronto",
        ],
    );
    reads(
        "es",
        START,
        "g1f3",
        &[
            "juego caballo a Félix tres",
            "yo juego el caballo de g1 a f3 por favor",
            "mi jugada es caballo f tres",
            "eh, caballo f3, listo",
        ],
    );
    reads("en", after_e4_e5, "g1f3", &["I play knight f3 please"]);
}

#[test]
fn filler_alone_or_chatter_is_never_a_move() {
    for (pack, text) in [
        ("en", "hello there"),
        ("en", "please"),
        ("en", "I play"),
        ("fide", "ich spiele bitte"),
        ("fide", "mein Zug"),
        ("pt", "eu jogo"),
        ("es", "yo juego"),
        ("en", "I play knight to the moon"),
        ("fide", "ich spiele Springer Wolke drei"),
        ("es", "juego caballo a la luna"),
    ] {
        match reading(pack, START, text) {
            Reading::Unrecognized { .. } => {}
            other => panic!("{pack}: {text:?} should not be understood, was {other:?}"),
        }
    }
    // Only words that can never be part of a move are skipped: what is left
    // must still be a whole move.
    match reading("en", START, "I play knight please") {
        Reading::Unrecognized { reason } => assert!(reason.starts_with("Incomplete"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn castling_as_people_say_it() {
    for (pack, texts) in [
        (
            "fide",
            &[
                "kleine Rochade",
                "Rochade kurz",
                "kurz rochieren",
                "ich rochiere kurz",
                "Rochade auf der Königsseite",
            ][..],
        ),
        (
            "en",
            &[
                "castles kingside",
                "castle kingside",
                "short castling",
                "I castle short",
                "castles on the kingside",
            ][..],
        ),
        (
            "pt",
            &["roque pequeno", "pequeno roque", "faço roque pequeno"][..],
        ),
        (
            "es",
            &["enroque corto", "enroco corto", "hago enroque corto"][..],
        ),
    ] {
        reads(pack, BOTH_CASTLINGS, "e1g1", texts);
    }
    for (pack, texts) in [
        (
            "fide",
            &[
                "große Rochade",
                "grosse Rochade",
                "Rochade lang",
                "lang rochieren",
                "ich rochiere lang",
            ][..],
        ),
        (
            "en",
            &["castle queenside", "castles queenside", "long castling"][..],
        ),
        ("pt", &["roque grande", "grande roque", "roque maior"][..]),
        ("es", &["enroque largo", "enroco largo"][..]),
    ] {
        reads(pack, BOTH_CASTLINGS, "e1c1", texts);
    }
}

#[test]
fn castling_without_a_side_is_the_move_when_only_one_is_legal_else_a_question() {
    let words = [
        ("fide", "Rochade"),
        ("fide", "ich rochiere"),
        ("en", "castles"),
        ("en", "I castle"),
        ("pt", "roque"),
        ("es", "enroque"),
    ];
    for (pack, text) in words {
        reads(pack, SHORT_ONLY, "e1g1", &[text]);
        reads(pack, LONG_ONLY, "e1c1", &[text]);
        asks(pack, BOTH_CASTLINGS, text, &["e1c1", "e1g1"]);
    }
    assert_eq!(
        asks("fide", BOTH_CASTLINGS, "Rochade", &["e1c1", "e1g1"]),
        "Welcher Zug: Lange Rochade oder Kurze Rochade?"
    );
    assert_eq!(
        refused("fide", START, "Rochade"),
        "Kurze Rochade: zwischen König und Turm steht eine Figur; \
         Lange Rochade: zwischen König und Turm steht eine Figur"
    );
    // Castling words never join other parts of a move.
    not_understood("fide", BOTH_CASTLINGS, "Rochade Gustav eins");
}

mod pieces;
