//! PGN as real files write it beyond the standard, read where it has one
//! meaning, in line mode: moves as two squares with a capital promotion
//! letter (`d7d8Q`), a tag with quotes left unescaped inside its value, and
//! the lines some engines' collections keep between games (mail headers),
//! which are passed over rather than listed as games.

mod common;

use std::path::PathBuf;

fn file(name: &str, text: &str) -> PathBuf {
    let path = common::empty_home(name).join("games.pgn");
    std::fs::write(&path, text).unwrap();
    path
}

fn lines(name: &str, voice: &str, path: &PathBuf, script: &str) -> Vec<String> {
    let output = common::quiet_zweibrett(&common::empty_home(name))
        .args(["--voice", voice, "analyse"])
        .arg(path)
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn moves_written_as_two_squares_are_read_with_their_promotion() {
    let path = file(
        "met-squares",
        "[Event \"Endgame\"]\n[FEN \"7k/3P4/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\
         [Result \"*\"]\n\n1. d7d8Q+ Kg7 2. d8e7 Kg6 3. e1e2 *\n",
    );
    let en = lines("met-squares-en", "en", &path, "n\nn\nn\nn\nn\nquit\n");
    assert_eq!(
        &en[1..],
        [
            "one, White: David eight promotes to Queen check",
            "one, Black: King Gustav seven",
            "two, White: Queen Eva seven check",
            "two, Black: King Gustav six",
            "three, White: King Eva two",
        ],
        "{en:?}"
    );
    let de = lines("met-squares-de", "fide", &path, "n\nquit\n");
    assert_eq!(de[1], "eins, Weiß: David acht Umwandlung in Dame Schach", "{de:?}");
}

#[test]
fn a_tag_with_quotes_inside_is_read_as_other_readers_read_it() {
    let path = file(
        "met-quote",
        "[Event \"LA CC Handicap Tour \"C\"\"]\n[Site \"Los Angeles\"]\n[White \"Ana\"]\n\
         [Black \"Rui\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
         [Event \"Second\"]\n[White \"Eva\"]\n[Black \"Ivo\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n",
    );
    let pt = lines("met-quote-pt", "pt", &path, "dados\ngames\nquit\n");
    assert_eq!(
        pt,
        [
            "o ficheiro tem duas partidas",
            "partida 1: Ana contra Rui; LA CC Handicap Tour \"C\"; as Brancas ganham",
            "Ana contra Rui; torneio: LA CC Handicap Tour \"C\"; local: Los Angeles; as Brancas ganham",
            "partida 1: Ana contra Rui; LA CC Handicap Tour \"C\"; as Brancas ganham",
            "partida 2: Eva contra Ivo; Second; as Pretas ganham",
        ]
    );
}

#[test]
fn lines_between_games_that_are_no_pgn_are_passed_over() {
    let game = |white: &str, moves: &str, result: &str| {
        format!(
            "[Event \"ICC 5 3\"]\n[White \"{white}\"]\n[Black \"engine\"]\n[Result \"{result}\"]\n\n\
             {moves} {result}\n\n"
        )
    };
    let junk = "\tfor <engine@localhost>; Mon, 4 Dec 2006 12:17:10 -0600\n\
                \tby localhost with POP3 (fetchmail-6.2.5)\n\n";
    let mut text = String::new();
    for i in 0..12 {
        text.push_str(&game(&format!("player{i}"), "1. e4 e5 2. Nf3", "*"));
        text.push_str(junk);
    }
    let path = file("met-junk", &text);
    let en = lines("met-junk-en", "en", &path, "game 12\nend\nquit\n");
    assert_eq!(en[0], "the file holds twelve games", "{en:?}");
    assert!(en.iter().all(|l| !l.contains("broken")), "{en:?}");
    assert!(
        en.iter()
            .any(|l| l.starts_with("game 12: player11 against engine")),
        "{en:?}"
    );
    assert!(
        en.iter().any(|l| l == "two, White: Knight Felix three"),
        "{en:?}"
    );
    let de = lines("met-junk-de", "fide", &path, "quit\n");
    assert_eq!(de[0], "Die Datei enthält zwölf Partien", "{de:?}");
}
