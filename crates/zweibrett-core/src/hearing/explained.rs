//! Whether a guess accounts for all that was said. A recogniser bound to a
//! grammar can fit a short phrase to a long utterance by calling the rest
//! silence or noise ("Zeit" for "Bauer Felix zwei Felix drei"); the
//! frames it gave to silence are looked at, and speech found there means
//! the guess explains only part of the utterance.

use super::voice_activity::FRAME;

/// The loudest frames' energy is taken at this share of the frames, so
/// that one click does not set the scale.
const LOUD_SHARE: f64 = 0.95;

/// A frame this many times quieter than the loud frames is not speech
/// (about 15 dB).
const SPEECH_BELOW_LOUD: f64 = 30.0;

/// The longest run of frames, 10 ms each, that the recogniser gave to
/// silence or noise (`fillers`, as first and last frame) while they hold
/// speech.
pub fn longest_unexplained(samples: &[i16], fillers: &[(usize, usize)]) -> usize {
    let energies: Vec<f64> = samples
        .chunks(FRAME)
        .map(|f| f.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / f.len() as f64)
        .collect();
    if energies.is_empty() {
        return 0;
    }
    let mut sorted = energies.clone();
    sorted.sort_by(f64::total_cmp);
    let loud = sorted[((sorted.len() - 1) as f64 * LOUD_SHARE) as usize];
    let speech = loud / SPEECH_BELOW_LOUD;
    let mut longest = 0;
    for &(first, last) in fillers {
        let mut run = 0;
        for e in energies.iter().take(last.saturating_add(1)).skip(first) {
            run = if *e >= speech { run + 1 } else { 0 };
            longest = longest.max(run);
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sound(loud: &[(usize, usize)], frames: usize) -> Vec<i16> {
        (0..frames * FRAME)
            .map(|i| {
                let f = i / FRAME;
                if loud.iter().any(|&(a, b)| (a..=b).contains(&f)) {
                    ((i as f64 * 0.3).sin() * 8000.0) as i16
                } else {
                    (i % 3) as i16
                }
            })
            .collect()
    }

    #[test]
    fn silence_called_silence_is_explained() {
        let s = sound(&[(30, 80)], 120);
        assert_eq!(longest_unexplained(&s, &[(0, 29), (81, 119)]), 0);
    }

    #[test]
    fn speech_called_silence_is_not() {
        // Two words; the guess gave the first to silence.
        let s = sound(&[(20, 60), (70, 100)], 120);
        assert_eq!(longest_unexplained(&s, &[(0, 65), (101, 119)]), 41);
    }

    #[test]
    fn nothing_said_is_nothing_unexplained() {
        assert_eq!(longest_unexplained(&[], &[(0, 10)]), 0);
    }
}
