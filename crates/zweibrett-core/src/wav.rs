//! Reading and writing the small WAV files of the built-in voice: 16-bit
//! PCM or 4-bit IMA ADPCM, any rate, any number of channels (mixed down to
//! mono on reading); written as 16-bit PCM.

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
    /// How long the sound lasts.
    pub fn duration(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.samples.len() as f64 / f64::from(self.rate))
    }

    /// The same sound at another sample rate (linear interpolation: clips
    /// are speech, and the rates differ by small factors).
    pub fn resampled(&self, rate: u32) -> Sound {
        if rate == self.rate || self.samples.is_empty() {
            return Sound {
                rate,
                samples: self.samples.clone(),
            };
        }
        let step = f64::from(self.rate) / f64::from(rate);
        let len = (self.samples.len() as f64 / step) as usize;
        let samples = (0..len)
            .map(|i| interpolate(&self.samples, i as f64 * step))
            .collect();
        Sound { rate, samples }
    }
}

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
                let channels = u16::from_le_bytes([body[2], body[3]]).max(1);
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
mod tests {
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
}
