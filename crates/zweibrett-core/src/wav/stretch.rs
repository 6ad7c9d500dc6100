//! Changing the speed of speech without changing its pitch: waveform
//! similarity overlap-add (WSOLA). The sound is cut into overlapping
//! windowed frames; they are laid down at a fixed hop in the output while
//! being read at a hop scaled by the speed, each frame taken from where, in
//! a small range around its nominal place, it best continues the frame
//! before. Periods of the voice are skipped or repeated whole, so the pitch
//! stays.

use super::Sound;

/// Frame length, in seconds: two to five periods of a speaking voice.
const FRAME: f64 = 0.025;
/// How far from its nominal place a frame may be taken, in seconds: more
/// than one period of the lowest voice.
const TOLERANCE: f64 = 0.0125;

impl Sound {
    /// The same sound `speed` times faster (2.0: half as long, 0.5: twice
    /// as long), at the same pitch. A speed of 1 or a sound shorter than
    /// two frames is returned as it is, apart from its length.
    pub fn stretched(&self, speed: f64) -> Sound {
        Sound {
            rate: self.rate,
            samples: stretch(&self.samples, self.rate, speed),
        }
    }
}

/// The samples of [`Sound::stretched`].
pub fn stretch(input: &[f32], rate: u32, speed: f64) -> Vec<f32> {
    let frame = ((f64::from(rate) * FRAME) as usize).max(8) & !1;
    let half = frame / 2;
    let tolerance = (f64::from(rate) * TOLERANCE) as isize;
    if !(speed.is_finite() && speed > 0.0) || (speed - 1.0).abs() < 1e-3 {
        return input.to_vec();
    }
    let out_len = (input.len() as f64 / speed).round() as usize;
    if input.len() < 2 * frame {
        // Too short to find periods in: resampling in time alone would
        // change the pitch, so the sound is cut or padded instead.
        let mut out = input.to_vec();
        out.resize(out_len, 0.0);
        return out;
    }
    let window: Vec<f32> = (0..frame)
        .map(|i| {
            let x = std::f32::consts::PI * 2.0 * i as f32 / frame as f32;
            0.5 - 0.5 * x.cos()
        })
        .collect();
    let at = |i: isize| -> f32 {
        usize::try_from(i)
            .ok()
            .and_then(|i| input.get(i))
            .copied()
            .unwrap_or(0.0)
    };
    let mut out = vec![0.0f32; out_len + frame];
    let mut previous: isize = 0;
    let frames = out_len / half + 1;
    for k in 0..frames {
        let nominal = (k as f64 * half as f64 * speed).round() as isize;
        let start = if k == 0 {
            0
        } else {
            // What would follow the previous frame in the input; the
            // candidate that looks most like it continues it best.
            let natural = previous + half as isize;
            let lowest = (nominal - tolerance).max(0);
            let highest = (nominal + tolerance)
                .min(input.len() as isize - 1)
                .max(lowest);
            let mut best = (f32::MIN, nominal.clamp(lowest, highest));
            for candidate in lowest..=highest {
                let score: f32 = (0..half as isize)
                    .step_by(2)
                    .map(|j| at(candidate + j) * at(natural + j))
                    .sum();
                if score > best.0 {
                    best = (score, candidate);
                }
            }
            best.1
        };
        let place = k * half;
        for (j, w) in window.iter().enumerate() {
            out[place + j] += w * at(start + j as isize);
        }
        previous = start;
    }
    out.truncate(out_len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 16_000;

    /// A voiced sound: harmonics of `pitch` under a slow swell.
    fn vowel(pitch: f32, seconds: f32) -> Vec<f32> {
        let n = (RATE as f32 * seconds) as usize;
        (0..n)
            .map(|i| {
                let t = i as f32 / RATE as f32;
                let swell = 0.6 + 0.4 * (t * 3.0).sin();
                let tone: f32 = (1..6)
                    .map(|h| (2.0 * std::f32::consts::PI * pitch * h as f32 * t).sin() / h as f32)
                    .sum();
                0.3 * swell * tone
            })
            .collect()
    }

    /// The pitch of a sound, in Hz, by the strongest autocorrelation
    /// between 60 and 400 Hz.
    pub(crate) fn pitch(samples: &[f32]) -> f32 {
        let middle = &samples[samples.len() / 4..samples.len() * 3 / 4];
        let lags = (RATE as usize / 400)..=(RATE as usize / 60);
        let best = lags
            .max_by(|a, b| {
                let r = |lag: usize| -> f32 {
                    middle.iter().zip(&middle[lag..]).map(|(x, y)| x * y).sum()
                };
                r(*a).total_cmp(&r(*b))
            })
            .unwrap();
        RATE as f32 / best as f32
    }

    #[test]
    fn the_length_follows_the_speed_and_the_pitch_stays() {
        let input = vowel(120.0, 1.0);
        for speed in [0.6, 1.6, 2.5, 2.75] {
            let out = stretch(&input, RATE, speed);
            let expected = (input.len() as f64 / speed).round() as usize;
            assert_eq!(out.len(), expected, "speed {speed}");
            let (before, after) = (pitch(&input), pitch(&out));
            assert!(
                (after / before - 1.0).abs() < 0.1,
                "speed {speed}: pitch {before:.1} Hz became {after:.1} Hz"
            );
            let loudest = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(
                loudest > 0.2 && loudest < 1.0,
                "speed {speed}: peak {loudest}"
            );
        }
    }

    #[test]
    fn speed_one_and_short_sounds_are_kept() {
        let input = vowel(200.0, 0.3);
        assert_eq!(stretch(&input, RATE, 1.0), input);
        assert_eq!(stretch(&input, RATE, f64::NAN), input);
        let short = vec![0.5; 100];
        assert_eq!(stretch(&short, RATE, 2.0), vec![0.5; 50]);
        assert!(stretch(&[], RATE, 2.0).is_empty());
    }
}
