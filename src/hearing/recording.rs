//! A recording read from a file for `hear` and `--listen-from`: a regular
//! file only (never a device or a pipe that never ends), its WAV header
//! checked before the body is read, and its size bounded, so that a
//! hostile file costs neither memory nor time.

use std::path::Path;

use zweibrett_core::wav::{self, Sound};
use zweibrett_session::outside::{self, Bound};

/// The largest recording read, in bytes: over half an hour at 16 kHz in
/// 16-bit mono, several minutes at CD quality; a move said is seconds.
pub const MOST_RECORDING_BYTES: u64 = 64 * 1024 * 1024;

/// The recording in the WAV file at `path`, or why it cannot be heard,
/// naming the file.
pub fn read(path: &Path) -> Result<Sound, String> {
    let named = |why: String| format!("{}: {why}", path.display());
    let riff = |head: &[u8]| {
        if head.len() == 12 && &head[..4] == b"RIFF" && &head[8..] == b"WAVE" {
            Ok(())
        } else {
            Err(wav::WavError::NotWav.to_string())
        }
    };
    let bound = Bound {
        most: MOST_RECORDING_BYTES,
        header_bytes: 12,
        header: Some(&riff),
    };
    let bytes = outside::read(path, bound).map_err(|e| named(e.to_string()))?;
    wav::read(&bytes).map_err(|e| named(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("zweibrett-recording-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn what_is_no_wav_or_too_large_is_refused_before_its_body_is_read() {
        let zeros = file("zeros.wav", &[0u8; 4096]);
        assert!(read(&zeros).unwrap_err().ends_with("not a WAV file"));
        assert!(
            read(Path::new("/dev/zero"))
                .unwrap_err()
                .contains("not a plain file")
        );
        // A header that promises a gigabyte, on a sparse file.
        let big = file("big.wav", b"RIFF\xff\xff\xff\x7fWAVE");
        std::fs::File::options()
            .write(true)
            .open(&big)
            .unwrap()
            .set_len(1 << 30)
            .unwrap();
        let why = read(&big).unwrap_err();
        assert!(why.contains("it is read up to 67108864"), "{why}");
        let _ = std::fs::remove_file(big);
    }
}
