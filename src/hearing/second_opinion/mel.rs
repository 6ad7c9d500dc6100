//! The sound as Whisper hears it: the log of its energy in 80 bands on
//! the mel scale, every 10 ms, from windows of 25 ms, scaled as Whisper
//! was trained on (at most 8 below the loudest, then about -1 to 1).

use std::sync::Arc;

use rustfft::num_complex::Complex;
use rustfft::{Fft, FftPlanner};

/// Samples per window (25 ms at 16 kHz).
const WINDOW: usize = 400;
/// Samples between windows (10 ms).
const HOP: usize = 160;
/// Bins of the spectrum kept: up to half the sampling rate.
const BINS: usize = WINDOW / 2 + 1;

/// The bands and the transform, made once.
pub(super) struct Mel {
    bands: usize,
    /// `bands` rows of `BINS` weights.
    filters: Vec<f32>,
    fft: Arc<dyn Fft<f32>>,
    hann: Vec<f32>,
}

impl Mel {
    /// `bands` bands on the mel scale of Slaney's auditory toolbox (linear
    /// below 1 kHz, logarithmic above), each of unit area, as Whisper's
    /// were made.
    pub(super) fn new(bands: usize) -> Mel {
        let to_mel = |hz: f64| {
            if hz < 1000.0 {
                hz / (200.0 / 3.0)
            } else {
                15.0 + (hz / 1000.0).ln() / (6.4f64.ln() / 27.0)
            }
        };
        let to_hz = |mel: f64| {
            if mel < 15.0 {
                mel * (200.0 / 3.0)
            } else {
                1000.0 * ((6.4f64.ln() / 27.0) * (mel - 15.0)).exp()
            }
        };
        let top = to_mel(8000.0);
        let edges: Vec<f64> = (0..bands + 2)
            .map(|i| to_hz(top * i as f64 / (bands + 1) as f64))
            .collect();
        let mut filters = vec![0f32; bands * BINS];
        for band in 0..bands {
            let (low, mid, high) = (edges[band], edges[band + 1], edges[band + 2]);
            let area = 2.0 / (high - low);
            for bin in 0..BINS {
                let hz = 8000.0 * bin as f64 / (BINS - 1) as f64;
                let rising = (hz - low) / (mid - low);
                let falling = (high - hz) / (high - mid);
                let weight = rising.min(falling).max(0.0) * area;
                filters[band * BINS + bin] = weight as f32;
            }
        }
        let hann = (0..WINDOW)
            .map(|i| 0.5 - 0.5 * (2.0 * std::f32::consts::PI * i as f32 / WINDOW as f32).cos())
            .collect();
        Mel {
            bands,
            filters,
            fft: FftPlanner::new().plan_fft_forward(WINDOW),
            hann,
        }
    }

    /// The bands of `samples` (16 kHz), band by band: `bands` rows of as
    /// many frames as there are hops in the sound, an even number.
    pub(super) fn of(&self, samples: &[f32]) -> (Vec<f32>, usize) {
        // Centred windows: the sound mirrored at both ends.
        let half = WINDOW / 2;
        let n = samples.len();
        let at = |i: isize| -> f32 {
            if n == 0 {
                return 0.0;
            }
            let last = n as isize - 1;
            let mut i = i;
            while i < 0 || i > last {
                i = if i < 0 { -i } else { 2 * last - i };
            }
            samples[i as usize]
        };
        let frames = (n / HOP).max(1).next_multiple_of(2);
        let mut out = vec![0f32; self.bands * frames];
        let mut buffer = vec![Complex::new(0f32, 0f32); WINDOW];
        for frame in 0..frames {
            let start = (frame * HOP) as isize - half as isize;
            for (k, slot) in buffer.iter_mut().enumerate() {
                *slot = Complex::new(at(start + k as isize) * self.hann[k], 0.0);
            }
            self.fft.process(&mut buffer);
            for band in 0..self.bands {
                let row = &self.filters[band * BINS..(band + 1) * BINS];
                let energy: f32 = row.iter().zip(&buffer).map(|(w, c)| w * c.norm_sqr()).sum();
                out[band * frames + frame] = energy.max(1e-10).log10();
            }
        }
        let loudest = out.iter().copied().fold(f32::MIN, f32::max);
        for v in &mut out {
            *v = (v.max(loudest - 8.0) + 4.0) / 4.0;
        }
        (out, frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tone_lights_the_band_of_its_pitch() {
        let mel = Mel::new(80);
        let tone: Vec<f32> = (0..16000)
            .map(|i| (2.0 * std::f32::consts::PI * 440.0 * i as f32 / 16000.0).sin() * 0.5)
            .collect();
        let (bands, frames) = mel.of(&tone);
        assert_eq!(frames, 100);
        let middle = |band: usize| bands[band * frames + 50];
        let loudest = (0..80)
            .max_by(|&a, &b| middle(a).total_cmp(&middle(b)))
            .unwrap();
        // 80 bands up to 8 kHz lie 36.8 Hz apart below 1 kHz: the
        // twelfth (index 11) is centred on 441 Hz.
        assert_eq!(loudest, 11);
        assert!(bands.iter().all(|v| (-1.01..=1.51).contains(v)));
    }

    #[test]
    fn each_band_weighs_the_bins_of_its_span_with_unit_area() {
        let mel = Mel::new(80);
        for band in [0, 40, 79] {
            let row = &mel.filters[band * BINS..(band + 1) * BINS];
            assert!(row.iter().any(|&w| w > 0.0), "band {band} is empty");
        }
        // A short or silent sound still has frames, and no NaN.
        let (bands, frames) = mel.of(&[0.0; 10]);
        assert_eq!(frames, 2);
        assert!(bands.iter().all(|v| v.is_finite()));
    }
}
