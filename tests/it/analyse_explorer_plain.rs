//! The opening explorer in line mode, in the English and German packs: the
//! tree built on first asking and kept beside the file, the moves at a
//! position with their games and scores, the one game that went a way,
//! and a way no game went.

use std::path::{Path, PathBuf};

use crate::common;

fn home() -> PathBuf {
    common::empty_home("explorer")
}

/// Five games: two open with 1. e4 e5 2. Nf3 Nc6 and two more reach that
/// position, one of them by a transposition; one Sicilian; one 1. d4. The
/// first game's variation 2. f4 is a way no game went.
fn openings(name: &str) -> PathBuf {
    let path = home().join(name);
    let games = [
        (
            "Anna",
            "1-0",
            "1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 3. Bb5 a6 1-0",
        ),
        ("Bert", "0-1", "1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 0-1"),
        ("Cora", "1/2-1/2", "1. Nf3 Nc6 2. e4 e5 3. Bc4 Bc5 1/2-1/2"),
        ("Dirk", "1-0", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 1-0"),
        ("Eva", "*", "1. d4 d5 2. c4 *"),
    ];
    let text: String = games
        .iter()
        .map(|(white, result, moves)| {
            format!("[White \"{white}\"]\n[Black \"Rival\"]\n[Result \"{result}\"]\n\n{moves}\n\n")
        })
        .collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn run(file: &Path, voice: &str, script: &str) -> Vec<String> {
    let file = file.to_str().unwrap();
    common::quiet_lines(&home(), &["analyse", file, "--voice", voice], script)
}

#[test]
fn the_explorer_builds_its_tree_once_and_says_the_games_moves_in_english() {
    let file = openings("english.pgn");
    let kept = home().join("english.pgn.openings");
    let _ = std::fs::remove_file(&kept);
    // The first question builds the tree; the answer follows it.
    let lines = run(&file, "en", "explore\n");
    assert_eq!(
        lines[2..],
        [
            "building the opening tree of five games; the answer follows",
            "five games reached this position. Eva four: three games, White sixty-seven, \
             drawn zero, Black thirty-three percent; Knight Felix three: game three, draw; \
             David four: game five, no result",
        ],
        "{lines:#?}"
    );
    assert!(kept.exists(), "the tree is kept beside the file");
    // Kept, it answers at once; 2. Nf3 Nc6 is reached in two orders.
    let lines = run(
        &file,
        "en",
        "n\nn\nn\nexplore\nn\nexplore\nn\nexplore\nstart\nn\nn\nvariation\nexplore\n",
    );
    let said: Vec<&str> = lines
        .iter()
        .map(String::as_str)
        .filter(|l| l.contains("this position") || l.contains("this way"))
        .collect();
    assert_eq!(
        said,
        [
            "two games reached this position. Knight Cesar six: game one, White wins; \
             Knight Felix six: game two, Black wins",
            "two games reached this position. Bishop Bella five: game one, White wins; \
             Bishop Cesar four: game three, draw",
            "only game one reached this position: Anna against Rival, White wins; it went on \
             with Anna six",
            "no game of the file reaches this position this way",
        ],
        "{lines:#?}"
    );
}

#[test]
fn the_explorer_answers_in_german_and_names_the_one_game_that_went_a_way() {
    let file = openings("deutsch.pgn");
    let _ = std::fs::remove_file(home().join("deutsch.pgn.openings"));
    let lines = run(&file, "fide", "Baum\n");
    assert_eq!(
        lines.last().unwrap(),
        "fünf Partien haben diese Stellung erreicht. Eva vier: drei Partien, Weiß \
         siebenundsechzig, remis null, Schwarz dreiunddreißig Prozent; Springer Felix drei: \
         Partie drei, Remis; David vier: Partie fünf, ohne Ergebnis"
    );
    // Game 4 is the only Sicilian; after 1. e4 e5 2. Bc4 none went on.
    let lines = run(&file, "fide", "Partie 4\nvor\nvor\nBaum\nEröffnungsbaum\n");
    assert!(
        lines.iter().any(|l| l.starts_with("nur Partie vier hat diese Stellung erreicht: Dirk gegen Rival")),
        "{lines:#?}"
    );
}
