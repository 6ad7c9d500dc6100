//! The built-in voice's clips, numbers, missing words and recordings.

use super::*;
use crate::notation::pack::BUILTIN;

fn fide() -> ClipVoice {
    ClipVoice::builtin_for(&VoicePack::fide())
}

/// Every word any built-in pack can say has a clip of that pack's own,
/// so no announcement loses a word.
#[test]
fn every_word_of_every_built_in_pack_has_a_clip() {
    for (id, _) in BUILTIN {
        let pack = VoicePack::builtin(id);
        assert!(ClipVoice::embedded(id).is_some(), "{id} has no clips");
        let missing = ClipVoice::builtin_for(&pack).missing_words(&pack);
        assert!(
            missing.is_empty(),
            "voices/{id}/clips lacks {} words (run scripts/make-clips {id}): {missing:?}",
            missing.len()
        );
    }
}

#[test]
fn a_clip_is_decoded_only_when_said() {
    let pack = VoicePack::fide();
    let voice = ClipVoice::builtin_for(&pack);
    assert!(voice.missing_words(&pack).is_empty());
    let decoded = || {
        voice
            .clips
            .values()
            .filter(|c| c.samples.get().is_some())
            .count()
    };
    assert_eq!(decoded(), 0);
    voice.render("Eva vier", Duration::ZERO);
    assert_eq!(decoded(), 2);
}

#[test]
fn every_clip_is_of_a_word_its_pack_says_and_sounds() {
    for (id, _) in BUILTIN {
        let pack = VoicePack::builtin(id);
        let voice = ClipVoice::embedded(id).expect("every built-in pack has clips");
        for name in voice.names() {
            assert!(pack.said_words().contains_key(name), "{id}: {name}.wav");
            let clip = &voice.clips[name];
            let sound = wav::read(clip.bytes).expect("a shipped clip reads");
            assert!(
                sound.duration() > Duration::from_millis(50),
                "{id}: {name}.wav"
            );
            assert!(
                clip.samples().iter().any(|s| s.abs() > 0.2),
                "{id}: {name}.wav"
            );
        }
    }
}

#[test]
fn numbers_are_said_in_the_packs_number_words() {
    for (id, _) in BUILTIN {
        let voice = ClipVoice::builtin_for(&VoicePack::builtin(id));
        for n in 0..=999 {
            assert!(voice.has(&n.to_string()), "{id}: no words for {n}");
        }
    }
    let voice = fide();
    let len = |text: &str| voice.render(text, Duration::ZERO).sound.samples.len();
    assert_eq!(len("43"), len("dreiundvierzig"));
    assert_eq!(len("143"), len("hundert dreiundvierzig"));
    assert_eq!(len("12"), len("zwölf"));
}

#[test]
fn an_announcement_is_its_clips_with_gaps() {
    let voice = fide();
    let gap = Duration::from_millis(50);
    let one = |w: &str| voice.render(w, gap).sound.samples.len();
    let whole = voice.render("Springer Gustav eins", gap);
    let gap_len = 50 * VOICE_RATE as usize / 1000;
    assert_eq!(
        whole.sound.samples.len(),
        one("Springer") + one("Gustav") + one("eins") + 2 * gap_len
    );
    assert!(whole.missing.is_empty());
    assert!(whole.sound.samples.iter().any(|s| s.abs() > 0.1));
}

#[test]
fn unknown_words_are_skipped_and_reported() {
    let voice = fide();
    let gap = Duration::from_millis(50);
    let r = voice.render("Eva Quatsch vier", gap);
    assert_eq!(r.missing, ["Quatsch"]);
    assert_eq!(
        r.sound.samples.len(),
        voice.render("Eva vier", gap).sound.samples.len()
    );
    assert!(voice.render("", gap).sound.samples.is_empty());
    let mut pack_words = ClipVoice::default();
    pack_words.insert(
        "eva",
        Sound {
            rate: VOICE_RATE,
            samples: vec![0.1; 10],
        },
    );
    let missing = pack_words.missing_words(&VoicePack::fide());
    assert!(missing.contains(&"Springer".to_string()), "{missing:?}");
    assert!(!missing.contains(&"Eva".to_string()));
}

#[test]
fn a_joined_word_without_a_clip_is_said_in_its_parts() {
    let voice = fide();
    let len = |text: &str| voice.render(text, Duration::ZERO).sound.samples.len();
    assert!(voice.render("1-0", Duration::ZERO).missing.is_empty());
    assert_eq!(len("1-0"), len("1 0"));
    assert_eq!(len("Eva-vier"), len("Eva vier"));
    assert_eq!(
        voice.render("Eva-Quatsch", Duration::ZERO).missing,
        ["Eva-Quatsch"]
    );
}

#[test]
fn a_long_number_is_spoken_digit_by_digit() {
    let voice = fide();
    let gap = Duration::ZERO;
    let r = voice.render("2026", gap);
    assert!(r.missing.is_empty());
    let digits = voice.render("2 0 2 6", gap).sound.samples.len();
    assert_eq!(r.sound.samples.len(), digits);
}

#[test]
fn user_recordings_replace_words() {
    let dir = std::env::temp_dir().join(format!("zweibrett-clips-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("clips")).unwrap();
    let sound = Sound {
        rate: 8000,
        samples: vec![0.5; 800],
    };
    let mut bytes = Vec::new();
    wav::write(&sound, &mut bytes).unwrap();
    std::fs::write(dir.join("clips/Weiss.wav"), bytes).unwrap();
    let mut voice = fide();
    voice.overlay_dir(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    for word in ["Weiß", "weiss", "WEISS"] {
        let r = voice.render(word, Duration::ZERO);
        assert_eq!(r.sound.samples.len(), 1600, "{word}: 0.1 s at 16 kHz");
    }
}

#[test]
fn digits_joined_by_signs_are_not_another_number() {
    let voice = fide();
    let len = |text: &str| voice.render(text, Duration::ZERO).sound.samples.len();
    // "1-0" is not "10", and the Laws' "5.2.2" is not "522".
    assert_ne!(len("1-0"), len("10"));
    assert_eq!(len("5.2.2"), len("5 2 2"));
}

/// A 16-bit mono recording of `seconds` of sound at 16 kHz, its header
/// then patched at byte `at` with `value`.
fn recording(seconds: f64, patches: &[(usize, &[u8])]) -> Vec<u8> {
    let sound = Sound {
        rate: 16_000,
        samples: vec![0.5; (16_000.0 * seconds) as usize],
    };
    let mut bytes = Vec::new();
    wav::write(&sound, &mut bytes).unwrap();
    for (at, value) in patches {
        bytes[*at..*at + value.len()].copy_from_slice(value);
    }
    bytes
}

#[test]
fn a_bad_recording_is_named_and_its_word_keeps_the_shipped_clip() {
    let dir = std::env::temp_dir().join(format!("zweibrett-bad-clips-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("clips")).unwrap();
    let files: [(&str, Vec<u8>); 6] = [
        ("eva.wav", recording(0.1, &[(24, &0u32.to_le_bytes())])),
        // 200 KB at one sample per second: days of sound.
        ("vier.wav", recording(6.25, &[(24, &1u32.to_le_bytes())])),
        ("springer.wav", recording(0.1, &[(22, &0u16.to_le_bytes())])),
        ("dame.wav", recording(11.0, &[])),
        ("turm.wav", b"RIFF\x04\0\0\0WAVE".to_vec()),
        // Readable: a cut data chunk and a length beyond the file.
        (
            "felix.wav",
            recording(0.1, &[(40, &u32::MAX.to_le_bytes())]),
        ),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.join("clips").join(name), bytes).unwrap();
    }
    let shipped = fide();
    let mut voice = fide();
    voice.overlay_dir(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    let rejected: Vec<String> = voice
        .rejected()
        .iter()
        .map(|r| {
            format!(
                "{}: {}",
                r.path.file_name().unwrap().to_string_lossy(),
                r.reason
            )
        })
        .collect();
    assert_eq!(
        rejected,
        [
            "dame.wav: it lasts 11 seconds; a word lasts at most 10 seconds",
            "eva.wav: a WAV file at 0 samples per second cannot be played",
            "springer.wav: a WAV file with no channels holds no sound",
            "turm.wav: not a WAV file",
            "vier.wav: it is recorded at 1 samples per second; a word is recorded at 8000 \
             to 192000 samples per second",
        ]
    );
    assert!(
        voice.rejected()[0]
            .to_string()
            .starts_with("the built-in voice does not use ")
    );
    let len = |v: &ClipVoice, text: &str| v.render(text, Duration::ZERO).sound.samples.len();
    for word in ["Eva", "vier", "Springer", "Dame", "Turm"] {
        assert_eq!(len(&voice, word), len(&shipped, word), "{word}");
    }
    assert_eq!(
        len(&voice, "Felix"),
        1_600,
        "the readable recording is used"
    );
}
