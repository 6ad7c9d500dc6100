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
