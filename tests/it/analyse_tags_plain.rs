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
            "Partie 1: Giri, Anish gegen Gukesh, D; Tata Steel Masters; am zweiten Januar zweitausendvierundzwanzig; Schwarz gewinnt",
            "Giri, Anish, Wertung 2749 gegen Gukesh, D, Wertung 2720; Turnier: Tata Steel Masters; \
             Ort: Wijk aan Zee NED; gespielt am zweiten Januar zweitausendvierundzwanzig; Runde 3; Bedenkzeit: zwei Stunden \
             für vierzig Züge, dann dreißig Minuten, dreißig Sekunden pro Zug ab Zug einundvierzig; \
             Eröffnung: Italian Game; ECO C50; Schwarz gewinnt, durch Zeitüberschreitung",
            "Partie 2: unbekannt gegen Somebody; ohne Ergebnis",
            "unbekannt gegen Somebody; ohne Ergebnis",
        ]
    );
    let pt = lines("tags-pt", "pt", &path, "dados\ninfo\nquit\n");
    assert_eq!(pt[0], "o ficheiro tem duas partidas");
    assert!(
        pt[2].contains("jogada a dois de janeiro de dois mil e vinte e quatro; ronda 3")
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
        "game 1: Giri, Anish against Gukesh, D; Tata Steel Masters; on the second of January twenty twenty-four; Black wins"
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

/// Morphy's game in the opera box, with what annotators write: a date,
/// glyphs beyond the first six, variations to the first move, and clock
/// times over an hour.
const ANNOTATED: &str = "[Event \"Paris\"]\n[Date \"1858.11.02\"]\n[White \"Morphy, Paul\"]\n\
[Black \"Duke Karl / Count Isouard\"]\n[Result \"1-0\"]\n\n\
{ The opera game. } 1. e4 { [%clk 1:05:32] } (1. d4 d5) 1... e5 $7 { [%clk 1:00:07] } \
2. Nf3 $36 d6 $146 3. d4 $22 1-0\n";

#[test]
fn dates_glyphs_first_variations_and_long_clock_times_are_said_whole_in_english_and_german() {
    let path = file("annotated-words", ANNOTATED);
    let en = lines(
        "annotated-en",
        "en",
        &path,
        "tags\nnext\nclock\nnext\nclock\nnext\nnext\nnext\nquit\n",
    );
    assert_eq!(
        en,
        [
            "game 1: Morphy, Paul against Duke Karl / Count Isouard; Paris; on the second of November eighteen fifty-eight; White wins",
            "comment: The opera game.",
            "variation: one, White: David four",
            "Morphy, Paul against Duke Karl / Count Isouard; event: Paris; played on the second of November eighteen fifty-eight; White wins",
            "one, White: Eva four",
            "one, White: Eva four. clock one hour five minutes thirty-two seconds",
            "one, Black: Eva five. forced move",
            "one, Black: Eva five. clock one hour seven seconds",
            "two, White: Knight Felix three. White has the initiative",
            "two, Black: David six. novelty",
            "three, White: David four. White is in zugzwang",
        ]
    );
    let de = lines(
        "annotated-de",
        "fide",
        &path,
        "Partiedaten\nvor\nUhr\nvor\nUhr\nvor\nvor\nvor\nquit\n",
    );
    assert_eq!(
        de,
        [
            "Partie 1: Morphy, Paul gegen Duke Karl / Count Isouard; Paris; am zweiten November achtzehnhundertachtundfünfzig; Weiß gewinnt",
            "Kommentar: The opera game.",
            "Variante: eins, Weiß: David vier",
            "Morphy, Paul gegen Duke Karl / Count Isouard; Turnier: Paris; gespielt am zweiten November achtzehnhundertachtundfünfzig; Weiß gewinnt",
            "eins, Weiß: Eva vier",
            "eins, Weiß: Eva vier. Uhr eine Stunde fünf Minuten zweiunddreißig Sekunden",
            "eins, Schwarz: Eva fünf. erzwungener Zug",
            "eins, Schwarz: Eva fünf. Uhr eine Stunde sieben Sekunden",
            "zwei, Weiß: Springer Felix drei. Weiß hat die Initiative",
            "zwei, Schwarz: David sechs. Neuerung",
            "drei, Weiß: David vier. Weiß ist im Zugzwang",
        ]
    );
}

#[test]
fn an_english_comment_read_with_the_german_pack_says_its_moves_in_english() {
    let path = file(
        "comment-language",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n\
         1. e4 { A sharp move: after Nf3 and d4 White takes the centre at once. } \
         1... e5 { Ein ruhiger Zug, nach Sf3 und Lc4 steht Weiß etwas besser. } *\n",
    );
    let de = lines("comment-de", "fide", &path, "vor\nvor\nquit\n");
    assert_eq!(
        &de[1..],
        [
            "eins, Weiß: Eva vier. Kommentar: A sharp move: after Knight Felix three and David four White takes the centre at once.",
            "eins, Schwarz: Eva fünf. Kommentar: Ein ruhiger Zug, nach Springer Felix drei und Läufer Cesar vier steht Weiß etwas besser.",
        ]
    );
    let en = lines("comment-en", "en", &path, "next\nnext\nquit\n");
    assert_eq!(
        &en[1..],
        [
            "one, White: Eva four. comment: A sharp move: after Knight Felix three and David four White takes the centre at once.",
            "one, Black: Eva five. comment: Ein ruhiger Zug, nach Springer Felix drei und Läufer Cesar vier steht Weiß etwas besser.",
        ]
    );
}
