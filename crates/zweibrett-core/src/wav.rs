//! Reading and writing the small WAV files of the built-in voice: 16-bit
//! PCM or 4-bit IMA ADPCM, any rate, any number of channels (mixed down to
//! mono on reading); written as 16-bit PCM. A user's recording of one word
//! is read by [`read_clip`], which holds it to what a word can be: a rate
//! a sound card plays, one or two channels, at most [`CLIP_SECONDS`].

use std::io::{self, Write};

mod adpcm;
mod stretch;
pub use stretch::stretch;

/// Sound as mono samples from -1.0 to 1.0 at a sample rate.
#[derive(Clone, Debug, PartialEq)]
pub struct Sound {
    /// Samples per second.
    pub rate: u32,
    /// The samples.
    pub samples: Vec<f32>,
}

impl Sound {
    /// How long the sound lasts; nothing at a rate of zero, whose samples
    /// have no time.
    pub fn duration(&self) -> std::time::Duration {
        if self.rate == 0 {
            return std::time::Duration::ZERO;
        }
        std::time::Duration::from_secs_f64(self.samples.len() as f64 / f64::from(self.rate))
    }

    /// The same sound at another sample rate (linear interpolation: clips
    /// are speech, and the rates differ by small factors). Whatever the
    /// rates, it never panics and its length is bounded: a sound at a rate
    /// of zero (either side) gives silence, and one longer than
    /// [`MOST_RESAMPLED_SECONDS`] or [`MOST_RESAMPLED_SAMPLES`] is cut
    /// there.
    pub fn resampled(&self, rate: u32) -> Sound {
        if rate == 0 || self.rate == 0 {
            return Sound {
                rate,
                samples: Vec::new(),
            };
        }
        let most = (MOST_RESAMPLED_SECONDS as usize)
            .saturating_mul(rate as usize)
            .min(MOST_RESAMPLED_SAMPLES);
        if rate == self.rate || self.samples.is_empty() {
            let mut samples = self.samples.clone();
            samples.truncate(most);
            return Sound { rate, samples };
        }
        let step = f64::from(self.rate) / f64::from(rate);
        let len = ((self.samples.len() as f64 / step) as usize).min(most);
        let samples = (0..len)
            .map(|i| interpolate(&self.samples, i as f64 * step))
            .collect();
        Sound { rate, samples }
    }

    /// The same sound at a lower rate with nothing above the new rate's
    /// half folded back into the speech band, as a speech recogniser needs
    /// it: a windowed-sinc low-pass first, then [`Sound::resampled`]. At
    /// the same or a higher rate, as `resampled`.
    pub fn downsampled(&self, rate: u32) -> Sound {
        if rate == 0 || self.rate <= rate {
            return self.resampled(rate);
        }
        // Cut off a little below the new half rate.
        let cutoff = 0.45 * f64::from(rate) / f64::from(self.rate);
        const HALF: isize = 24;
        let taps: Vec<f64> = (-HALF..=HALF)
            .map(|n| {
                let x = n as f64;
                let sinc = if n == 0 {
                    2.0 * cutoff
                } else {
                    (2.0 * std::f64::consts::PI * cutoff * x).sin() / (std::f64::consts::PI * x)
                };
                let window = 0.54 + 0.46 * (std::f64::consts::PI * x / (HALF as f64 + 1.0)).cos();
                sinc * window
            })
            .collect();
        let gain: f64 = taps.iter().sum();
        let len = self.samples.len() as isize;
        let filtered = (0..len)
            .map(|i| {
                let mut sum = 0.0;
                for (k, tap) in taps.iter().enumerate() {
                    let j = i + k as isize - HALF;
                    if (0..len).contains(&j) {
                        sum += tap * f64::from(self.samples[j as usize]);
                    }
                }
                (sum / gain) as f32
            })
            .collect();
        Sound {
            rate: self.rate,
            samples: filtered,
        }
        .resampled(rate)
    }
}

/// The longest sound [`Sound::resampled`] gives, in seconds: far more
/// than any announcement, far less than the memory of a small machine.
pub const MOST_RESAMPLED_SECONDS: u32 = 600;

/// The most samples [`Sound::resampled`] gives, whatever the rate asked
/// for: ten minutes at 48 kHz, about 115 MB.
pub const MOST_RESAMPLED_SAMPLES: usize = 600 * 48_000;

/// The longest recording of one word, in seconds.
pub const CLIP_SECONDS: u32 = 10;

/// The sample rates a recording of a word may have: from telephone
/// quality to the fastest rate sound cards play.
pub const CLIP_RATES: std::ops::RangeInclusive<u32> = 8_000..=192_000;

/// The most channels a recording of a word may have: mono or stereo.
pub const CLIP_CHANNELS: u16 = 2;

/// The sample at a fractional position, by linear interpolation.
pub fn interpolate(samples: &[f32], pos: f64) -> f32 {
    let i = pos as usize;
    let Some(&a) = samples.get(i) else {
        return 0.0;
    };
    let b = samples.get(i + 1).copied().unwrap_or(a);
    let t = (pos - i as f64) as f32;
    a + (b - a) * t
}

/// Why a WAV file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WavError {
    /// Not a RIFF/WAVE file.
    #[error("not a WAV file")]
    NotWav,
    /// A WAV file in a format other than 16-bit PCM or 4-bit IMA ADPCM.
    #[error("only 16-bit PCM and 4-bit IMA ADPCM WAV are supported (format {format}, {bits} bits)")]
    Unsupported {
        /// The WAVE format tag.
        format: u16,
        /// Bits per sample.
        bits: u16,
    },
    /// A sample rate of zero (the sound would last for ever), or one so
    /// fast that its bytes per second do not fit the format's 32 bits.
    #[error("a WAV file at {rate} samples per second cannot be played")]
    Rate {
        /// The sample rate as written.
        rate: u32,
    },
    /// A WAV file that says it has no channels.
    #[error("a WAV file with no channels holds no sound")]
    NoChannels,
    /// A recording of a word at a rate outside [`CLIP_RATES`].
    #[error(
        "it is recorded at {rate} samples per second; a word is recorded at {} to {} samples per second",
        CLIP_RATES.start(),
        CLIP_RATES.end()
    )]
    ClipRate {
        /// The sample rate as written.
        rate: u32,
    },
    /// A recording of a word with more channels than [`CLIP_CHANNELS`].
    #[error("it has {channels} channels; a word is recorded in mono or stereo")]
    ClipChannels {
        /// The number of channels as written.
        channels: u16,
    },
    /// A recording of a word longer than [`CLIP_SECONDS`].
    #[error("it lasts {seconds} seconds; a word lasts at most {CLIP_SECONDS} seconds")]
    ClipTooLong {
        /// How long it lasts, in whole seconds, rounded up.
        seconds: u64,
    },
}

/// How the samples of a WAV file are stored.
#[derive(Clone, Copy)]
enum Encoding {
    Pcm16,
    /// IMA ADPCM in blocks of this many bytes.
    ImaAdpcm(usize),
}

/// Reads a 16-bit PCM or IMA ADPCM WAV file, mixing its channels down to
/// mono.
pub fn read(bytes: &[u8]) -> Result<Sound, WavError> {
    read_checked(bytes, |_| Ok(()))
}

/// Reads a user's recording of one word: as [`read`], and refused when its
/// rate is outside [`CLIP_RATES`], it has more than [`CLIP_CHANNELS`], or
/// it lasts longer than [`CLIP_SECONDS`]. The format is checked before
/// anything is decoded.
pub fn read_clip(bytes: &[u8]) -> Result<Sound, WavError> {
    let sound = read_checked(bytes, |format| {
        if !CLIP_RATES.contains(&format.rate) {
            return Err(WavError::ClipRate { rate: format.rate });
        }
        if format.channels > CLIP_CHANNELS {
            return Err(WavError::ClipChannels {
                channels: format.channels,
            });
        }
        Ok(())
    })?;
    let seconds = (sound.samples.len() as u64).div_ceil(u64::from(sound.rate));
    if seconds > u64::from(CLIP_SECONDS) {
        return Err(WavError::ClipTooLong { seconds });
    }
    Ok(sound)
}

/// What the `fmt ` chunk says of a file, for [`read_checked`]'s check.
struct Format {
    channels: u16,
    rate: u32,
}

/// Reads a WAV file, with `check` looking at its format before its data is
/// decoded.
fn read_checked(
    bytes: &[u8],
    check: impl Fn(&Format) -> Result<(), WavError>,
) -> Result<Sound, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotWav);
    }
    let mut at = 12;
    let mut format = None;
    let mut frames = None;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let declared =
            u32::from_le_bytes([bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]])
                as usize;
        let body = &bytes[at + 8..(at + 8).saturating_add(declared).min(bytes.len())];
        match id {
            b"fmt " if body.len() >= 16 => {
                let tag = u16::from_le_bytes([body[0], body[1]]);
                let channels = u16::from_le_bytes([body[2], body[3]]);
                if channels == 0 {
                    return Err(WavError::NoChannels);
                }
                let rate = u32::from_le_bytes([body[4], body[5], body[6], body[7]]);
                let block_align = usize::from(u16::from_le_bytes([body[12], body[13]]));
                let bits = u16::from_le_bytes([body[14], body[15]]);
                // 0xFFFE is WAVE_FORMAT_EXTENSIBLE, which sox writes for some files.
                let encoding = match (tag, bits) {
                    (1 | 0xFFFE, 16) => Encoding::Pcm16,
                    (0x11, 4) => Encoding::ImaAdpcm(block_align),
                    _ => return Err(WavError::Unsupported { format: tag, bits }),
                };
                let byte_rate = rate.checked_mul(2 * u32::from(channels));
                if rate == 0 || byte_rate.is_none() {
                    return Err(WavError::Rate { rate });
                }
                check(&Format { channels, rate })?;
                format = Some((channels as usize, rate, encoding));
            }
            b"fact" if body.len() >= 4 => {
                frames = Some(u32::from_le_bytes([body[0], body[1], body[2], body[3]]) as usize);
            }
            b"data" => {
                let (channels, rate, encoding) = format.ok_or(WavError::NotWav)?;
                let values: Vec<i16> = match encoding {
                    Encoding::Pcm16 => body
                        .chunks_exact(2)
                        .map(|s| i16::from_le_bytes([s[0], s[1]]))
                        .collect(),
                    Encoding::ImaAdpcm(block) => adpcm::decode(body, channels, block, frames),
                };
                let samples = values
                    .chunks_exact(channels)
                    .map(|frame| {
                        frame.iter().map(|&s| f32::from(s) / 32768.0).sum::<f32>() / channels as f32
                    })
                    .collect();
                return Ok(Sound { rate, samples });
            }
            _ => {}
        }
        // Chunks are padded to an even length.
        at += 8 + declared + (declared & 1);
    }
    Err(WavError::NotWav)
}

/// Writes a sound as a 16-bit mono PCM WAV file. A sound too long or too
/// fast for the format's 32-bit sizes is refused.
pub fn write(sound: &Sound, mut out: impl Write) -> io::Result<()> {
    let too_large = || io::Error::new(io::ErrorKind::InvalidInput, "too large for a WAV file");
    let data_len = sound
        .samples
        .len()
        .checked_mul(2)
        .and_then(|len| u32::try_from(len).ok())
        .filter(|len| *len <= u32::MAX - 36)
        .ok_or_else(too_large)?;
    let byte_rate = sound.rate.checked_mul(2).ok_or_else(too_large)?;
    let mut header = Vec::with_capacity(44);
    header.extend_from_slice(b"RIFF");
    header.extend_from_slice(&(36 + data_len).to_le_bytes());
    header.extend_from_slice(b"WAVEfmt ");
    header.extend_from_slice(&16u32.to_le_bytes());
    header.extend_from_slice(&1u16.to_le_bytes());
    header.extend_from_slice(&1u16.to_le_bytes());
    header.extend_from_slice(&sound.rate.to_le_bytes());
    header.extend_from_slice(&byte_rate.to_le_bytes());
    header.extend_from_slice(&2u16.to_le_bytes());
    header.extend_from_slice(&16u16.to_le_bytes());
    header.extend_from_slice(b"data");
    header.extend_from_slice(&data_len.to_le_bytes());
    out.write_all(&header)?;
    let mut data = Vec::with_capacity(data_len as usize);
    for s in &sound.samples {
        let v = (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
        data.extend_from_slice(&v.to_le_bytes());
    }
    out.write_all(&data)
}

#[cfg(test)]
mod tests;
