//! `zweibrett say` and `zweibrett parse` driven as a user would.

use crate::common;

use assert_cmd::Command;

fn zweibrett() -> Command {
    common::without_user_data()
}

fn stdout(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().unwrap().stdout).unwrap()
}

#[test]
fn say_prints_one_line_per_move_in_sequence() {
    let out = stdout(zweibrett().args([
        "say",
        "e4",
        "e5",
        "Springer Gustav eins Felix drei",
        "Sc6",
        "Bb5",
    ]));
    assert_eq!(
        out,
        "Eva vier\nEva fünf\nSpringer Felix drei\nSpringer Cesar sechs\nLäufer Bella fünf\n"
    );
}

#[test]
fn say_in_the_long_form_and_another_pack() {
    let out = stdout(zweibrett().args(["say", "--long", "--voice", "en", "e4", "g8f6"]));
    assert_eq!(
        out,
        "Pawn Eva two Eva four\nKnight Gustav eight Felix six\n"
    );
}

#[test]
fn say_stops_at_a_wrong_move_with_exit_one() {
    let assert = zweibrett().args(["say", "e4", "e4"]).assert().code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(out, "Eva vier\n");
    assert!(err.contains("Zug 2 „e4“"), "{err}");
    assert!(err.contains("Bauer Eva vier"), "{err}");
}

#[test]
fn parse_json_gives_exactly_one_line_per_result_kind() {
    let out = stdout(zweibrett().args(["parse", "--json", "Springer Gustav eins Felix drei"]));
    assert_eq!(
        out,
        "{\"status\":\"move\",\"uci\":\"g1f3\",\"san\":\"Nf3\",\"spoken\":\"Springer Felix drei\"}\n"
    );
    let fen = "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
    let assert = zweibrett()
        .args(["parse", "--json", "--fen", fen, "Springer David zwei"])
        .assert()
        .code(1);
    assert_eq!(
        String::from_utf8(assert.get_output().stdout.clone()).unwrap(),
        "{\"status\":\"ambiguous\",\"candidates\":[\"b1d2\",\"f3d2\"],\"question\":\"Welcher Springer: von Bella eins oder von Felix drei?\"}\n"
    );
    let assert = zweibrett()
        .args(["parse", "--json", "Dame Hector fünf"])
        .assert()
        .code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert!(
        out.starts_with("{\"status\":\"illegal\",\"reason\":\"Dame Hector fünf: "),
        "{out}"
    );
    let assert = zweibrett()
        .args(["parse", "--json", "Wolke sieben"])
        .assert()
        .code(1);
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    assert_eq!(
        out,
        "{\"status\":\"unrecognized\",\"reason\":\"Nicht verstanden: Wolke\"}\n"
    );
}

#[test]
fn castling_uci_is_king_to_destination() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = stdout(zweibrett().args(["parse", "--json", "--fen", fen, "Lange Rochade"]));
    assert!(out.contains("\"uci\":\"e1c1\""), "{out}");
    assert!(out.contains("\"san\":\"O-O-O\""), "{out}");
}

#[test]
fn parse_without_json_speaks_the_move() {
    let out = stdout(zweibrett().args(["parse", "Sbd2"]).env("LANG", "C"));
    assert!(
        out.starts_with("Springer Bella David zwei: "),
        "b1 to d2 is blocked: {out}"
    );
    let out = stdout(zweibrett().args(["parse", "e", "vier"]));
    assert_eq!(out, "Eva vier (SAN e4, UCI e2e4)\n");
}

#[test]
fn bad_options_are_usage_errors_naming_what_is_wrong() {
    let assert = zweibrett()
        .args(["parse", "--fen", "not a fen", "e4"])
        .assert()
        .code(2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(err.contains("--fen") && err.contains("not a fen"), "{err}");
    let assert = zweibrett()
        .args(["say", "--voice", "klingon", "e4"])
        .assert()
        .code(2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(err.contains("klingon") && err.contains("fide"), "{err}");
    zweibrett().args(["say"]).assert().code(2);
}

#[test]
fn a_broken_voice_pack_file_is_reported_with_file_key_and_line() {
    let dir = tempdir();
    let path = dir.join("mine.toml");
    let text = std::fs::read_to_string("voices/fide.toml")
        .unwrap()
        .replace("knight = \"Springer\"", "knight = \"Eva\"");
    std::fs::write(&path, text).unwrap();
    let assert = zweibrett()
        .args(["say", "--voice", path.to_str().unwrap(), "e4"])
        .assert()
        .code(2);
    let err = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("mine.toml") && err.contains("pieces.knight") && err.contains("line"),
        "{err}"
    );
}

fn tempdir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zweibrett-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
