//! Earcons: short generated tones that mark events. Each differs from the
//! others in pitch and in rhythm, so it can be told apart without words:
//!
//! | earcon | sound |
//! | --- | --- |
//! | move | one short high tone |
//! | not understood | two low tones, falling |
//! | divergence | three tones alternating up and down |
//! | time threshold | two quick very high pips |
//! | flag fall | four long tones falling an octave |

use std::f32::consts::PI;

use super::Earcon;
use super::wav::Sound;

/// One tone or a rest: frequency in Hz (0: rest) and length in milliseconds.
type Note = (f32, u32);

/// The notes of an earcon.
fn notes(earcon: Earcon) -> &'static [Note] {
    match earcon {
        Earcon::Move => &[(880.0, 70)],
        Earcon::NotUnderstood => &[(330.0, 100), (0.0, 40), (247.0, 140)],
        Earcon::Divergence => &[(660.0, 90), (523.0, 90), (660.0, 90), (523.0, 90)],
        Earcon::TimeThreshold => &[(1320.0, 45), (0.0, 60), (1320.0, 45)],
        Earcon::FlagFall => &[(988.0, 150), (784.0, 150), (659.0, 150), (494.0, 300)],
    }
}

/// How loud the tones are, before the volume setting: below the clips, so
/// that the words stand out.
const LEVEL: f32 = 0.35;

/// The earcon as sound at a sample rate.
pub fn sound(earcon: Earcon, rate: u32) -> Sound {
    let mut samples = Vec::new();
    for &(freq, ms) in notes(earcon) {
        let len = (rate as u64 * u64::from(ms) / 1000) as usize;
        if freq == 0.0 {
            samples.resize(samples.len() + len, 0.0);
            continue;
        }
        // 5 ms raised-cosine ramps: a tone switched on or off abruptly clicks.
        let ramp = (rate as usize * 5 / 1000).min(len / 2).max(1);
        for i in 0..len {
            let edge = i.min(len - 1 - i);
            let envelope = if edge < ramp {
                0.5 - 0.5 * (PI * edge as f32 / ramp as f32).cos()
            } else {
                1.0
            };
            let t = i as f32 / rate as f32;
            samples.push(LEVEL * envelope * (2.0 * PI * freq * t).sin());
        }
    }
    Sound { rate, samples }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(earcon: Earcon) -> Vec<(u32, u32)> {
        notes(earcon)
            .iter()
            .map(|&(f, ms)| (f as u32, ms))
            .collect()
    }

    #[test]
    fn earcons_differ_in_pitch_or_rhythm() {
        for a in Earcon::ALL {
            for b in Earcon::ALL {
                if a != b {
                    assert_ne!(shape(a), shape(b), "{a:?} and {b:?}");
                    let rhythm = |e| notes(e).iter().map(|n| n.1).collect::<Vec<_>>();
                    let pitches = |e| notes(e).iter().map(|n| n.0 as u32).collect::<Vec<_>>();
                    assert!(
                        rhythm(a) != rhythm(b) || pitches(a) != pitches(b),
                        "{a:?} {b:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn earcons_are_short_and_audible() {
        for earcon in Earcon::ALL {
            let s = sound(earcon, 16_000);
            let secs = s.duration().as_secs_f64();
            assert!((0.05..=1.0).contains(&secs), "{earcon:?}: {secs} s");
            let peak = s.samples.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            assert!(
                peak > 0.3 && peak <= LEVEL + 1e-3,
                "{earcon:?}: peak {peak}"
            );
            assert!(s.samples[0].abs() < 0.01, "starts without a click");
        }
    }

    #[test]
    fn the_flag_fall_is_the_longest() {
        let len = |e| sound(e, 8000).samples.len();
        for earcon in Earcon::ALL {
            assert!(len(Earcon::FlagFall) >= len(earcon));
        }
    }
}
