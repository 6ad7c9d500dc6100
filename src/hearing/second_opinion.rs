//! A second opinion on a spoken move from Whisper, a model trained on
//! many languages, German among them, where the first recogniser hears
//! German words through a US English model (docs/listening.md, "A second
//! opinion"). Whisper does not search here: the sound is encoded once,
//! then each phrase in doubt is read to the decoder word piece by word
//! piece, and scored by the mean log-probability of its pieces and the
//! end. Free decoding writes what it likes ("Schöne. Schöne." for "Cesar
//! drei"); a score over the phrases the position allows cannot.
//!
//! The model is the CTranslate2 conversion of Whisper base (MIT licence)
//! that `scripts/setup` assembles in the user's data folder
//! (`models/whisper-base`: `model.bin` and `tokenizer.json`).

mod ctranslate;
mod decoder;
mod mel;

use std::path::{Path, PathBuf};

use candle_core::{DType, Device, Tensor};
use candle_transformers::models::whisper::model::Whisper;

/// Why the second opinion's model cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// A file of the model cannot be read.
    #[error("{0}: {1}")]
    Unreadable(PathBuf, std::io::Error),
    /// `model.bin` is not a Whisper model in a format read here.
    #[error("the model is not one this program reads: {0}")]
    Malformed(String),
    /// The tokenizer cannot be read.
    #[error("the tokenizer cannot be read: {0}")]
    Tokenizer(String),
    /// The model's language has no token.
    #[error("the model knows no language {0:?}")]
    NoLanguage(String),
    /// The tensors could not be made or run.
    #[error("the model cannot be run: {0}")]
    Tensors(#[from] candle_core::Error),
}

/// The folder the model is kept in: `models/whisper-base` in the user's
/// data folder (on Linux `$XDG_DATA_HOME/zweibrett`).
pub fn installed_model_dir() -> Option<PathBuf> {
    crate::session::config::user_data_dir().map(|d| d.join("models").join("whisper-base"))
}

/// Whether `dir` holds the files a model is loaded from.
pub fn is_installed(dir: &Path) -> bool {
    MODEL_FILES.iter().all(|name| dir.join(name).is_file())
}

/// The files of a model that [`SecondOpinion::load`] reads.
const MODEL_FILES: [&str; 2] = ["model.bin", "tokenizer.json"];

/// The largest `model.bin` read: Whisper medium in 16 bits is 1.5 GB,
/// base 145 MB.
const MOST_MODEL_BYTES: u64 = 2 << 30;

/// The largest `tokenizer.json` read: Whisper's is 3.9 MB.
const MOST_TOKENIZER_BYTES: u64 = 16 << 20;

/// How well the phrases in doubt fit an utterance, beside what Whisper
/// reads in it left free, when that was asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct Scores {
    /// Each phrase's mean log-probability per word piece and the end.
    pub phrases: Vec<f32>,
    /// Whisper's own reading, left free: its text, and its mean
    /// log-probability as a phrase's (a phrase far below it is not what
    /// was said).
    pub free: Option<(String, f32)>,
}

/// The most word pieces of the free reading: a move's phrase is some ten.
const MOST_FREE_PIECES: usize = 16;

/// Whisper, loaded, with its tokenizer and the bands it hears.
pub struct SecondOpinion {
    /// The encoder is candle's; its decoder is left unused.
    model: Whisper,
    decoder: decoder::Decoder,
    tokenizer: tokenizers::Tokenizer,
    mel: mel::Mel,
    /// The tokens that start a transcript in the pack's language.
    prompt: [u32; 4],
    end: u32,
    device: Device,
}

impl SecondOpinion {
    /// Loads the model in `dir` to hear `language` (an ISO 639-1 code
    /// or a tag such as `de-DE`).
    pub fn load(dir: &Path, language: &str) -> Result<SecondOpinion, ModelError> {
        use crate::session::outside::{Bound, read};
        let read = |name: &str, most: u64| {
            let path = dir.join(name);
            read(&path, Bound::bytes(most)).map_err(|e| ModelError::Unreadable(path, e.into()))
        };
        let [model_file, tokenizer_file] = MODEL_FILES;
        let bytes = read(model_file, MOST_MODEL_BYTES)?;
        let tokenizer =
            tokenizers::Tokenizer::from_bytes(read(tokenizer_file, MOST_TOKENIZER_BYTES)?)
                .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
        let device = Device::Cpu;
        let (tensors, config) = ctranslate::tensors(&bytes, &device)?;
        drop(bytes);
        let bands = config.num_mel_bins;
        let vars = candle_nn::VarBuilder::from_tensors(tensors, DType::F32, &device);
        let decoder = decoder::Decoder::load(vars.pp("model.decoder"), &config)?;
        let model = Whisper::load(&vars, config)?;
        let token = |name: &str| {
            tokenizer
                .token_to_id(name)
                .ok_or_else(|| ModelError::Tokenizer(format!("it has no {name}")))
        };
        let code = language.split(['-', '_']).next().unwrap_or(language);
        let language_token = tokenizer
            .token_to_id(&format!("<|{code}|>"))
            .ok_or_else(|| ModelError::NoLanguage(code.to_string()))?;
        Ok(SecondOpinion {
            model,
            prompt: [
                token("<|startoftranscript|>")?,
                language_token,
                token("<|transcribe|>")?,
                token("<|notimestamps|>")?,
            ],
            end: token("<|endoftext|>")?,
            tokenizer,
            mel: mel::Mel::new(bands),
            decoder,
            device,
        })
    }

    /// How well each of `phrases` (as the pack writes them) fits
    /// `samples` (16 kHz): the mean log-probability of its word pieces
    /// and the end, the sound encoded once. The sound is encoded at its
    /// own length, not padded to Whisper's 30 s: a tenth of the work for
    /// a move, and on the room corpus the same phrase came first. Whisper's
    /// free reading comes with them when `free` asks for it: some sixteen
    /// more steps of the decoder, only where a rule weighs it.
    pub fn score(
        &mut self,
        samples: &[i16],
        phrases: &[&str],
        free: bool,
    ) -> Result<Scores, ModelError> {
        let most = self.model.config.max_source_positions * 2;
        let sound: Vec<f32> = samples
            .iter()
            .take(most * 160)
            .map(|&s| s as f32 / 32768.0)
            .collect();
        let (bands, frames) = self.mel.of(&sound);
        let input = Tensor::from_vec(bands, (1, self.mel_bands(), frames), &self.device)?;
        let audio = self.model.encoder.forward(&input, true)?;
        let sound = self.decoder.sound(&audio)?;
        let most_tokens = self.model.config.max_target_positions - self.prompt.len() - 1;
        let sequences = phrases
            .iter()
            .map(|phrase| {
                let pieces = self
                    .tokenizer
                    .encode(format!(" {phrase}"), false)
                    .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
                let mut tokens = self.prompt.to_vec();
                tokens.extend(pieces.get_ids().iter().take(most_tokens));
                Ok(tokens)
            })
            .collect::<Result<Vec<_>, ModelError>>()?;
        let phrases = self
            .decoder
            .score(&sound, &sequences, self.prompt.len(), self.end)?;
        let free = if free {
            let (pieces, score) =
                self.decoder
                    .free_reading(&sound, &self.prompt, self.end, MOST_FREE_PIECES)?;
            let text = self
                .tokenizer
                .decode(&pieces, true)
                .map_err(|e| ModelError::Tokenizer(e.to_string()))?;
            Some((text.trim().to_string(), score))
        } else {
            None
        };
        Ok(Scores { phrases, free })
    }

    fn mel_bands(&self) -> usize {
        self.model.config.num_mel_bins
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_of_the_model_past_its_bound_is_refused_before_it_is_read() {
        let dir =
            std::env::temp_dir().join(format!("zweibrett-whisper-bound-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("model.bin"), b"not a model").unwrap();
        let tokenizer = std::fs::File::create(dir.join("tokenizer.json")).unwrap();
        tokenizer.set_len(MOST_TOKENIZER_BYTES + 1).unwrap();
        assert!(is_installed(&dir));
        let error = SecondOpinion::load(&dir, "de-DE")
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("tokenizer.json"), "{error}");
        assert!(error.contains(&MOST_TOKENIZER_BYTES.to_string()), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
