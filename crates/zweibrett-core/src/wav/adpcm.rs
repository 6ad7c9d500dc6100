//! IMA ADPCM, the 4-bit WAV encoding (format tag 0x11) the shipped clips
//! are stored in: a quarter of the size of 16-bit PCM, decoded by a table
//! and a few additions.

/// The step sizes of the IMA ADPCM standard.
const STEPS: [i32; 89] = [
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66,
    73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449,
    494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272,
    2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493,
    10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
];

/// How each code moves the step index.
const INDEX_MOVES: [i32; 8] = [-1, -1, -1, -1, 2, 4, 6, 8];

/// One channel's decoder state.
#[derive(Clone, Copy)]
struct Channel {
    predictor: i32,
    index: i32,
}

impl Channel {
    fn decode(&mut self, code: u8) -> i16 {
        let step = STEPS[self.index as usize];
        let mut diff = step >> 3;
        if code & 1 != 0 {
            diff += step >> 2;
        }
        if code & 2 != 0 {
            diff += step >> 1;
        }
        if code & 4 != 0 {
            diff += step;
        }
        if code & 8 != 0 {
            self.predictor -= diff;
        } else {
            self.predictor += diff;
        }
        self.predictor = self.predictor.clamp(-32768, 32767);
        self.index = (self.index + INDEX_MOVES[usize::from(code & 7)]).clamp(0, 88);
        self.predictor as i16
    }
}

/// Decodes the data of an IMA ADPCM WAV file into interleaved 16-bit
/// frames: blocks of `block_align` bytes, each a 4-byte header per channel
/// (first sample, step index) and then 4-byte groups of eight codes per
/// channel in turn. At most `frames` frames are returned (the `fact`
/// chunk's count: the last block is padded).
pub fn decode(data: &[u8], channels: usize, block_align: usize, frames: Option<usize>) -> Vec<i16> {
    let mut out = Vec::new();
    if channels == 0 || block_align < 4 * channels {
        return out;
    }
    for block in data.chunks(block_align) {
        if block.len() < 4 * channels {
            break;
        }
        let mut state: Vec<Channel> = block
            .chunks_exact(4)
            .take(channels)
            .map(|h| Channel {
                predictor: i32::from(i16::from_le_bytes([h[0], h[1]])),
                index: i32::from(h[2]).min(88),
            })
            .collect();
        out.extend(state.iter().map(|c| c.predictor as i16));
        let body = &block[4 * channels..];
        // Each round: 4 bytes (8 codes) for every channel.
        for round in body.chunks_exact(4 * channels) {
            let mut decoded = vec![[0i16; 8]; channels];
            for (ch, bytes) in round.chunks_exact(4).enumerate() {
                for (i, byte) in bytes.iter().enumerate() {
                    decoded[ch][2 * i] = state[ch].decode(byte & 0x0F);
                    decoded[ch][2 * i + 1] = state[ch].decode(byte >> 4);
                }
            }
            for i in 0..8 {
                out.extend(decoded.iter().map(|d| d[i]));
            }
        }
    }
    if let Some(frames) = frames {
        out.truncate(frames * channels);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_standard_steps() {
        let mut c = Channel {
            predictor: 0,
            index: 0,
        };
        // Code 7 at step 7: 7/8 + 7/4 + 7/2 + 7 = 0 + 1 + 3 + 7 = 11.
        assert_eq!(c.decode(7), 11);
        assert_eq!(c.index, 8);
        // Code 15 subtracts: step 16 → 2 + 4 + 8 + 16 = 30.
        assert_eq!(c.decode(15), 11 - 30);
        assert_eq!(c.index, 16);
    }

    #[test]
    fn a_block_starts_with_its_header_sample_and_is_cut_to_the_count() {
        // Header: sample 1000, index 0; then codes 0 (add 0) and 8 (sub 0).
        let block = [0xE8, 0x03, 0, 0, 0x80, 0x80, 0x80, 0x80];
        let samples = decode(&block, 1, 8, None);
        assert_eq!(samples.len(), 9);
        assert_eq!(samples[0], 1000);
        assert!(
            samples.iter().all(|s| (999..=1001).contains(s)),
            "{samples:?}"
        );
        assert_eq!(decode(&block, 1, 8, Some(3)).len(), 3);
        assert!(decode(&block[..3], 1, 8, None).is_empty());
    }
}

#[cfg(test)]
mod sox_tests {
    /// A 0.1 s tone that sox encoded as IMA ADPCM, and the same file as
    /// sox decodes it: the decoder gives the same samples, cut to the
    /// count of the `fact` chunk.
    #[test]
    fn the_decoder_agrees_with_sox_sample_for_sample() {
        let adpcm = crate::wav::read(include_bytes!("testdata/tone-ima-adpcm.wav")).unwrap();
        let pcm = crate::wav::read(include_bytes!("testdata/tone-decoded-by-sox.wav")).unwrap();
        assert_eq!(adpcm.rate, 16_000);
        assert_eq!(adpcm.samples.len(), 1600);
        assert_eq!(adpcm.samples[..], pcm.samples[..1600]);
    }
}
