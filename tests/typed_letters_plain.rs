//! Piece letters of every language typed in a game in line mode (Appendix
//! C.3): the FIDE pack reads them all and asks where one letter is two
//! pieces; a letter that is a piece in some language is never a file; the
//! configuration names the letters a player types.

mod common;

use common::plain::{data_dir, zweibrett};

/// What the program printed for `input` in a game with `args`, and the
/// configuration `config` when given.
fn game(name: &str, config: Option<&str>, args: &[&str], input: &str) -> String {
    let d = data_dir("letters", name);
    if let Some(text) = config {
        std::fs::create_dir_all(d.join("config/zweibrett")).unwrap();
        std::fs::write(d.join("config/zweibrett/config.toml"), text).unwrap();
    }
    let out = zweibrett(&d)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&d);
    String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap()
}

const PLAYER: &[&str] = &["play", "--repetition", "off", "--press", "auto"];

/// A game from a position where the rook a1 and the king e1 can both go
/// to d1.
const ROOK_AND_KING: &[&str] = &[
    "play",
    "--repetition",
    "off",
    "--press",
    "auto",
    "--fen",
    "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
];

#[test]
fn a_spanish_knight_is_a_knight_in_the_fide_pack_never_a_pawn() {
    let out = game("fide-c", None, PLAYER, "e4\nCc6\nCf3\nAc5\nFb5\nquit\n");
    assert!(
        out.contains("announced: 1... Nc6: Springer Cesar sechs"),
        "{out}"
    );
    assert!(
        out.contains("announced: 2. Nf3: Springer Felix drei"),
        "{out}"
    );
    // The Spanish bishop cannot reach c5 yet: refused, nothing played.
    assert!(
        out.contains(
            "answer: Läufer Cesar fünf: der Weg nach Cesar fünf ist auf Eva sieben versperrt"
        ),
        "{out}"
    );
    assert!(!out.contains("2... c5"), "{out}");
    // The French bishop (fou) is read as a bishop, and is refused as well.
    assert!(
        out.contains("answer: Läufer Bella fünf: Läufer kann Bella fünf nicht erreichen"),
        "{out}"
    );
}

#[test]
fn a_letter_that_is_two_pieces_is_asked_about_and_answered() {
    // R is the rook in English and German, the king in Spanish, French and
    // Portuguese: with both able to go to d1 the player picks one.
    let out = game("fide-r", None, ROOK_AND_KING, "Rd1\n2\nquit\n");
    assert!(
        out.contains(
            "answer: Welcher Zug: Turm Anna eins David eins oder König Eva eins David eins?"
        ),
        "{out}"
    );
    assert!(out.contains("announced: 1. Kd1: König David eins"), "{out}");
}

#[test]
fn the_english_pack_reads_no_foreign_letter_as_a_file() {
    // C is a knight in Spanish, Portuguese, French and Italian: never the
    // c-file, so "Cc6" is not the pawn's move c6.
    let out = game(
        "en-c",
        None,
        &["--voice", "en", "play"],
        "e4\nCc6\nc6\nquit\n",
    );
    assert!(out.contains("answer: Not understood: Cc6"), "{out}");
    assert!(out.contains("announced: 1... c6: Cesar six"), "{out}");
    assert!(!out.contains("1... Nc6"), "{out}");
}

#[test]
fn the_configuration_names_the_letters_a_player_types() {
    let config = "[game]\npiece_letters = [\"es\"]\n";
    let out = game(
        "en-es",
        Some(config),
        &["--voice", "en", "play"],
        "e4\nCc6\nquit\n",
    );
    assert!(
        out.contains("announced: 1... Nc6: Knight Cesar six"),
        "{out}"
    );
    // With German letters alone the FIDE pack asks nothing about R: it is
    // the rook.
    let config = "[game]\npiece_letters = [\"de\"]\n";
    let out = game("fide-de", Some(config), ROOK_AND_KING, "Rd1\nquit\n");
    assert!(out.contains("announced: 1. Rd1: Turm David eins"), "{out}");
    // A language with no letters known is refused by name, with those
    // that are.
    let out = game(
        "bad",
        Some("[game]\npiece_letters = [\"xx\"]\n"),
        &["play"],
        "quit\n",
    );
    assert!(
        out.contains("[game] piece_letters = \"xx\" is not allowed; it may be \"every\" or language subtags: en, de"),
        "{out}"
    );
}
