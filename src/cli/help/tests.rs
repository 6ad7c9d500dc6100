use std::collections::BTreeSet;

use super::*;
use crate::notation::pack::BUILTIN;

fn pack(id: &str) -> VoicePack {
    VoicePack::builtin(id)
}

/// The help `arguments` ask for, as the pack says it.
fn help_of(id: &str, arguments: &[&str]) -> String {
    let mut command = in_pack(&pack(id));
    let arguments = std::iter::once("zweibrett").chain(arguments.iter().copied());
    match command.try_get_matches_from_mut(arguments) {
        Err(e) => e.render().to_string(),
        Ok(_) => panic!("no help was asked for"),
    }
}

/// Every command's path, `play`, `config show` …, and the program's.
fn commands() -> Vec<Vec<String>> {
    let mut command = Cli::command();
    command.build();
    let mut found = vec![Vec::new()];
    let mut stack: Vec<(Vec<String>, &Command)> = vec![(Vec::new(), &command)];
    while let Some((path, command)) = stack.pop() {
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut path = path.clone();
            path.push(sub.get_name().to_string());
            found.push(path.clone());
            stack.push((path, sub));
        }
    }
    found
}

#[test]
fn every_shipped_pack_in_another_language_words_every_text_and_no_other() {
    let english: BTreeSet<String> = texts().into_keys().collect();
    let names: BTreeSet<String> = value_names().into_iter().collect();
    assert!(english.len() > 100, "{}", english.len());
    for (id, _) in BUILTIN.iter().filter(|(id, _)| *id != "en") {
        let words = pack(id);
        let own: BTreeSet<String> = words.command_line().texts.keys().cloned().collect();
        let missing: Vec<_> = english.difference(&own).collect();
        let stale: Vec<_> = own.difference(&english).collect();
        assert!(missing.is_empty(), "{id} lacks {missing:?}");
        assert!(stale.is_empty(), "{id} words what is not there: {stale:?}");
        let own: BTreeSet<String> = words.command_line().value_names.keys().cloned().collect();
        assert_eq!(own, names, "{id}: the value placeholders");
    }
    // English is the language the program's texts are written in.
    assert!(pack("en").command_line().texts.is_empty());
}

/// The options (`--voice`) and the words in backticks a text names.
fn named_in(text: &str) -> Vec<String> {
    let mut named: Vec<String> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|quoted| format!("`{quoted}`"))
        .collect();
    for (at, _) in text.match_indices("--") {
        let option: String = text[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-')
            .collect();
        if option.starts_with(|c: char| c.is_ascii_lowercase()) {
            named.push(format!("--{option}"));
        }
    }
    named
}

#[test]
fn a_translated_text_keeps_every_option_and_quoted_word_it_names() {
    let english = texts();
    for (id, _) in BUILTIN.iter().filter(|(id, _)| *id != "en") {
        let words = pack(id);
        for (key, text) in &english {
            let Some(own) = words.command_line().text(key) else {
                continue;
            };
            for named in named_in(text) {
                assert!(
                    own.contains(&named),
                    "{id} {key}: {named} is not in \"{own}\""
                );
            }
        }
    }
}

#[test]
fn no_word_of_clap_is_left_in_a_help_in_another_language() {
    let english = [
        "Usage:",
        "Options:",
        "Arguments:",
        "Commands:",
        "Print help",
        "Print version",
        "[default:",
        "possible values",
        "Possible values",
        "[aliases",
        "[OPTIONS]",
        "<COMMAND>",
        "[COMMAND]",
        "<FILE>",
    ];
    for (id, _) in BUILTIN.iter().filter(|(id, _)| *id != "en") {
        for path in commands() {
            for flag in ["-h", "--help"] {
                let mut arguments: Vec<&str> = path.iter().map(String::as_str).collect();
                arguments.push(flag);
                let help = help_of(id, &arguments);
                for word in english {
                    assert!(
                        !help.contains(word),
                        "{id} {arguments:?} says {word}:\n{help}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_german_help_of_play_is_german_throughout() {
    let help = help_of("fide", &["play", "--help"]);
    assert!(
        help.starts_with("Eine neue Partie mit zwei Brettern"),
        "{help}"
    );
    assert!(help.contains("Aufruf: zweibrett play [OPTIONEN]"), "{help}");
    assert!(help.contains("\nOptionen:\n"), "{help}");
    assert!(help.contains("--speech <STIMME>"), "{help}");
    assert!(help.contains("Werte:\n"), "{help}");
    assert!(
        help.contains("- arbiter: Der Schiedsrichter: das ganze Protokoll"),
        "the value's text as play has it: {help}"
    );
    assert!(help.contains("Hilfe zeigen (kurz mit -h)"), "{help}");
    // `help play` is play's help.
    let asked = help_of("fide", &["help", "play"]);
    assert!(
        asked.starts_with("Eine neue Partie mit zwei Brettern"),
        "{asked}"
    );
    let nested = help_of("fide", &["config", "help", "show"]);
    assert!(
        nested.starts_with("Die verwendete Konfiguration als TOML"),
        "{nested}"
    );
}

#[test]
fn the_english_help_keeps_the_programs_texts() {
    let help = help_of("en", &["score", "-h"]);
    assert!(
        help.contains("Usage: zweibrett score [OPTIONS] <FILE.pgn>"),
        "{help}"
    );
    assert!(
        help.contains("Which game of the file, from 1 [default: 1]"),
        "{help}"
    );
    assert!(help.contains("-h, --help"), "{help}");
    let listed = help_of("en", &["--help"]);
    assert!(listed.contains("Commands:\n"), "{listed}");
    assert!(
        listed.contains("help      Print this help, or the help of the given command"),
        "{listed}"
    );
}

#[test]
fn the_pack_tables_read_back_as_a_pack_section() {
    let written = pack_tables();
    let read: toml::Table = toml::from_str(&written).unwrap();
    let texts = read["command_line"]["texts"].as_table().unwrap();
    assert_eq!(texts.len(), super::texts().len());
    assert_eq!(
        texts["play"].as_str(),
        super::texts().get("play").map(String::as_str)
    );
}

#[test]
fn a_text_in_two_paragraphs_gives_a_summary_and_the_whole() {
    assert_eq!(forms("One thing."), ("One thing".to_string(), None));
    assert_eq!(
        forms("First.\n\nSecond."),
        ("First".to_string(), Some("First.\n\nSecond.".to_string()))
    );
    assert_eq!(forms("Etc.."), ("Etc..".to_string(), None));
}
