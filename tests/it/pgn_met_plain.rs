//! PGN as real files write it beyond the standard, read where it has one
//! meaning, in line mode: moves as two squares with a capital promotion
//! letter (`d7d8Q`), a tag with quotes left unescaped inside its value, and
//! the lines some engines' collections keep between games (mail headers),
//! which are passed over rather than listed as games.

use crate::common;

use std::path::{Path, PathBuf};

fn file(name: &str, text: &str) -> PathBuf {
    common::pgn_file(name, text)
}

fn lines(name: &str, voice: &str, path: &Path, script: &str) -> Vec<String> {
    common::analysed(&common::empty_home(name), voice, path, script)
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
    assert_eq!(
        de[1], "eins, Weiß: David acht Umwandlung in Dame Schach",
        "{de:?}"
    );
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

/// The program's output and its exit status for `path`.
fn refused(name: &str, path: &PathBuf) -> (String, i32) {
    let output = common::quiet_zweibrett(&common::empty_home(name))
        .args(["--voice", "en", "analyse"])
        .arg(path)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

#[test]
fn damaged_text_is_described_not_read_out() {
    let dir = common::empty_home("met-damaged");
    let path = dir.join("damaged.pgn");
    let mut bytes = b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 2. ".to_vec();
    bytes.extend_from_slice(&[1, 2, 0xff, 0xfe, 0x80]);
    bytes.extend_from_slice(b"garbage");
    bytes.extend_from_slice(&[0x7f, 3, 4]);
    bytes.extend_from_slice(b" Nf3 *\n");
    std::fs::write(&path, &bytes).unwrap();
    let en = lines("met-damaged-en", "en", &path, "n\nn\nn\nquit\n");
    assert_eq!(
        en[1], "game 1 is broken, line 4: damaged text: ÿþ garbage",
        "{en:?}"
    );
    assert_eq!(
        en[4],
        "the score breaks off at two, White: damaged text: ÿþ garbage"
    );
    let es = lines("met-damaged-es", "es", &path, "n\nn\nn\nquit\n");
    assert_eq!(
        es[4], "la planilla se interrumpe en dos, Blancas: texto dañado: ÿþ garbage",
        "{es:?}"
    );
    // Bytes that are no characters at all.
    let path = dir.join("nothing.pgn");
    let mut bytes = b"[Event \"x\"]\n[Result \"*\"]\n\n1. e4 ".to_vec();
    bytes.extend_from_slice(&[1, 2, 3, 0x80, 0x81]);
    bytes.extend_from_slice(b" *\n");
    std::fs::write(&path, &bytes).unwrap();
    let en = lines("met-nothing-en", "en", &path, "quit\n");
    assert_eq!(
        en[1], "game 1 is broken, line 4: damaged text: no printable characters",
        "{en:?}"
    );
}

#[test]
fn a_utf16_file_is_refused_by_name_and_random_bytes_hold_no_game() {
    let dir = common::empty_home("met-utf16");
    let path = dir.join("utf16.pgn");
    let text = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
    let mut bytes = vec![0xff, 0xfe];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    std::fs::write(&path, &bytes).unwrap();
    let (stderr, code) = refused("met-utf16-run", &path);
    assert!(
        stderr.contains("the file is UTF-16 text (little-endian, its byte-order mark says so)"),
        "{stderr}"
    );
    assert_eq!(code, 1);
    let path = dir.join("random.pgn");
    // Bytes from a fixed generator: no tag and no move among them.
    let mut x: u32 = 0x9e37_79b9;
    let random: Vec<u8> = (0..4096)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            (x >> 24) as u8
        })
        .collect();
    std::fs::write(&path, &random).unwrap();
    let (stderr, code) = refused("met-random-run", &path);
    assert!(stderr.contains("the file holds no game"), "{stderr}");
    assert_eq!(code, 1);
}
