//! Moves of the user's own in line mode, in the English and German packs:
//! a move typed at any position plays it in a side line kept in the game,
//! `back` returns, `save` keeps the game with it as a variation beside
//! the file, and unsaved moves are never dropped unasked.

use std::path::{Path, PathBuf};

use crate::common;

fn home() -> PathBuf {
    common::empty_home("own-moves")
}

/// A copy of the club's games in a folder of the test's own, so that the
/// saved games are written there.
fn club(name: &str) -> PathBuf {
    let dir = home().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("club.pgn");
    std::fs::copy("tests/data/club.pgn", &path).unwrap();
    let _ = std::fs::remove_file(dir.join("club.notes.pgn"));
    path
}

fn run(file: &Path, voice: &str, script: &str) -> Vec<String> {
    let file = file.to_str().unwrap();
    let args = ["analyse", file, "--game", "2", "--voice", voice];
    common::quiet_lines(&home(), &args, script)
}

#[test]
fn a_move_of_your_own_plays_a_side_line_that_back_leaves_and_save_keeps_in_english() {
    let file = club("english");
    let lines = run(
        &file,
        "en",
        "d4\nd5\nKe2\nback\nback\nn\ngame 3\nsave\ngame 5\nend\nKe2\n",
    );
    let from = lines
        .iter()
        .position(|l| l.starts_with("comment: A quiet"))
        .unwrap()
        + 1;
    assert_eq!(
        lines[from..from + 7],
        [
            "variation one: one, White: David four",
            "one, Black: David five",
            "King Eva two: Eva two holds a White piece already",
            "back to one, White: David four",
            "start position",
            "one, White: Eva four",
            "your own moves in this game are not saved: save keeps them, game 3 leaves \
             without them",
        ],
        "{lines:#?}"
    );
    let saved = file.with_file_name("club.notes.pgn");
    assert_eq!(
        lines[from + 7],
        format!(
            "saved with your variations as game one of {}",
            saved.display()
        )
    );
    let kept = std::fs::read_to_string(&saved).unwrap();
    assert!(kept.contains("[White \"Müller, Klaus\"]"), "{kept}");
    assert!(kept.contains("1. e4 (1. d4 d5) 1... e5 2. Nf3"), "{kept}");
    assert!(lines[from + 8].starts_with("game 5: "), "{lines:#?}");
    assert_eq!(
        lines.last().unwrap(),
        "the game ends here: try your move in place of one of its moves"
    );
    // The file itself is never changed.
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read("tests/data/club.pgn").unwrap()
    );
}

#[test]
fn a_move_of_your_own_is_typed_in_the_packs_words_and_saved_in_german() {
    let file = club("deutsch");
    let lines = run(
        &file,
        "fide",
        "vor\nvor\nSpringer c3\nspeichern\nPartie 3\n",
    );
    let from = lines
        .iter()
        .position(|l| l.starts_with("Kommentar"))
        .unwrap()
        + 3;
    assert!(
        lines[from].starts_with("Variante eins: zwei, Weiß: Springer Cesar drei"),
        "{lines:#?}"
    );
    assert!(lines[from + 1].starts_with("mit deinen Varianten gespeichert als Partie eins in "));
    assert!(lines[from + 2].starts_with("Partie 3: "), "{lines:#?}");
    let kept = std::fs::read_to_string(file.with_file_name("club.notes.pgn")).unwrap();
    assert!(kept.contains("2. Nf3 (2. Nc3)"), "{kept}");
}

#[test]
fn the_engine_says_what_it_thinks_of_a_move_of_your_own() {
    let Some(_) = zweibrett_session::engine::find_engine(None) else {
        common::cannot_run("no stockfish is installed");
        return;
    };
    let file = club("engine");
    let file = file.to_str().unwrap();
    let args = [
        "analyse",
        file,
        "--game",
        "2",
        "--voice",
        "en",
        "--engine-time",
        "300",
    ];
    let lines = common::quiet_lines(&home(), &args, "n\nf6\n");
    let tried = lines
        .iter()
        .position(|l| l == "variation one: one, Black: Felix six")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert!(
        lines[tried + 1..].iter().any(|l| l.starts_with("White is")),
        "{lines:#?}"
    );
}
