//! WAV files read and written, and recordings of words held to their bounds.

use super::*;

#[test]
fn a_written_file_reads_back() {
    let sound = Sound {
        rate: 16_000,
        samples: vec![0.0, 0.5, -0.5, 0.25],
    };
    let mut bytes = Vec::new();
    write(&sound, &mut bytes).unwrap();
    let back = read(&bytes).unwrap();
    assert_eq!(back.rate, 16_000);
    for (a, b) in back.samples.iter().zip(&sound.samples) {
        assert!((a - b).abs() < 1e-4, "{a} {b}");
    }
    assert_eq!(back.samples.len(), 4);
}

#[test]
fn other_files_are_refused() {
    assert!(matches!(read(b"not a wav"), Err(WavError::NotWav)));
}

#[test]
fn a_rate_of_zero_is_refused() {
    let sound = Sound {
        rate: 0,
        samples: vec![0.5],
    };
    let mut bytes = Vec::new();
    write(&sound, &mut bytes).unwrap();
    assert!(matches!(read(&bytes), Err(WavError::Rate { rate: 0 })));
}

#[test]
fn a_rate_too_fast_for_the_format_is_refused() {
    // Found by fuzzing: read, it could not be written again.
    let mut bytes = Vec::new();
    let sound = Sound {
        rate: 16_000,
        samples: vec![0.5],
    };
    write(&sound, &mut bytes).unwrap();
    bytes[24..28].copy_from_slice(&0x8000_0000u32.to_le_bytes());
    assert!(matches!(
        read(&bytes),
        Err(WavError::Rate { rate: 0x8000_0000 })
    ));
    bytes[24..28].copy_from_slice(&0x7FFF_FFFFu32.to_le_bytes());
    assert_eq!(read(&bytes).unwrap().rate, 0x7FFF_FFFF);
}

#[test]
fn a_rate_too_fast_for_the_format_is_not_written() {
    let sound = Sound {
        rate: u32::MAX,
        samples: vec![0.5],
    };
    assert!(write(&sound, Vec::new()).is_err());
}

#[test]
fn resampling_keeps_the_duration() {
    let sound = Sound {
        rate: 16_000,
        samples: vec![0.1; 16_000],
    };
    let up = sound.resampled(48_000);
    assert_eq!(up.samples.len(), 48_000);
    assert!((up.duration().as_secs_f64() - 1.0).abs() < 1e-3);
}

/// A mono 16-bit file of `seconds` at 16 kHz, its header then patched
/// by `patch`.
fn crafted(seconds: f64, patch: impl Fn(&mut Vec<u8>)) -> Vec<u8> {
    let sound = Sound {
        rate: 16_000,
        samples: vec![0.25; (16_000.0 * seconds) as usize],
    };
    let mut bytes = Vec::new();
    write(&sound, &mut bytes).unwrap();
    patch(&mut bytes);
    bytes
}

fn set_u32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

#[test]
fn a_recording_of_a_word_is_held_to_what_a_word_can_be() {
    let good = crafted(0.5, |_| {});
    assert_eq!(read_clip(&good).unwrap().samples.len(), 8_000);
    let rate = |r: u32| crafted(0.5, move |b| set_u32(b, 24, r));
    assert!(matches!(
        read_clip(&rate(0)),
        Err(WavError::Rate { rate: 0 })
    ));
    assert!(matches!(
        read_clip(&rate(1)),
        Err(WavError::ClipRate { rate: 1 })
    ));
    assert!(matches!(
        read_clip(&rate(400_000)),
        Err(WavError::ClipRate { rate: 400_000 })
    ));
    let channels = |n: u16| crafted(0.5, move |b| b[22..24].copy_from_slice(&n.to_le_bytes()));
    assert!(matches!(read_clip(&channels(0)), Err(WavError::NoChannels)));
    assert!(matches!(read(&channels(0)), Err(WavError::NoChannels)));
    assert!(matches!(
        read_clip(&channels(6)),
        Err(WavError::ClipChannels { channels: 6 })
    ));
    assert_eq!(read_clip(&channels(2)).unwrap().samples.len(), 4_000);
    let long = crafted(10.5, |_| {});
    let err = read_clip(&long).unwrap_err();
    assert!(
        matches!(err, WavError::ClipTooLong { seconds: 11 }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "it lasts 11 seconds; a word lasts at most 10 seconds"
    );
    assert_eq!(
        read_clip(&rate(1)).unwrap_err().to_string(),
        "it is recorded at 1 samples per second; a word is recorded at 8000 to 192000 \
         samples per second"
    );
}

#[test]
fn truncated_data_and_a_huge_declared_length_read_what_is_there() {
    let mut cut = crafted(0.5, |_| {});
    cut.truncate(44 + 1_001);
    assert_eq!(read_clip(&cut).unwrap().samples.len(), 500);
    let huge = crafted(0.5, |b| {
        set_u32(b, 4, u32::MAX);
        set_u32(b, 40, u32::MAX - 1);
    });
    assert_eq!(read_clip(&huge).unwrap().samples.len(), 8_000);
    let header_only = crafted(0.0, |b| set_u32(b, 40, u32::MAX));
    assert_eq!(read_clip(&header_only).unwrap().samples.len(), 0);
}

#[test]
fn resampling_never_panics_and_is_bounded() {
    let slow = Sound {
        rate: 1,
        samples: vec![0.5; 100_000],
    };
    let up = slow.resampled(16_000);
    assert_eq!(up.samples.len(), MOST_RESAMPLED_SECONDS as usize * 16_000);
    let zero = Sound {
        rate: 0,
        samples: vec![0.5; 10],
    };
    assert!(zero.resampled(16_000).samples.is_empty());
    assert_eq!(zero.duration(), std::time::Duration::ZERO);
    assert!(slow.resampled(0).samples.is_empty());
    let fast = Sound {
        rate: u32::MAX,
        samples: vec![0.5; 10],
    };
    assert!(fast.resampled(1).samples.is_empty());
    let second = Sound {
        rate: 16_000,
        samples: vec![0.5; 16_000],
    };
    assert_eq!(
        second.resampled(u32::MAX).samples.len(),
        MOST_RESAMPLED_SAMPLES
    );
}

proptest::proptest! {
    #[test]
    fn the_reader_never_panics_on_any_bytes(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..512)) {
        let _ = read(&bytes);
        let _ = read_clip(&bytes);
    }

    #[test]
    fn the_reader_never_panics_on_any_header_of_a_real_file(
        rate in proptest::num::u32::ANY,
        channels in proptest::num::u16::ANY,
        format in proptest::sample::select(vec![1u16, 0x11, 0xFFFE, 3]),
        bits in proptest::sample::select(vec![4u16, 8, 16, 0]),
        align in proptest::num::u16::ANY,
        declared in proptest::num::u32::ANY,
        cut in 0usize..2_000,
    ) {
        let mut bytes = crafted(0.05, |b| {
            b[20..22].copy_from_slice(&format.to_le_bytes());
            b[22..24].copy_from_slice(&channels.to_le_bytes());
            set_u32(b, 24, rate);
            b[32..34].copy_from_slice(&align.to_le_bytes());
            b[34..36].copy_from_slice(&bits.to_le_bytes());
            set_u32(b, 40, declared);
        });
        bytes.truncate(bytes.len().saturating_sub(cut));
        if let Ok(sound) = read_clip(&bytes) {
            proptest::prop_assert!(CLIP_RATES.contains(&sound.rate));
            proptest::prop_assert!(sound.duration().as_secs() <= u64::from(CLIP_SECONDS));
            let _ = sound.resampled(48_000);
        }
        if let Ok(sound) = read(&bytes) {
            let resampled = sound.resampled(48_000);
            proptest::prop_assert!(
                resampled.samples.len() <= MOST_RESAMPLED_SECONDS as usize * 48_000
            );
        }
    }
}

#[test]
fn downsampling_keeps_speech_and_drops_what_would_fold_back() {
    let tone = |hz: f64| Sound {
        rate: 22_050,
        samples: (0..22_050)
            .map(|i| (2.0 * std::f64::consts::PI * hz * i as f64 / 22_050.0).sin() as f32)
            .collect(),
    };
    let rms = |s: &Sound| {
        let middle = &s.samples[1000..s.samples.len() - 1000];
        (middle.iter().map(|x| x * x).sum::<f32>() / middle.len() as f32).sqrt()
    };
    // 1 kHz, in the speech band, passes; 10 kHz, above 8 kHz, would come
    // back as 6 kHz and is taken out.
    let speech = tone(1000.0).downsampled(16_000);
    assert_eq!(speech.rate, 16_000);
    assert!((rms(&speech) - 0.707).abs() < 0.02, "{}", rms(&speech));
    assert!(rms(&tone(10_000.0).downsampled(16_000)) < 0.02);
    assert!(rms(&tone(10_000.0).resampled(16_000)) > 0.3);
}
