//! A recording read from a file for `hear` and `--listen-from`: a regular
//! file only (never a device or a pipe that never ends), its WAV header
//! checked before the body is read, and its size bounded, so that a
//! hostile file costs neither memory nor time.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use zweibrett_core::wav::{self, Sound};

/// The largest recording read, in bytes: over half an hour at 16 kHz in
/// 16-bit mono, several minutes at CD quality; a move said is seconds.
pub const MOST_RECORDING_BYTES: u64 = 64 * 1024 * 1024;

/// The recording in the WAV file at `path`, or why it cannot be heard,
/// naming the file.
pub fn read(path: &Path) -> Result<Sound, String> {
    let named = |why: String| format!("{}: {why}", path.display());
    let mut file = File::open(path).map_err(|e| named(e.to_string()))?;
    let meta = file.metadata().map_err(|e| named(e.to_string()))?;
    if !meta.is_file() {
        return Err(named("not a file but a device, pipe or folder".into()));
    }
    let mut head = [0u8; 12];
    let got = file.read(&mut head).map_err(|e| named(e.to_string()))?;
    if got < head.len() || &head[..4] != b"RIFF" || &head[8..] != b"WAVE" {
        return Err(named(wav::WavError::NotWav.to_string()));
    }
    if meta.len() > MOST_RECORDING_BYTES {
        return Err(named(format!(
            "it has {} bytes; a recording is read up to {MOST_RECORDING_BYTES} bytes",
            meta.len()
        )));
    }
    let mut bytes = head.to_vec();
    // The file may grow while it is read: never past the bound.
    file.take(MOST_RECORDING_BYTES - head.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| named(e.to_string()))?;
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
                .contains("not a file")
        );
        // A header that promises a gigabyte, on a sparse file.
        let big = file("big.wav", b"RIFF\xff\xff\xff\x7fWAVE");
        File::options()
            .write(true)
            .open(&big)
            .unwrap()
            .set_len(1 << 30)
            .unwrap();
        let why = read(&big).unwrap_err();
        assert!(
            why.contains("a recording is read up to 67108864 bytes"),
            "{why}"
        );
        let _ = std::fs::remove_file(big);
    }
}
