//! How wide a band of sound an utterance reached the recogniser in. A
//! telephone line, a Bluetooth headset in its call mode, or any sound
//! that passed through 8 kHz keeps nothing above about 4 kHz, where the
//! hiss of "s", "z" and "f" lies: "Cesar" then loses what tells it from
//! "Eva" or "Felix", and a long move that names one file twice ("Bauer
//! Cesar drei Cesar vier") was heard, with a clear lead, as the legal move
//! on another file. In so narrow a band a move is asked about, never taken
//! at once.

/// The samples' rate: the recogniser hears 16 kHz.
const RATE: f64 = 16_000.0;

/// Where the high band starts, in hertz: well above a telephone's 3.4 kHz
/// and the 4 kHz that 8 kHz sampling keeps, within the hiss of a
/// sibilant (4 to 8 kHz).
const HIGH_BAND_HZ: f64 = 5_000.0;

/// The sections of the Butterworth high-pass filter, of order twice as
/// many. An eighth-order one let through enough of a voice's 3 to 4 kHz
/// (-16 dB at 4 kHz) that a sound passed through 8 kHz kept as much
/// "above 5 kHz" as a clean voice without sibilants; a sixteenth-order
/// one (-31 dB at 4 kHz, -60 at 3.4) keeps the two apart by a factor of
/// ten.
const SECTIONS: usize = 8;

/// One frame: 10 ms at 16 kHz, as the recogniser's frames.
const FRAME: usize = 160;

/// Frames count as speech when within this factor (40 dB) of the loudest.
const SPEECH_BELOW_LOUDEST: f64 = 10_000.0;

/// Below this share of its energy above [`HIGH_BAND_HZ`] (-56 dB), an
/// utterance came through a narrow band. Measured on 4,400 recordings of
/// the test corpora: over a telephone band or through 8 kHz at most
/// 0.000 000 7; said in a room, clean or not, from 0.000 01 up (a diphone
/// voice saying a move with no sibilant in it), most from 0.000 4.
pub const NARROW_SHARE: f64 = 0.000_002_5;

/// A second-order section of a Butterworth high-pass filter
/// (direct form I).
struct Section {
    b: [f64; 3],
    a: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Section {
    /// A high-pass section at `hz` with quality `q`.
    fn high_pass(hz: f64, q: f64) -> Section {
        let w = std::f64::consts::TAU * hz / RATE;
        let (sin, cos) = w.sin_cos();
        let alpha = sin / (2.0 * q);
        let a0 = 1.0 + alpha;
        let b = (1.0 + cos) / 2.0 / a0;
        Section {
            b: [b, -2.0 * b, b],
            a: [-2.0 * cos / a0, (1.0 - alpha) / a0],
            x: [0.0; 2],
            y: [0.0; 2],
        }
    }

    fn step(&mut self, x: f64) -> f64 {
        let y = self.b[0] * x + self.b[1] * self.x[0] + self.b[2] * self.x[1]
            - self.a[0] * self.y[0]
            - self.a[1] * self.y[1];
        self.x = [x, self.x[0]];
        self.y = [y, self.y[0]];
        y
    }
}

/// The share of the speech's energy that lies above [`HIGH_BAND_HZ`]:
/// over the frames within 40 dB of the loudest, the energy a
/// sixteenth-order Butterworth high-pass lets through, against all of it.
/// Zero when there is no sound.
pub fn high_band_share(samples: &[i16]) -> f64 {
    // Each section's quality from its pair of the filter's poles.
    let mut sections: Vec<Section> = (0..SECTIONS)
        .map(|k| {
            let angle = std::f64::consts::PI * (2 * k + 1) as f64 / (4 * SECTIONS) as f64;
            Section::high_pass(HIGH_BAND_HZ, 1.0 / (2.0 * angle.sin()))
        })
        .collect();
    let frames: Vec<(f64, f64)> = samples
        .chunks(FRAME)
        .map(|frame| {
            frame.iter().fold((0.0, 0.0), |(all, high), &s| {
                let x = f64::from(s);
                let y = sections.iter_mut().fold(x, |v, section| section.step(v));
                (all + x * x, high + y * y)
            })
        })
        .collect();
    // The filter rings for a few milliseconds after a sound that starts
    // at once, as a cut recording does: its first frame is not measured.
    let frames = frames.get(1..).unwrap_or_default();
    let loudest = frames.iter().map(|&(all, _)| all).fold(0.0, f64::max);
    let (all, high) = frames
        .iter()
        .filter(|&&(all, _)| all > 0.0 && all * SPEECH_BELOW_LOUDEST >= loudest)
        .fold((0.0, 0.0), |(a, h), &(all, high)| (a + all, h + high));
    if all > 0.0 { high / all } else { 0.0 }
}

/// Whether `samples` came through a narrow band (see [`NARROW_SHARE`]).
pub fn is_narrow_band(samples: &[i16]) -> bool {
    high_band_share(samples) < NARROW_SHARE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second of a tone at `hz`, with a little of one at `hiss_hz`.
    fn tones(hz: f64, hiss_hz: f64, hiss: f64) -> Vec<i16> {
        (0..16_000)
            .map(|i| {
                let t = f64::from(i) / RATE;
                let v = (std::f64::consts::TAU * hz * t).sin()
                    + hiss * (std::f64::consts::TAU * hiss_hz * t).sin();
                (v * 8_000.0) as i16
            })
            .collect()
    }

    #[test]
    fn a_voice_band_alone_is_narrow() {
        // 1 kHz and a little at 3 kHz: what a telephone keeps.
        let share = high_band_share(&tones(1_000.0, 3_000.0, 0.3));
        assert!(share < NARROW_SHARE / 10.0, "{share}");
        assert!(is_narrow_band(&tones(1_000.0, 3_000.0, 0.3)));
    }

    #[test]
    fn what_eight_kilohertz_keeps_stays_narrow() {
        // A tenth of the amplitude at 3.6 kHz, near the top of what 8 kHz
        // sampling keeps: louder there than speech ever is.
        let share = high_band_share(&tones(1_000.0, 3_600.0, 0.1));
        assert!(share < NARROW_SHARE / 5.0, "{share}");
    }

    #[test]
    fn hiss_above_the_band_makes_it_wide() {
        // A tenth of the amplitude at 6 kHz: a percent of the energy.
        let share = high_band_share(&tones(1_000.0, 6_000.0, 0.1));
        assert!((0.005..0.02).contains(&share), "{share}");
        assert!(!is_narrow_band(&tones(1_000.0, 6_000.0, 0.1)));
    }

    #[test]
    fn silence_is_no_band_at_all() {
        assert_eq!(high_band_share(&[0; 1600]), 0.0);
        assert_eq!(high_band_share(&[]), 0.0);
    }
}
