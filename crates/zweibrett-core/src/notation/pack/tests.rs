//! Tests of pack loading and validation.

use super::*;

#[test]
fn every_builtin_pack_loads() {
    for (id, text) in BUILTIN {
        let pack = VoicePack::builtin(id);
        assert_eq!(&pack.id, id);
        // Checked whole, as a user's own pack is: loading a shipped one
        // skips what this rules out.
        let checked = VoicePack::from_toml(text, "shipped.toml").unwrap();
        assert_eq!(checked.said_words(), pack.said_words(), "{id}");
    }
}

#[test]
fn fide_pack_has_the_words_of_appendix_d() {
    let pack = VoicePack::fide();
    let files: Vec<&str> = File::ALL.iter().map(|f| pack.file(*f)).collect();
    assert_eq!(
        files,
        [
            "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"
        ]
    );
    assert_eq!(pack.rank(Rank::Fifth), "fünf");
    assert_eq!(pack.piece(Role::Knight), "Springer");
    assert_eq!(pack.castle(CastlingSide::QueenSide), "Lange Rochade");
    assert_eq!(pack.square(Square::E4), "Eva vier");
}

#[test]
fn a_missing_word_names_the_key_and_line() {
    let text = include_str!("../../../../../voices/fide.toml").replace("queen = \"Dame\"\n", "");
    let err = VoicePack::from_toml(&text, "broken.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("broken.toml"), "{err}");
    assert!(err.contains("queen"), "{err}");
    assert!(err.contains("line"), "{err}");
}

#[test]
fn a_word_with_two_meanings_is_a_duplicate() {
    let text = include_str!("../../../../../voices/fide.toml").replace(
        "pieces.rook = [\"Turm\"]",
        "pieces.rook = [\"Turm\", \"Eva\"]",
    );
    let err = VoicePack::from_toml(&text, "dup.toml").unwrap_err();
    let expected_line = text
        .lines()
        .position(|l| l.starts_with("pieces.rook"))
        .unwrap()
        + 1;
    match &err {
        PackError::Duplicate(duplicate) => {
            assert_eq!(duplicate.key, "accept.pieces.rook");
            assert_eq!(duplicate.line, expected_line);
            assert_eq!(duplicate.first_key, "files.e");
        }
        other => panic!("expected a duplicate, got {other}"),
    }
    assert!(err.to_string().contains("dup.toml"));
}

#[test]
fn a_repeated_toml_key_is_reported_with_its_line() {
    let text = include_str!("../../../../../voices/fide.toml").replace(
        "king = \"König\"\n",
        "king = \"König\"\nking = \"Koenig\"\n",
    );
    let err = VoicePack::from_toml(&text, "twice.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("twice.toml") && err.contains("line"), "{err}");
}

#[test]
fn an_unknown_placeholder_is_refused() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replace("Welcher {piece}", "Welcher {figur}");
    let err = VoicePack::from_toml(&text, "p.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("phrases.which_piece") && err.contains("{figur}"),
        "{err}"
    );
}

#[test]
fn every_pack_has_words_to_answer_its_questions() {
    for (id, _) in BUILTIN {
        let pack = VoicePack::builtin(id);
        assert!(pack.answers.ordinals.len() >= 4, "{id}");
        assert!(!pack.answers.filler.is_empty(), "{id}");
    }
    let fide = include_str!("../../../../../voices/fide.toml");
    let start = fide.find("[answers]").unwrap();
    let end = start + fide[start..].find("\n\n").unwrap();
    let without = format!("{}{}", &fide[..start], &fide[end..]);
    let err = VoicePack::from_toml(&without, "broken.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("answers"), "{err}");
    let one = fide.replacen(
        "ordinals = [\n  [\"erste\", \"erster\", \"ersten\", \"erstes\"],\n  [\"zweite\", \"zweiter\", \"zweiten\", \"zweites\"],",
        "ordinals = [\n  [\"erste\"],\n  [],",
        1,
    );
    assert_ne!(one, fide);
    let err = VoicePack::from_toml(&one, "broken.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("answers.ordinals"), "{err}");
}

#[test]
fn every_builtin_pack_has_every_sentence() {
    for (id, _) in BUILTIN {
        let pack = VoicePack::builtin(id);
        assert_eq!(
            pack.missing_sentences(),
            &[] as &[String],
            "voices/{id}.toml"
        );
    }
}

#[test]
fn a_sentence_a_pack_lacks_is_said_in_english_and_listed() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replace("resumed = \"Fortgesetzt: {game}\"\n", "");
    let pack = VoicePack::from_toml(&text, "mine.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pack.missing_sentences(), ["line.resumed"]);
    let said = pack
        .line_sentences()
        .say(LineSentence::Resumed, &[("game", "g")]);
    assert_eq!(said, "Resumed: g");
    // The pack's own sentences stay its own.
    let title = pack.setup_sentences().say(SetupSentence::Title, &[]);
    assert_eq!(title, "Neue Partie");
}

#[test]
fn a_pack_without_a_section_takes_it_whole_from_english() {
    let text = include_str!("../../../../../voices/fide.toml");
    let cut = text
        .find("\n[game]")
        .unwrap_or_else(|| panic!("fide has [game]"));
    let rest = &text[cut + 1..];
    let next = rest[1..].find("\n[").map_or(rest.len(), |i| i + 2);
    let text = format!("{}{}", &text[..cut + 1], &rest[next..]);
    let pack = VoicePack::from_toml(&text, "mine.toml").unwrap_or_else(|e| panic!("{e}"));
    assert!(
        pack.missing_sentences()
            .iter()
            .all(|k| k.starts_with("game."))
    );
    assert_eq!(
        pack.missing_sentences().len(),
        <GameSentence as SentenceKey>::ALL.len()
    );
}

#[test]
fn an_unknown_sentence_key_is_still_an_error() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replace("[help]\n", "[help]\nnot_a_key = \"x\"\n");
    let err = VoicePack::from_toml(&text, "mine.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("help.not_a_key"), "{err}");
}

#[test]
fn a_command_line_text_must_be_a_text_that_says_something() {
    let base = include_str!("../../../../../voices/fide.toml");
    for (entry, problem) in [
        ("play = \"  \"", "the text is empty"),
        ("play = 3", "a text is needed"),
    ] {
        let text = base.replace(
            "[command_line.texts]\n",
            &format!("[command_line.texts]\n{entry}\n\"x\" = \"y\"\n"),
        );
        let text = text.replacen("\nplay = \"Eine neue", "\nplay_was = \"Eine neue", 1);
        let err = VoicePack::from_toml(&text, "mine.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("command_line.texts.play"), "{err}");
        assert!(err.contains(problem), "{err}");
    }
    let pack = VoicePack::builtin("fide");
    assert_eq!(pack.command_line().value_name("FILE"), "DATEI");
    assert_eq!(pack.command_line().value_name("UNHEARD"), "UNHEARD");
    assert!(pack.command_line().text("play").is_some());
}

#[test]
fn every_builtin_pack_declares_its_language_and_region() {
    let tags: Vec<(String, Option<String>)> = ["fide", "pt", "es", "en"]
        .iter()
        .map(|id| {
            let tag = VoicePack::builtin(id).language_tag().unwrap();
            (tag.to_string(), tag.region().map(str::to_string))
        })
        .collect();
    let expected = [
        ("de-DE", "DE"),
        ("pt-PT", "PT"),
        ("es-ES", "ES"),
        ("en-GB", "GB"),
    ];
    for ((tag, region), (want_tag, want_region)) in tags.iter().zip(expected) {
        assert_eq!(tag, want_tag);
        assert_eq!(region.as_deref(), Some(want_region));
    }
}

#[test]
fn a_malformed_language_tag_names_the_file_key_and_line() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replace("language = \"de-DE\"", "language = \"Deutsch\"");
    let line = text
        .lines()
        .position(|l| l.starts_with("language ="))
        .unwrap()
        + 1;
    match VoicePack::from_toml(&text, "mine.toml").unwrap_err() {
        PackError::Invalid {
            file,
            key,
            line: at,
            problem,
        } => {
            assert_eq!(
                (file.as_str(), key.as_str(), at),
                ("mine.toml", "language", line)
            );
            assert!(problem.contains("Deutsch"), "{problem}");
        }
        other => panic!("expected an invalid tag, got {other}"),
    }
}

#[test]
fn a_bare_language_still_loads() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replace("language = \"de-DE\"", "language = \"de\"");
    let pack = VoicePack::from_toml(&text, "mine.toml").unwrap();
    assert_eq!(pack.language, "de");
    assert_eq!(pack.language_tag().unwrap().region(), None);
}

#[test]
fn every_shipped_pack_says_every_standard_glyph_and_every_day() {
    for (id, _) in BUILTIN {
        let pack = VoicePack::builtin(id);
        let Some(section) = pack.analysis_section() else {
            panic!("{id} has no [analysis]");
        };
        let numbered = &section.numbered;
        let glyphs: Vec<u8> = numbered.nags.keys().copied().collect();
        assert_eq!(glyphs, (1..=146).collect::<Vec<u8>>(), "{id}");
        let days: Vec<u8> = numbered.days.keys().copied().collect();
        assert_eq!(days, (1..=31).collect::<Vec<u8>>(), "{id}");
    }
}

#[test]
fn a_glyph_or_day_out_of_its_range_is_named() {
    let base = include_str!("../../../../../voices/en.toml");
    let text = base.replace(
        "[analysis.days]\n",
        "[analysis.days]\n32 = \"thirty-second\"\n",
    );
    let err = VoicePack::from_toml(&text, "broken.toml")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("analysis.days.32") && err.contains("1 to 31"),
        "{err}"
    );
    let text = base.replace("[analysis.nags]\n", "[analysis.nags]\n0 = \"null\"\n");
    let err = VoicePack::from_toml(&text, "broken.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("analysis.nags.0"), "{err}");
}

#[test]
fn a_locale_picks_the_pack_of_its_language_and_c_none() {
    assert_eq!(pack_of_locale("de_DE.UTF-8"), Some("fide"));
    assert_eq!(pack_of_locale("de_AT"), Some("fide"));
    assert_eq!(pack_of_locale("pt_PT.UTF-8"), Some("pt"));
    assert_eq!(pack_of_locale("pt_BR"), Some("pt"));
    assert_eq!(pack_of_locale("es_ES.UTF-8@euro"), Some("es"));
    assert_eq!(pack_of_locale("en_GB.UTF-8"), Some("en"));
    assert_eq!(pack_of_locale("en"), Some("en"));
    for none in ["C", "C.UTF-8", "POSIX", "fr_FR.UTF-8", "", "deu"] {
        assert_eq!(pack_of_locale(none), None, "{none}");
    }
    // Each pack a locale picks speaks that locale's language.
    for (code, id) in LOCALE_PACKS {
        let pack = VoicePack::builtin(id);
        assert!(pack.language.starts_with(code), "{id}: {}", pack.language);
    }
}
