//! Piece letters of every language typed in a game in line mode (Appendix
//! C.3): the FIDE pack reads German and English ones; with every
//! language's it reads them all, asks where one letter is two pieces and
//! refuses another language's meaning of the player's own letter; a letter
//! that is a piece in some language is never a file; the configuration
//! names the letters a player types, and `parse` reads them as a game does.

use crate::common;

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

/// Every language's letters, the player's own being German and English.
const EVERY: Option<&str> = Some("[game]\npiece_letters = [\"every\"]\n");

#[test]
fn a_spanish_knight_is_a_knight_with_every_languages_letters_never_a_pawn() {
    let out = game("fide-c", EVERY, PLAYER, "e4\nCc6\nCf3\nAc5\nFb5\nquit\n");
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
    let out = game("fide-r", EVERY, ROOK_AND_KING, "Rd1\n2\nquit\n");
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

#[test]
fn appendix_c3_the_fide_pack_reads_german_and_english_letters_and_no_other() {
    // "Each player is free to use the names which are commonly used in
    // his country" (C.3): by default the pack's country's and English.
    let out = game("fide-own", None, PLAYER, "Sf3\nNc6\nCc3\nquit\n");
    assert!(
        out.contains("announced: 1. Nf3: Springer Felix drei"),
        "{out}"
    );
    assert!(
        out.contains("announced: 1... Nc6: Springer Cesar sechs"),
        "{out}"
    );
    assert!(out.contains("answer: Nicht verstanden: Cc3"), "{out}");
    // R is the rook only: no question whether it is the Spanish king.
    let out = game("fide-r-own", None, ROOK_AND_KING, "Rd1\nquit\n");
    assert!(out.contains("announced: 1. Rd1: Turm David eins"), "{out}");
}

#[test]
fn appendix_c3_another_languages_meaning_of_an_own_letter_is_refused_naming_it() {
    // R is the rook in English; only as the Finnish, Icelandic or
    // Estonian knight could it go to h3. Refused, nothing played.
    let out = game("fide-every-r", EVERY, PLAYER, "Rh3\nNh3\nquit\n");
    assert!(
        out.contains(
            "answer: Rh3 wird nicht gespielt: R ist in Ihren Figurenbuchstaben Turm, \
             Springer nur in denen von suomi, íslenska, eesti."
        ),
        "{out}"
    );
    assert!(
        out.contains("announced: 1. Nh3: Springer Hector drei"),
        "{out}"
    );
    assert!(!out.contains("1. Rh3"), "{out}");
}

#[test]
fn parse_reads_the_letters_the_configuration_names() {
    let spanish = Some("[game]\npiece_letters = [\"es\"]\n");
    let out = game("parse-es", spanish, &["parse", "Cf3"], "");
    assert!(out.starts_with("Springer Felix drei (SAN Nf3"), "{out}");
    let out = game("parse-own", None, &["parse", "Cf3"], "");
    assert!(out.contains("Nicht verstanden: Cf3"), "{out}");
    let out = game("say-es", spanish, &["say", "Cf3", "Cc6"], "");
    assert_eq!(out, "Springer Felix drei\nSpringer Cesar sechs\n");
}
