//! Finding and reading the user's configuration file and voice packs, in
//! the per-user directories; the configuration itself (defaults, overlay,
//! typed sections) is the core's. Which sections the program reads, the
//! screens' among them, is the program's: the loader knows nothing of
//! them.

use std::path::{Path, PathBuf};

pub use zweibrett_core::config::{Config, ConfigError, DEFAULT_TOML, OutOfRange, Ranges};

/// The shipped defaults overlaid with the user's file, if there is one;
/// something there that is no plain file (a pipe) is refused, not
/// passed over in silence.
pub fn load() -> Result<Config, ConfigError> {
    match user_config_file() {
        Some(path) if path.exists() => with_user_file(&path),
        _ => Ok(Config::defaults()),
    }
}

/// The shipped defaults overlaid with the given file.
pub fn with_user_file(path: &Path) -> Result<Config, ConfigError> {
    let file = path.display().to_string();
    // A configuration is a few kilobytes.
    let text = crate::files::read_text(path, 1024 * 1024).map_err(|source| ConfigError::Io {
        file: file.clone(),
        source,
    })?;
    Config::with_user_text(&text, &file)
}

/// Where the user's configuration file lives.
pub fn user_config_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.config_dir().join("config.toml"))
}

/// Where the user's own voice packs live: `voices` in the per-user data
/// directory (on Linux `$XDG_DATA_HOME/zweibrett/voices`).
pub fn user_voice_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.data_dir().join("voices"))
}

/// The voice pack with this id, a user's own pack winning over a built-in
/// one (see [`crate::packs::load`]).
pub fn load_voice(
    id: &str,
) -> Result<crate::notation::pack::VoicePack, crate::notation::pack::PackError> {
    crate::packs::load(id, user_voice_dir().as_deref())
}
