//! The pieces of a phrased move: the captured piece named, recogniser
//! spellings, promotion in words, and a wrong piece refused.

use super::*;

#[test]
fn the_captured_piece_may_be_named() {
    reads(
        "fide",
        TAKE_KNIGHT,
        "a4c6",
        &[
            "Läufer schlägt Springer auf Cesar sechs",
            "Läufer nimmt Springer c6",
            "Läufer schlägt den Springer auf Cesar sechs",
            "Läufer schlägt Springer",
        ],
    );
    reads(
        "fide",
        TAKE_KNIGHT,
        "d5c6",
        &[
            "Bauer schlägt Springer auf Cesar sechs",
            "David schlägt Springer",
            "Bauer nimmt Springer c6",
        ],
    );
    reads(
        "en",
        TAKE_KNIGHT,
        "a4c6",
        &["bishop takes knight on c six", "bishop takes the knight"],
    );
    reads("en", TAKE_KNIGHT, "d5c6", &["pawn takes knight on c6"]);
    reads(
        "pt",
        TAKE_KNIGHT,
        "a4c6",
        &["bispo toma cavalo em c6", "bispo come o cavalo"],
    );
    reads(
        "es",
        TAKE_KNIGHT,
        "a4c6",
        &["alfil come caballo en c6", "alfil toma el caballo"],
    );
    // The pawn, the bishop and the knight can take the knight: asked.
    asks(
        "fide",
        TAKE_KNIGHT,
        "schlägt Springer auf Cesar sechs",
        &["a4c6", "d5c6", "e5c6"],
    );
    let en_passant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    reads(
        "fide",
        en_passant,
        "e5d6",
        &[
            "Bauer schlägt Bauer David sechs en passant",
            "Eva schlägt Bauer",
        ],
    );
    let knight_takes_pawn = "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1";
    reads(
        "fide",
        knight_takes_pawn,
        "f3e5",
        &["Springer nimmt Bauer e5"],
    );
    reads(
        "en",
        knight_takes_pawn,
        "f3e5",
        &["knight takes a pawn on e five", "knight takes the pawn"],
    );
    // "a" after a capture word is still the a-file where a square follows.
    let bishop_takes_on_a6 = "4k3/8/n7/8/8/8/8/4KB2 w - - 0 1";
    reads(
        "en",
        bishop_takes_on_a6,
        "f1a6",
        &["bishop takes a six", "bishop takes a knight"],
    );
}

#[test]
fn a_letter_after_the_capture_sign_is_a_file_never_the_captured_piece() {
    // The e-pawn cannot take on d5, but could take the queen on f5: "exd"
    // and "e x d" are not "e takes the queen" (d, the German Dame).
    let fen = "4k3/8/8/3n1q2/4P3/8/8/4K3 w - - 0 1";
    for text in ["exd", "e x d", "exd5"] {
        match reading("fide", fen, text) {
            Reading::Move(m) => assert_eq!(m, uci(fen, "e4d5"), "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let only_the_queen = "4k3/8/8/5q2/4P3/8/8/4K3 w - - 0 1";
    for text in ["exd", "e x d", "Bxc6", "e x D"] {
        assert!(
            !matches!(reading("fide", only_the_queen, text), Reading::Move(_)),
            "{text}"
        );
    }
    reads("fide", only_the_queen, "e4f5", &["Eva schlägt Dame"]);
}

#[test]
fn a_captured_piece_that_is_not_there_is_refused_with_the_reason() {
    assert_eq!(
        refused("fide", TAKE_KNIGHT, "Läufer schlägt Turm auf Cesar sechs"),
        "Läufer schlägt Turm Cesar sechs: auf Cesar sechs steht keine solche Figur von Schwarz"
    );
    assert_eq!(
        refused("en", TAKE_KNIGHT, "bishop takes bishop on c six"),
        "Bishop takes Bishop Cesar six: there is no such Black piece on Cesar six"
    );
    // The knight is there, but the queen cannot reach it.
    assert_eq!(
        refused("fide", TAKE_KNIGHT, "Dame schlägt Springer auf Cesar sechs"),
        "Dame schlägt Springer Cesar sechs: Dame kann Cesar sechs nicht erreichen"
    );
    assert_eq!(
        refused("fide", TAKE_KNIGHT, "Läufer schlägt Dame"),
        "Läufer schlägt Dame: Läufer kann Dame nicht erreichen"
    );
    assert_eq!(
        refused(
            "fide",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "Turm schlägt Springer"
        ),
        "Turm schlägt Springer: Schwarz hat keine solche Figur"
    );
    // A king is never captured.
    not_understood("fide", TAKE_KNIGHT, "Läufer schlägt König");
}

#[test]
fn recogniser_spellings_of_the_appendix_d_words() {
    let fen = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
    reads(
        "fide",
        fen,
        "a1a4",
        &["Turm Anna für", "Turm a 4", "Turm Anna fier"],
    );
    reads(
        "fide",
        fen,
        "h1h6",
        &["Turm Hector sex", "Turm Hektor sächs"],
    );
    reads("fide", fen, "h1h7", &["Turm Hector siebn"]);
    reads(
        "fide",
        START,
        "e2e4",
        &["Ewa vier", "Efa für", "e 4", "Eva 4"],
    );
    reads("fide", START, "d2d4", &["Dawid vier", "Dawit für"]);
    reads("fide", START, "c2c3", &["Zäsar drei", "Zesar drei"]);
    reads(
        "fide",
        START,
        "g1f3",
        &[
            "Springer Felics drei",
            "Springer f drei",
            "Springer f 3",
            "Springer eff drei",
        ],
    );
    reads(
        "fide",
        START,
        "b1c3",
        &["Springer Zäsar drei", "Springer zeh drei"],
    );
    reads(
        "fide",
        "4k3/8/8/8/8/8/R7/4K3 w - - 0 1",
        "a2a1",
        &["Turm Anna ein"],
    );
    reads("en", START, "g1f3", &["knight eff three", "night f tree"]);
    reads("en", START, "c2c4", &["see four", "sea for"]);
    reads("en", START, "b1c3", &["knight see three"]);
    reads("en", START, "d2d4", &["dee four"]);
    reads("pt", START, "c2c3", &["cê três"]);
    reads("pt", START, "g1f3", &["cavalo efe três"]);
    reads("es", START, "c2c3", &["ce tres"]);
    reads("es", START, "h2h3", &["hache tres"]);
}

#[test]
fn a_recogniser_word_that_is_also_another_word_lets_the_position_decide() {
    // "a" is the a-file and the Spanish "to": "torre a tres" is the rook
    // to a3, "alfil a b5" the bishop to b5, from the a-file or not; when
    // both readings give moves, the reader asks.
    reads(
        "es",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "a1a3",
        &["torre a tres"],
    );
    reads(
        "es",
        "4k3/8/8/8/8/3B4/8/4K3 w - - 0 1",
        "d3b5",
        &["alfil a b5"],
    );
    reads(
        "es",
        "7k/8/8/8/B7/8/8/4K3 w - - 0 1",
        "a4b5",
        &["alfil a b5"],
    );
    asks(
        "es",
        "7k/8/8/8/B7/3B4/8/4K3 w - - 0 1",
        "alfil a b5",
        &["d3b5", "a4b5"],
    );
    // "um" is the Portuguese rank one and an English hesitation: the position
    // decides, and asks when both give a move.
    reads("en", START, "g1f3", &["um knight f3"]);
    let rook_on_a2 = "4k3/8/8/8/8/8/R7/4K3 w - - 0 1";
    reads("pt", rook_on_a2, "a2a1", &["torre a um"]);
    // With knights on b1 and e4, "um" as rank one picks the knight b1, as
    // a hesitation both knights: the reader asks.
    let two_knights = "4k3/8/8/8/4N3/8/8/1N2K3 w - - 0 1";
    asks(
        "en",
        two_knights,
        "Springer um Cesar drei",
        &["b1c3", "e4c3"],
    );
    reads(
        "en",
        "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1",
        "e4c3",
        &["um, knight c3"],
    );
    // "fuf" is a slip of "fünf" and of the filler "auf".
    let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
    reads("fide", fen, "h1h5", &["Turm Hektor fuf"]);
}

#[test]
fn promotion_phrased_in_words() {
    reads(
        "fide",
        PROMOTE,
        "b7b8q",
        &[
            "Bella acht wird Dame",
            "Bauer nach Bella acht und wird Dame",
            "Bella sieben Bella acht Umwandlung Dame",
            "Bella acht wird eine Dame",
            "Bella acht wird zur Dame",
            "Bella acht Umwandlung in eine Dame",
        ],
    );
    reads(
        "fide",
        PROMOTE,
        "b7b8r",
        &["Bauer nach Bella acht und wird Turm"],
    );
    reads(
        "fide",
        PROMOTE,
        "b7b8n",
        &["Bella sieben Bella acht Umwandlung Springer"],
    );
    reads(
        "fide",
        PROMOTE,
        "b7a8q",
        &[
            "Bauer schlägt Turm auf Anna acht und wird Dame",
            "Bella schlägt Turm wird Dame",
        ],
    );
    reads(
        "en",
        PROMOTE,
        "b7b8q",
        &[
            "b eight becomes a queen",
            "pawn to b8 promotes to a queen",
            "b8 turns into a queen",
        ],
    );
    reads(
        "en",
        PROMOTE,
        "b7b8n",
        &["b eight promotes to knight", "pawn b8 becomes a knight"],
    );
    reads(
        "en",
        PROMOTE,
        "b7a8r",
        &["pawn takes rook on a eight and promotes to rook"],
    );
    reads(
        "pt",
        PROMOTE,
        "b7b8q",
        &["b oito promove a dama", "peão b8 e promove a uma dama"],
    );
    reads("pt", PROMOTE, "b7b8n", &["b8 promove a um cavalo"]);
    reads(
        "es",
        PROMOTE,
        "b7b8q",
        &["b ocho corona dama", "peón a b8 y corona una dama"],
    );
    reads(
        "es",
        PROMOTE,
        "b7b8n",
        &["b8 promociona a caballo", "b8 se convierte en caballo"],
    );
    // Without the piece, the player is asked (D.2.1).
    asks(
        "en",
        PROMOTE,
        "b eight promotes",
        &["b7b8n", "b7b8b", "b7b8r", "b7b8q"],
    );
}

#[test]
fn a_wrong_piece_is_refused_never_read_as_another_move() {
    let reason = refused("fide", START, "Turm Eva vier");
    assert!(reason.starts_with("Turm Eva vier: "), "{reason}");
    let reason = refused("en", START, "I play rook to e four please");
    assert!(reason.starts_with("Rook Eva four: "), "{reason}");
    refused("pt", START, "eu jogo torre e quatro");
    refused("es", START, "juego torre e cuatro");
}
