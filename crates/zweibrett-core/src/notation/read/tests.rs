//! Tests of the move reader: every accepted form and every kind of result.

use shakmaty::{CastlingMode, Chess, Move, fen::Fen, uci::UciMove};

use super::*;
use crate::notation::{PieceLetters, TypedLetters};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub(crate) fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// The reading of `text` with a built-in pack, or with `"every"` the FIDE
/// pack with every language's piece letters.
pub(crate) fn reading_in(pack: &str, fen: &str, text: &str) -> Reading {
    let pack = if pack == "every" {
        let mut fide = VoicePack::builtin("fide");
        fide.type_letters(&["every"]).unwrap();
        fide
    } else {
        VoicePack::builtin(pack)
    };
    read_move(Lexicon::builtin(), &pack, &position(fen), text)
}

fn reading(fen: &str, text: &str) -> Reading {
    reading_in("fide", fen, text)
}

pub(crate) fn uci(fen: &str, m: &str) -> Move {
    m.parse::<UciMove>()
        .unwrap()
        .to_move(&position(fen))
        .unwrap()
}

/// Asserts that every text reads as the one move `expected` (UCI).
#[track_caller]
fn reads(fen: &str, expected: &str, texts: &[&str]) {
    reads_in("fide", fen, expected, texts);
}

/// Asserts that every text reads as the one move `expected` (UCI) with the
/// pack `pack`.
#[track_caller]
fn reads_in(pack: &str, fen: &str, expected: &str, texts: &[&str]) {
    let m = uci(fen, expected);
    for text in texts {
        assert_eq!(
            reading_in(pack, fen, text),
            Reading::Move(m),
            "reading {text:?} with {pack}"
        );
    }
}

/// Asserts that `text` is asked about with the pack `pack`, the choices
/// being exactly `expected` (UCI).
#[track_caller]
fn asks_in(pack: &str, fen: &str, text: &str, expected: &[&str]) {
    let mut expected: Vec<Move> = expected.iter().map(|m| uci(fen, m)).collect();
    expected.sort_by_key(|m| (m.from(), m.to(), m.promotion()));
    match reading_in(pack, fen, text) {
        Reading::Ambiguous { candidates, .. } => {
            assert_eq!(candidates, expected, "reading {text:?} with {pack}")
        }
        other => panic!("reading {text:?} with {pack}: {other:?}"),
    }
}

#[track_caller]
fn candidates(fen: &str, text: &str) -> (Vec<String>, String) {
    match reading(fen, text) {
        Reading::Ambiguous {
            candidates,
            question,
        } => (
            candidates
                .iter()
                .map(|m| UciMove::from_standard(*m).to_string())
                .collect(),
            question,
        ),
        other => panic!("{text:?} should be ambiguous, was {other:?}"),
    }
}

#[track_caller]
fn illegal(fen: &str, text: &str) -> String {
    match reading(fen, text) {
        Reading::Illegal { reason, .. } => reason,
        other => panic!("{text:?} should be illegal, was {other:?}"),
    }
}

#[test]
fn appendix_d_words_short_and_long() {
    reads(
        START,
        "g1f3",
        &[
            "Springer Felix drei",
            "Springer Gustav eins Felix drei",
            "Springer von Gustav eins nach Felix drei",
            "Gustav eins Felix drei",
        ],
    );
    reads(
        START,
        "e2e4",
        &["Eva vier", "Bauer Eva vier", "Bauer Eva zwei Eva vier"],
    );
}

#[test]
fn captures_with_or_without_the_word() {
    let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    reads(
        fen,
        "e4d5",
        &[
            "Eva schlägt David fünf",
            "Eva David fünf",
            "Bauer Eva vier schlägt David fünf",
            "Eva nimmt David fuenf",
            "e takes d5",
            "exd5",
            "ed5",
            "ed",
            "e4xd5",
            "e4:d5",
        ],
    );
}

#[test]
fn trailing_check_and_mate_words_are_accepted() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    reads(
        fen,
        "a1a8",
        &[
            "Turm Anna acht Schachmatt",
            "Turm Anna acht matt",
            "Ra8#",
            "Ta8+",
        ],
    );
}

#[test]
fn promotions_name_the_piece_in_every_form() {
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    reads(
        fen,
        "b7b8q",
        &[
            "Bella sieben Bella acht Dame",
            "Bauer Bella acht Dame",
            "Bella acht Umwandlung in Dame",
            "b8=Q",
            "b8Q",
            "b7b8q",
            "b7-b8=D",
            "Bella acht Queen",
        ],
    );
    reads(fen, "b7b8n", &["Bella acht Springer", "b8=S", "b8S"]);
    reads_in("every", fen, "b7b8n", &["b8=C", "B7B8C"]);
    reads_in("pt", fen, "b7b8n", &["b8=C", "b8C"]);
    reads(fen, "b7b8r", &["b8T", "Bella acht Turm"]);
    reads(fen, "b7b8b", &["b8L", "b8=B", "Bella acht Läufer"]);
    reads_in("every", fen, "b7b8b", &["b8F"]);
    for pack in ["en", "pt", "es"] {
        reads_in(pack, fen, "b7b8n", &["b8=N", "b7b8n"]);
        reads_in(pack, fen, "b7b8b", &["b8=B", "b7b8b"]);
    }
    // With every language's letters N is also the Romanian bishop (nebun),
    // S the Czech one (střelec), L the Estonian queen (lipp) and B the
    // Hungarian rook (bástya): the promotion is asked about.
    asks_in("every", fen, "b8=N", &["b7b8n", "b7b8b"]);
    asks_in("every", fen, "b8S", &["b7b8n", "b7b8b"]);
    asks_in("every", fen, "b8L", &["b7b8b", "b7b8q"]);
    asks_in("every", fen, "b8=B", &["b7b8b", "b7b8r"]);
    // Without the piece the player is asked (D.2.1: it must be named).
    let (moves, question) = candidates(fen, "Bella acht");
    assert_eq!(moves.len(), 4);
    assert_eq!(
        question,
        "Umwandlung in welche Figur: Springer, Läufer, Turm oder Dame?"
    );
}

#[test]
fn both_castlings_in_words_and_symbols() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    reads(
        fen,
        "e1g1",
        &[
            "Kurze Rochade",
            "kurze rochade",
            "O-O",
            "0-0",
            "o-o",
            "0-0+",
            "e1g1",
            "e1h1",
            "König Gustav eins",
            "castles short",
            "Kurze Rochde",
        ],
    );
    reads(
        fen,
        "e1c1",
        &["Lange Rochade", "O-O-O", "0-0-0", "e1c1", "Lange Rochade!"],
    );
    // K is the king in English, and the rook (kale) in Turkish: with every
    // language's letters the rook's move to g1 is asked about too.
    reads_in("en", fen, "e1g1", &["Kg1"]);
    reads_in("fide", fen, "e1g1", &["Kg1"]);
    asks_in("every", fen, "Kg1", &["e1g1", "h1g1"]);
}

#[test]
fn long_algebraic_and_uci() {
    reads(
        START,
        "g1f3",
        &["Ng1-f3", "Ng1f3", "g1f3", "G1F3", "Sg1-f3"],
    );
    reads_in("every", START, "g1f3", &["Cg1f3"]);
    reads_in("es", START, "g1f3", &["Cg1f3", "Ng1f3", "g1f3"]);
    reads(
        START,
        "e2e4",
        &["e2-e4", "e2e4", "E2E4", "e2 e4", "1. e4", "e4"],
    );
}

#[test]
fn piece_letters_of_four_languages_each_with_its_pack() {
    let fen = "4k3/8/8/8/8/8/8/1N2KB1R w - - 0 1";
    for pack in ["en", "fide", "pt", "es"] {
        reads_in(pack, fen, "b1c3", &["Nc3", "nc3"]);
        reads_in(pack, fen, "f1c4", &["Bc4"]);
        reads_in(pack, fen, "h1h5", &["Rh5"]);
    }
    for pack in ["en", "pt", "es"] {
        reads_in(pack, fen, "e1d2", &["Kd2"]);
    }
    // K is also the Indonesian knight (kuda), which can go to d2 as well.
    asks_in("every", fen, "Kd2", &["e1d2", "b1d2"]);
    reads_in("fide", fen, "e1d2", &["Kd2"]);
    reads_in("fide", fen, "b1c3", &["Sc3", "sc3"]);
    reads_in("fide", fen, "f1c4", &["Lc4"]);
    reads_in("fide", fen, "h1h5", &["Th5"]);
    reads_in("pt", fen, "b1c3", &["Cc3"]);
    reads_in("pt", fen, "h1h5", &["Th5"]);
    reads_in("pt", fen, "e1d2", &["Rd2"]);
    reads_in("es", fen, "f1c4", &["Ac4"]);
    reads_in("es", fen, "e1d2", &["Rd2"]);
    let fen = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1";
    reads_in("en", fen, "d1d5", &["Qd5"]);
    for pack in ["fide", "pt", "es"] {
        reads_in(pack, fen, "d1d5", &["Qd5", "Dd5", "dd5"]);
    }
}

#[test]
fn national_letters_are_no_piece_letters_in_another_language() {
    let fen = "4k3/8/8/8/8/8/8/1N2KB1R w - - 0 1";
    // An English pack knows no S, L or T; and C, A, D, F, G and H, piece
    // letters in other languages, are no files there either.
    for text in ["Sc3", "Lc4", "Th5", "Cc3", "Ac4", "D4", "Fc4"] {
        assert!(
            matches!(reading_in("en", fen, text), Reading::Unrecognized { .. }),
            "{text}"
        );
    }
    // With every language's letters R is the king (rei, rey, roi) and the
    // knight (ratsu, riddari) as well as the rook: the king and the knight
    // can go to d2.
    asks_in("every", fen, "Rd2", &["e1d2", "b1d2"]);
    // With the German letters alone, R is the rook only, which cannot.
    let mut german = VoicePack::builtin("fide");
    german.typed_letters = TypedLetters::of(&[PieceLetters::German]);
    assert!(matches!(
        read_move(Lexicon::builtin(), &german, &position(fen), "Rd2"),
        Reading::Illegal { .. }
    ));
    // Lower case is a file in the English pack: "d4" is the pawn.
    reads_in("en", START, "d2d4", &["d4"]);
    reads_in("en", START, "e2e4", &["E2E4"]);
    // In the German pack D is the queen, and "D4" lacks the file.
    match reading_in("fide", START, "D4") {
        Reading::Unrecognized { reason } => {
            assert_eq!(reason, "Unvollständig, es fehlt das Zielfeld: D4")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn another_languages_meaning_of_an_own_letter_is_never_played_at_once() {
    // No bishop can go to b6; the rook can, and B is the rook in
    // Hungarian, Lithuanian and Indonesian (Appendix C.3).
    let fen = "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1";
    match reading_in("every", fen, "Bb6") {
        Reading::Unrecognized { reason } => assert_eq!(
            reason,
            "Bb6 wird nicht gespielt: B ist in Ihren Figurenbuchstaben Läufer, \
             Turm nur in denen von magyar, lietuvių, Bahasa Indonesia."
        ),
        other => panic!("{other:?}"),
    }
    // The German letters alone read it as the bishop's move it says.
    assert!(matches!(
        reading_in("fide", fen, "Bb6"),
        Reading::Illegal { .. }
    ));
    // A letter that is no piece in the player's own letters is read in
    // the others: H, the Polish queen, the Hungarian knight, the
    // Icelandic rook, and only the rook can go to b6.
    reads_in("every", fen, "b1b6", &["Hb6"]);
    // Where both the own and the other meaning give a move, the player
    // is asked.
    let fen = "4k3/8/8/8/8/8/2B5/1R2K3 w - - 0 1";
    asks_in("every", fen, "Bb3", &["c2b3", "b1b3"]);
}

#[test]
fn an_upper_case_piece_letter_is_never_read_as_a_file() {
    // The bishop cannot reach b3; the pawn b2 could, but B is no file.
    for pack in ["en", "fide", "pt", "es"] {
        match reading_in(pack, START, "Bb3") {
            Reading::Illegal { .. } => {}
            other => panic!("Bb3 with {pack}: {other:?}"),
        }
    }
    let fen = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    assert_eq!(
        illegal(fen, "Bb4"),
        "Läufer Bella vier: Läufer kann Bella vier nicht erreichen"
    );
}

#[test]
fn r_that_is_a_king_in_one_language_and_a_rook_in_another() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    for pack in ["pt", "es"] {
        // Only the king can go to d2: R is read as the rei, the rey.
        reads_in(pack, fen, "e1d2", &["Rd2"]);
        // Only the rook can go to a5: R is the English rook.
        reads_in(pack, fen, "a1a5", &["Ra5"]);
    }
    // Both can go to d1: asked, but only where R is also the king.
    match reading_in("pt", fen, "Rd1") {
        Reading::Ambiguous {
            candidates,
            question,
        } => {
            assert_eq!(candidates, [uci(fen, "a1d1"), uci(fen, "e1d1")]);
            assert_eq!(
                question,
                "Qual lance: Turm Ana eins David eins ou König Eva eins David eins?"
            );
        }
        other => panic!("{other:?}"),
    }
    reads_in("en", fen, "a1d1", &["Rd1"]);
    reads_in("fide", fen, "a1d1", &["Rd1"]);
    asks_in("every", fen, "Rd1", &["a1d1", "e1d1"]);
}

#[test]
fn ambiguous_knights_and_rooks_are_asked_about() {
    let fen = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    let (moves, question) = candidates(fen, "Springer David zwei");
    assert_eq!(moves, ["b1d2", "f3d2"]);
    assert_eq!(
        question,
        "Welcher Springer: von Bella eins oder von Felix drei?"
    );
    reads(fen, "b1d2", &["Springer Bella David zwei", "Nbd2", "Sbd2"]);
    reads_in("pt", fen, "b1d2", &["Nbd2", "Cbd2"]);
    let fen = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
    let (moves, _) = candidates(fen, "Ta3");
    assert_eq!(moves, ["a1a3", "a5a3"]);
    reads(fen, "a1a3", &["T1a3", "Turm eins Anna drei", "R1a3"]);
}

#[test]
fn questions_are_asked_in_the_active_pack() {
    let fen = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    match reading_in("en", fen, "Nd2") {
        Reading::Ambiguous { question, .. } => {
            assert_eq!(
                question,
                "Which Knight: from Bella one or from Felix three?"
            )
        }
        other => panic!("{other:?}"),
    }
    match reading_in("pt", fen, "Cd2") {
        Reading::Ambiguous { question, .. } => {
            assert_eq!(question, "Qual Springer: de Bella eins ou de Félix drei?")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn en_passant() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    reads(
        fen,
        "e5d6",
        &[
            "Eva schlägt David sechs en passant",
            "exd6 e.p.",
            "exd6",
            "ed6",
            "e5d6",
            "Bauer Eva fünf David sechs",
        ],
    );
}

#[test]
fn digits_names_letters_case_diacritics_spaces_and_fillers() {
    reads(
        START,
        "g1f3",
        &[
            "springer felix 3",
            "SPRINGER FELIX DREI",
            "Springer f drei",
            "  Springer ,  Felix   drei!  ",
            "Springer nach Felix drei",
            "Knight to Felix three",
            "Cavalo para Félix três",
            "Caballo a Felix tres",
            "S f 3",
        ],
    );
    reads(START, "e2e4", &["Eva 4", "e vier", "Eve vier", "E 4"]);
}

#[test]
fn slips_are_corrected_when_the_correction_is_unique() {
    reads(
        START,
        "g1f3",
        &[
            "Springr Felix drei",
            "Sprnger Felx drei",
            "Springer Gustaf eins Felix drei",
        ],
    );
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    reads(fen, "h1h5", &["Turm Hektor fuf", "Trum Hector fünf"]);
}

#[test]
fn unrecognized_text_says_what_could_not_be_read() {
    // Only corrected slips and no word as it stands: chatter, not a move
    // ("hello" is one slip from Bello, "there" from three).
    for text in [
        "",
        "   ",
        "Bananenbrot",
        "Springer Wolke drei",
        "99",
        "?!",
        "hello there",
    ] {
        match reading(START, text) {
            Reading::Unrecognized { reason } => assert!(reason.starts_with("Nicht verstanden")),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    match reading(START, "Springer Felix") {
        Reading::Unrecognized { reason } => {
            assert_eq!(
                reason,
                "Unvollständig, es fehlt das Zielfeld: Springer Felix"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    assert_eq!(
        illegal(START, "Springer Eva fünf"),
        "Springer Eva fünf: Springer kann Eva fünf nicht erreichen"
    );
    assert_eq!(
        illegal(START, "Turm Anna drei"),
        "Turm Anna drei: der Weg nach Anna drei ist auf Anna zwei versperrt"
    );
    assert_eq!(
        illegal(START, "Läufer David zwei"),
        "Läufer David zwei: auf David zwei steht schon eine Figur von Weiß"
    );
    assert_eq!(
        illegal(START, "Eva schlägt David drei"),
        "Bauer Eva David drei: auf David drei ist nichts zu schlagen"
    );
    assert_eq!(
        illegal(START, "Eva fünf"),
        "Bauer Eva fünf: Bauer kann Eva fünf nicht erreichen"
    );
    assert_eq!(
        illegal(START, "Springer Cesar drei Eva vier"),
        "Springer Cesar drei Eva vier: auf Cesar drei steht keine solche Figur von Weiß"
    );
    assert_eq!(
        illegal(START, "Eva sieben Eva fünf"),
        "Eva sieben Eva fünf: auf Eva sieben steht keine Figur von Weiß"
    );
    let pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    assert_eq!(
        illegal(pinned, "Springer Cesar drei"),
        "Springer Cesar drei: der König von Weiß stünde im Schach"
    );
    let no_queen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        illegal(no_queen, "Dd4"),
        "Dame David vier: Weiß hat keine solche Figur"
    );
    assert_eq!(
        illegal("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "Eva drei Dame"),
        "Bauer Eva drei Umwandlung in Dame: nur ein Bauer auf der letzten Reihe wird umgewandelt"
    );
}

#[test]
fn castling_that_the_laws_forbid_says_why() {
    let in_check = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1";
    assert_eq!(
        illegal(in_check, "O-O"),
        "Kurze Rochade: der König steht im Schach"
    );
    let through = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(
        illegal(through, "Kurze Rochade"),
        "Kurze Rochade: der König zöge über ein angegriffenes Feld"
    );
    let into = "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(
        illegal(into, "0-0"),
        "Kurze Rochade: der König stünde im Schach"
    );
    let lost = "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1";
    assert_eq!(
        illegal(lost, "O-O"),
        "Kurze Rochade: das Recht zur Rochade ist verloren"
    );
    assert_eq!(
        illegal(START, "O-O-O"),
        "Lange Rochade: zwischen König und Turm steht eine Figur"
    );
}

#[test]
fn a_finished_game_has_no_moves() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    match reading(mate, "e4") {
        Reading::Illegal { reason, .. } => {
            assert_eq!(reason, "Die Partie ist beendet, es gibt keinen Zug mehr")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lower_case_piece_letter_is_a_move_only_when_every_reading_agrees() {
    // The pawn b2 and the bishop d2 can both take on c3: a lower-case b is
    // a file in SAN and a bishop as typed in haste, so the player is asked.
    let fen = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1";
    for text in ["bxc3", "bc3"] {
        let (moves, _) = candidates(fen, text);
        assert_eq!(moves, ["b2c3", "d2c3"], "{text}");
    }
    reads(fen, "d2c3", &["Bxc3", "Lxc3"]);
    // No pawn can reach c3: "bc3" is then the bishop.
    let fen = "4k3/8/8/8/8/8/3B4/4K3 w - - 0 1";
    reads(fen, "d2c3", &["bc3"]);
    // Only the pawn can: "bxc3" is the pawn.
    let fen = "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1";
    reads(fen, "b2c3", &["bxc3", "bc3"]);
    // A lower-case d is the German queen as well as the file.
    let fen = "4k3/8/8/8/8/8/3P4/Q3K3 w - - 0 1";
    let (moves, _) = candidates(fen, "dd4");
    assert_eq!(moves, ["a1d4", "d2d4"]);
    reads_in("en", fen, "d2d4", &["dd4", "d4"]);
}

#[test]
fn a_lower_case_letter_before_a_rank_is_a_square_as_uci_writes_it() {
    // The bishop c1 could go to a3 too, but "b1a3" names the square b1.
    let fen = "r1bqkbnr/1ppppp1p/n7/p5p1/1P3P1P/8/P1PPP1P1/RNBQKBNR w KQkq - 1 4";
    for pack in ["en", "fide", "pt", "es"] {
        reads_in(pack, fen, "b1a3", &["b1a3", "b1-a3", "Nb1a3"]);
    }
    reads_in("fide", fen, "c1a3", &["c1a3", "Bc1a3", "Lc1a3"]);
    reads_in("es", fen, "c1a3", &["Ac1a3"]);
}

/// Reads `text` in a Chess960 position (Guidelines II), English words.
fn reading_960(fen: &str, text: &str) -> Reading {
    let position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Chess960)
        .unwrap();
    read_move(
        Lexicon::builtin(),
        &VoicePack::builtin("en"),
        &position,
        text,
    )
}

#[test]
fn chess960_castling_is_read_in_the_four_physical_ways_and_never_guessed() {
    use shakmaty::Square;
    // King b1, rooks a1 and h1: long castling puts the king on c1 and the
    // rook on d1, short castling the king on g1 and the rook on f1.
    let fen = "r1k4r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";
    let long = Move::Castle {
        king: Square::B1,
        rook: Square::A1,
    };
    let short = Move::Castle {
        king: Square::B1,
        rook: Square::H1,
    };
    // The rook a1 reaches d1 only by castling: the king stands in its way.
    for text in ["O-O-O", "castles long", "b1a1", "Ra1d1", "a1d1"] {
        assert_eq!(reading_960(fen, text), Reading::Move(long), "{text}");
    }
    for text in ["O-O", "Kg1", "b1h1", "Kxh1"] {
        assert_eq!(reading_960(fen, text), Reading::Move(short), "{text}");
    }
    // The king to c1 and the rook to f1 are ordinary moves too, and the
    // other rook reaches d1: asked.
    for (text, other) in [
        ("Kc1", "King Bella one Cesar one"),
        ("Rf1", "Rook Hector one Felix one"),
        ("Rd1", "Rook Hector one David one"),
    ] {
        match reading_960(fen, text) {
            Reading::Ambiguous { question, .. } => {
                assert!(question.contains(other), "{text}: {question}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // In standard chess a rook move stays a rook move.
    assert_eq!(
        reading_in("en", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Rook Felix one"),
        Reading::Move(uci("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1f1"))
    );
}
