//! The command line as a user meets it: each subcommand's help lists only
//! the options it uses, and the options of screen, speech and voice count
//! for a subcommand whether written before it or after it.

use crate::common;

fn run(args: &[&str], input: &str) -> (Option<i32>, String) {
    let home = common::empty_home("cli-options");
    let out = common::quiet_zweibrett(&home)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn a_subcommands_help_lists_only_its_own_options() {
    let (code, help) = run(&["say", "--help"], "");
    assert_eq!(code, Some(0));
    for foreign in [
        "--listen",
        "--keep-audio",
        "--theme",
        "--screen-reader",
        "--speech-rate",
    ] {
        assert!(
            !help.contains(foreign),
            "say --help lists {foreign}:\n{help}"
        );
    }
    assert!(help.lines().count() < 25, "{help}");
    let (_, help) = run(&["play", "--help"], "");
    for own in [
        "--listen",
        "--theme",
        "--plain",
        "--system-voice",
        "--voice",
    ] {
        assert!(help.contains(own), "play --help lacks {own}");
    }
    // An option the subcommand has no use for is refused, not ignored.
    let (code, said) = run(&["say", "--listen", "e4"], "");
    assert_eq!(code, Some(2), "{said}");
}

#[test]
fn options_before_or_after_the_subcommand_are_one_command() {
    let pgn = common::empty_home("cli-options-pgn").join("game.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let pgn = pgn.to_str().unwrap();
    let before = run(
        &["--voice", "en", "--plain", "analyse", pgn],
        "next\nquit\n",
    );
    let after = run(
        &["analyse", "--voice", "en", "--plain", pgn],
        "next\nquit\n",
    );
    assert_eq!(before.0, Some(0), "{}", before.1);
    assert!(before.1.contains("Eva four"), "{}", before.1);
    assert_eq!(before, after);
    // Written after the subcommand, an option wins.
    let (_, said) = run(&["--voice", "fide", "say", "--voice", "en", "e4"], "");
    assert_eq!(said.trim(), "Eva four");
    let (_, said) = run(&["--voice", "en", "say", "e4"], "");
    assert_eq!(said.trim(), "Eva four");
}
