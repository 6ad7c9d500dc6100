//! Noise taken out of an utterance before it is heard: RNNoise's network
//! (the `nnnoiseless` port) works on 48 kHz sound, so the recogniser's
//! 16 kHz samples go up to it and come back down, delayed by nothing.

use nnnoiseless::DenoiseState;
use rubato::{FftFixedInOut, Resampler};

use super::RATE;

/// The network's own rate.
const NETWORK_RATE: usize = 48_000;

/// When the noise is taken out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Denoise {
    /// Only where the room is noisy (the speech stands less than 25 dB
    /// above the quiet between words): on clean speech the network takes
    /// away some of the words too.
    #[default]
    Auto,
    /// Always.
    On,
    /// Never.
    Off,
}

impl Denoise {
    /// Whether the noise is taken out of an utterance as loud as `room`
    /// says.
    pub fn applies(self, room: zweibrett_core::hearing::explained::Loudness) -> bool {
        match self {
            Denoise::Auto => room.is_noisy(),
            Denoise::On => true,
            Denoise::Off => false,
        }
    }
}

/// `samples` (16 kHz) with the noise taken out, as long as they were and
/// in step with them, so that every frame still lies where it was said.
pub fn denoised(samples: &[i16]) -> Vec<i16> {
    let rate = RATE as usize;
    let step = rate / 100;
    let frame = DenoiseState::FRAME_SIZE;
    // Ten milliseconds each way: the resamplers' blocks are the network's
    // frame. Both are built from constants that they accept.
    let mut up = FftFixedInOut::<f32>::new(rate, NETWORK_RATE, step, 1)
        .expect("16 kHz to 48 kHz in blocks of 10 ms");
    let mut down = FftFixedInOut::<f32>::new(NETWORK_RATE, rate, frame, 1)
        .expect("48 kHz to 16 kHz in blocks of 10 ms");
    let mut network = DenoiseState::new();
    prime(&mut network, quietest_stretch(samples));
    // What each stage holds back, in 16 kHz samples: the output starts
    // that late and is cut back into step.
    let ratio = NETWORK_RATE / rate;
    let delay = (up.output_delay() + frame).div_ceil(ratio) + down.output_delay();
    let wanted = samples.len();
    let mut out: Vec<f32> = Vec::with_capacity(wanted + delay + 2 * step);
    let mut block = vec![0.0f32; step];
    let mut cleaned = vec![0.0f32; frame];
    let mut at = 0;
    while out.len() < wanted + delay {
        for (i, slot) in block.iter_mut().enumerate() {
            *slot = samples.get(at + i).map_or(0.0, |&s| f32::from(s));
        }
        at += step;
        let high = up
            .process(&[&block], None)
            .expect("a block of the agreed size");
        let high = &high[0];
        if high.len() != frame {
            // The resampler gives whole blocks only; this is never short.
            out.extend(std::iter::repeat_n(0.0, step));
            continue;
        }
        network.process_frame(&mut cleaned, high);
        let low = down
            .process(&[&cleaned], None)
            .expect("a block of the agreed size");
        out.extend_from_slice(&low[0]);
    }
    out.iter()
        .skip(delay)
        .take(wanted)
        .map(|&s| s.round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16)
        .collect()
}

/// How long the stretch of the room is that the network hears before the
/// utterance, and how long it hears it for: RNNoise learns the noise over
/// its first fraction of a second, and left alone passed the first 0.2 s
/// of a noisy utterance almost whole (pink noise at 15 dB: some 20 frames
/// of "speech" before the first word, and a move said right was not
/// heard for them).
const ROOM_STRETCH: usize = RATE as usize * 3 / 10;
const PRIMING: usize = RATE as usize;

/// The quietest stretch of [`ROOM_STRETCH`] in `samples`: the room between
/// or around the words (an utterance keeps 0.25 s from before its first
/// sound and ends with a pause).
fn quietest_stretch(samples: &[i16]) -> &[i16] {
    if samples.len() <= ROOM_STRETCH {
        return samples;
    }
    let step = RATE as usize / 100;
    let energy = |from: usize| {
        samples[from..from + ROOM_STRETCH]
            .iter()
            .map(|&s| f64::from(s) * f64::from(s))
            .sum::<f64>()
    };
    let from = (0..=samples.len() - ROOM_STRETCH)
        .step_by(step)
        .min_by(|&a, &b| energy(a).total_cmp(&energy(b)))
        .unwrap_or(0);
    &samples[from..from + ROOM_STRETCH]
}

/// Lets `network` hear `room` for [`PRIMING`], forth and back so that no
/// seam clicks where it turns, its output thrown away: it starts the
/// utterance knowing the noise.
fn prime(network: &mut DenoiseState, room: &[i16]) {
    if room.is_empty() {
        return;
    }
    let rate = RATE as usize;
    let step = rate / 100;
    let mut up = FftFixedInOut::<f32>::new(rate, NETWORK_RATE, step, 1)
        .expect("16 kHz to 48 kHz in blocks of 10 ms");
    let forth_and_back = room.iter().chain(room.iter().rev()).cycle().take(PRIMING);
    let heard: Vec<f32> = forth_and_back.map(|&s| f32::from(s)).collect();
    let mut thrown = vec![0.0f32; DenoiseState::FRAME_SIZE];
    for block in heard.chunks_exact(step) {
        let Ok(high) = up.process(&[block], None) else {
            return;
        };
        if high[0].len() == DenoiseState::FRAME_SIZE {
            network.process_frame(&mut thrown, &high[0]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(n: usize, loud: f32) -> Vec<i16> {
        (0..n)
            .map(|i| {
                let t = i as f32 / RATE as f32;
                // A voiced sound: a 150 Hz fundamental and its partials.
                let s: f32 = (1..12)
                    .map(|k| (2.0 * std::f32::consts::PI * 150.0 * k as f32 * t).sin() / k as f32)
                    .sum();
                (s * loud) as i16
            })
            .collect()
    }

    fn noise(n: usize, loud: f32) -> Vec<i16> {
        let mut x: u32 = 12345;
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                ((x as f32 / u32::MAX as f32 - 0.5) * 2.0 * loud) as i16
            })
            .collect()
    }

    fn power(samples: &[i16]) -> f64 {
        samples.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / samples.len().max(1) as f64
    }

    #[test]
    fn keeps_the_length() {
        for n in [0, 1, 159, 160, 161, 16_000, 23_457] {
            assert_eq!(denoised(&noise(n, 1000.0)).len(), n);
        }
    }

    #[test]
    fn takes_steady_noise_down() {
        let hiss = noise(RATE as usize * 2, 2000.0);
        let after = denoised(&hiss);
        // The second second: the network has learned the noise.
        let half = hiss.len() / 2;
        let drop = 10.0 * (power(&hiss[half..]) / power(&after[half..]).max(1.0)).log10();
        assert!(drop > 10.0, "noise down by only {drop:.1} dB");
    }

    /// Pink noise, as a hall's murmur and a fan are: louder low.
    fn pink(n: usize, loud: f32) -> Vec<i16> {
        let white = noise(n, 10_000.0);
        let mut b = [0.0f32; 3];
        white
            .iter()
            .map(|&w| {
                let w = f32::from(w) / 10_000.0;
                b[0] = 0.99765 * b[0] + w * 0.099_046;
                b[1] = 0.963 * b[1] + w * 0.296_516_4;
                b[2] = 0.57 * b[2] + w * 1.052_691_3;
                ((b[0] + b[1] + b[2] + w * 0.1848) * 0.25 * loud) as i16
            })
            .collect()
    }

    #[test]
    fn takes_the_noise_down_from_the_utterances_start() {
        // 0.3 s of the room, then a voice in it: the network has heard the
        // room before the utterance, so its first frames are no longer let
        // through almost whole.
        let lead = RATE as usize * 3 / 10;
        let mut sound = pink(RATE as usize * 2, 2000.0);
        for (s, v) in sound[lead..].iter_mut().zip(tone(RATE as usize, 4000.0)) {
            *s = s.saturating_add(v);
        }
        let after = denoised(&sound);
        // The first 0.1 s: down by 8.7 dB unprimed, by 13.3 dB primed.
        let start = RATE as usize / 10;
        let drop = 10.0 * (power(&sound[..start]) / power(&after[..start]).max(1.0)).log10();
        assert!(drop > 11.0, "noise at the start down by only {drop:.1} dB");
    }

    #[test]
    fn stays_in_step() {
        // A burst in quiet: where it begins must not move by more than a
        // frame of the recogniser (10 ms).
        let mut sound = vec![0i16; RATE as usize];
        let burst = tone(RATE as usize / 2, 3000.0);
        sound.splice(8000..8000, burst);
        let after = denoised(&sound);
        let onset = |s: &[i16]| s.iter().position(|v| v.unsigned_abs() > 600).unwrap();
        let moved = onset(&after).abs_diff(onset(&sound));
        assert!(moved <= 160, "the onset moved by {moved} samples");
    }
}
