//! The WAV reader on arbitrary bytes: never a panic; a sound it reads has
//! a rate, samples from -1 to 1, a duration, and is written and read back
//! the same; resampled, its length is bounded; a user's recording read as
//! one word is within the bounds of a word.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::wav::{
    CLIP_RATES, CLIP_SECONDS, MOST_RESAMPLED_SECONDS, read, read_clip, write,
};

fuzz_target!(|data: &[u8]| {
    if let Ok(clip) = read_clip(data) {
        assert!(CLIP_RATES.contains(&clip.rate));
        assert!(clip.duration().as_secs() <= u64::from(CLIP_SECONDS));
    }
    let Ok(sound) = read(data) else {
        return;
    };
    assert!(sound.rate > 0);
    assert!(sound.samples.iter().all(|s| (-1.0..=1.0).contains(s)));
    let _ = sound.duration();
    let mut bytes = Vec::new();
    write(&sound, &mut bytes).expect("writing to memory");
    let again = read(&bytes).expect("a written sound reads back");
    assert_eq!(again.rate, sound.rate);
    assert_eq!(again.samples.len(), sound.samples.len());
    let resampled = sound.resampled(44_100);
    assert!(resampled.samples.len() <= MOST_RESAMPLED_SECONDS as usize * 44_100);
});
