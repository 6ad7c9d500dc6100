//! Why a voice pack cannot be used: each error names the file, and where
//! it can the key and the line.

/// Why a voice pack could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum PackError {
    /// No pack with that id among the built-in and the user's packs.
    #[error("no voice pack named \"{id}\"; available: {available}")]
    Unknown {
        /// The id asked for.
        id: String,
        /// The ids that exist, comma separated.
        available: String,
    },
    /// The file could not be read.
    #[error("{file}: cannot read the voice pack: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not valid TOML, or a key is missing or unknown.
    #[error("{file}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The parser's message, which names the line and key.
        message: String,
    },
    /// A word is empty, or a phrase uses a placeholder it cannot have.
    #[error("{file}, line {line}, key {key}: {problem}")]
    Invalid {
        /// The file.
        file: String,
        /// The key holding the bad value.
        key: String,
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The same word is given two different meanings.
    #[error("{0}")]
    Duplicate(Box<DuplicateWord>),
}

/// A word a pack gives two different meanings.
#[derive(Debug, thiserror::Error)]
#[error(
    "{file}, line {line}, key {key}: \"{word}\" already means {first} (key {first_key}, line {first_line})"
)]
pub struct DuplicateWord {
    /// The file.
    pub file: String,
    /// The key of the second use.
    pub key: String,
    /// Line of the second use.
    pub line: usize,
    /// The word.
    pub word: String,
    /// What it meant first.
    pub first: String,
    /// The key of the first use.
    pub first_key: String,
    /// Line of the first use.
    pub first_line: usize,
}
