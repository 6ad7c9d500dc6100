//! What the score says about a game besides its moves, asked for in line
//! mode (`tags`, or the pack's word): players with ratings, event, site,
//! the date said as a date, round, time control, opening and how the game
//! ended; tags the score leaves unknown are left out; and a file of several
//! games says how many it holds when it opens.

use crate::common;

use std::path::{Path, PathBuf};

const GAMES: &str = "[Event \"Tata Steel Masters\"]\n[Site \"Wijk aan Zee NED\"]\n\
[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"Giri, Anish\"]\n[Black \"Gukesh, D\"]\n\
[Result \"0-1\"]\n[WhiteElo \"2749\"]\n[BlackElo \"2720\"]\n[TimeControl \"40/7200:1800+30\"]\n\
[ECO \"C50\"]\n[Opening \"Italian Game\"]\n[Termination \"time forfeit\"]\n\n\
1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 0-1\n\n\
[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[White \"?\"]\n[Black \"Somebody\"]\n\
[Result \"*\"]\n\n1. d4 *\n";

fn file(name: &str, text: &str) -> PathBuf {
    common::pgn_file(name, text)
}

fn lines(name: &str, voice: &str, path: &Path, script: &str) -> Vec<String> {
    common::analysed(&common::empty_home(name), voice, path, script)
}

#[test]
fn the_games_tags_are_said_in_german_and_in_portuguese() {
    let path = file("tags-file", GAMES);
    let de = lines(
        "tags-de",
        "fide",
        &path,
        "Partiedaten\ngame 2\ntags\nquit\n",
    );
    assert_eq!(
        de,
        [
            "Die Datei enthält zwei Partien",
            "Partie 1: Giri, Anish gegen Gukesh, D; Tata Steel Masters; 2. Januar 2024; Schwarz gewinnt",
            "Giri, Anish, Wertung 2749 gegen Gukesh, D, Wertung 2720; Turnier: Tata Steel Masters; \
             Ort: Wijk aan Zee NED; gespielt am 2. Januar 2024; Runde 3; Bedenkzeit: zwei Stunden \
             für vierzig Züge, dann dreißig Minuten, dreißig Sekunden pro Zug ab Zug einundvierzig; \
             Eröffnung: Italian Game; ECO C50; Schwarz gewinnt, durch Zeitüberschreitung",
            "Partie 2: unbekannt gegen Somebody; ohne Ergebnis",
            "unbekannt gegen Somebody; ohne Ergebnis",
        ]
    );
    let pt = lines("tags-pt", "pt", &path, "dados\ninfo\nquit\n");
    assert_eq!(pt[0], "o ficheiro tem duas partidas");
    assert!(
        pt[2].contains("jogada em 2 de janeiro de 2024; ronda 3")
            && pt[2].ends_with("as Pretas ganham, por tempo"),
        "{pt:?}"
    );
    assert_eq!(pt[2], pt[3], "info is the same command");
    assert!(pt.iter().all(|l| !l.contains('?')), "{pt:?}");
}

#[test]
fn a_file_of_one_game_opens_without_a_count() {
    let one = GAMES.split("\n\n[Event").next().unwrap().to_string() + "\n";
    let path = file("tags-one", &one);
    let en = lines("tags-en", "en", &path, "tags\nquit\n");
    assert_eq!(
        en[0],
        "game 1: Giri, Anish against Gukesh, D; Tata Steel Masters; 2 January 2024; Black wins"
    );
    assert!(en[1].ends_with("Black wins, on time"), "{en:?}");
}

#[test]
fn moves_named_in_a_comment_are_said_in_the_packs_words() {
    let path = file(
        "comment-moves",
        "[Event \"Club\"]\n[White \"Ana\"]\n[Black \"Rui\"]\n[Result \"*\"]\n\n\
         1. e4 e5 2. Nf3 {Nd5 was best, or 2...Qh4+} Nc6 *\n",
    );
    let en = lines("comment-moves-en", "en", &path, "n\nn\nn\nquit\n");
    assert_eq!(
        en[3],
        "two, White: Knight Felix three. comment: Knight David five was best, or 2... Queen \
         Hector four check",
        "{en:?}"
    );
    let de = lines("comment-moves-de", "fide", &path, "n\nn\nn\nquit\n");
    assert_eq!(
        de[3],
        "zwei, Weiß: Springer Felix drei. Kommentar: Springer David fünf was best, or 2... \
         Dame Hector vier Schach",
        "{de:?}"
    );
}
