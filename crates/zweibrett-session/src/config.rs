//! Finding and reading the user's configuration file and voice packs, in
//! the per-user directories; the configuration itself (defaults, overlay,
//! typed sections) is the core's. Which sections the program reads, the
//! screens' among them, is the program's: the loader knows nothing of
//! them.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use zweibrett_core::config::{Config, ConfigError, DEFAULT_TOML, OutOfRange, Ranges};
use zweibrett_core::utterance::VoiceLevel;

/// The environment variable that names the configuration file, as
/// `--config` does.
pub const CONFIG_VARIABLE: &str = "ZWEIBRETT_CONFIG";

/// The file named with `--config`, set once at start.
static CHOSEN: OnceLock<PathBuf> = OnceLock::new();

/// Names the configuration file for the rest of the program (`--config`):
/// it wins over [`CONFIG_VARIABLE`] and the per-user file.
pub fn choose_file(path: PathBuf) {
    let _ = CHOSEN.set(path);
}

/// Where the configuration in use comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigSource {
    /// Named with `--config`: it must be there.
    Option(PathBuf),
    /// Named by [`CONFIG_VARIABLE`]: it must be there.
    Environment(PathBuf),
    /// The per-user file: the defaults alone while it is not there.
    User(PathBuf),
    /// No per-user folder is known (no home): the defaults alone.
    Nowhere,
}

impl ConfigSource {
    /// The file, if there is one to read.
    pub fn file(&self) -> Option<&Path> {
        match self {
            ConfigSource::Option(p) | ConfigSource::Environment(p) | ConfigSource::User(p) => {
                Some(p)
            }
            ConfigSource::Nowhere => None,
        }
    }

    /// Whether the file must be there: one the user named.
    pub fn named(&self) -> bool {
        matches!(self, ConfigSource::Option(_) | ConfigSource::Environment(_))
    }
}

/// Where the configuration in use comes from: `--config`, then
/// [`CONFIG_VARIABLE`] (when not empty), then the per-user file.
pub fn config_source() -> ConfigSource {
    if let Some(path) = CHOSEN.get() {
        return ConfigSource::Option(path.clone());
    }
    match std::env::var_os(CONFIG_VARIABLE) {
        Some(path) if !path.is_empty() => ConfigSource::Environment(PathBuf::from(path)),
        _ => user_config_file().map_or(ConfigSource::Nowhere, ConfigSource::User),
    }
}

/// The shipped defaults overlaid with the configuration file in use (see
/// [`config_source`]). A file the user named must be there; the per-user
/// file may be missing. Something there that is no plain file (a pipe)
/// is refused, not passed over in silence.
pub fn load() -> Result<Config, ConfigError> {
    let source = config_source();
    let config = match source.file() {
        Some(path) if source.named() || path.exists() => with_user_file(path)?,
        _ => Config::defaults(),
    };
    Ok(config.with_locale(locale().as_deref()))
}

/// The locale messages are read in, as POSIX orders it: `LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`, the first set.
pub fn locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
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

/// Keeps `level` as `[speech] rate` and `volume` in the configuration
/// file at `path`, the rest of it as it was; a file not there yet is made
/// (with its folder). What cannot be read or written, or is not TOML, is
/// an error, and the file is left as it was.
pub fn keep_voice_level(path: &Path, level: VoiceLevel) -> Result<(), ConfigError> {
    let file = path.display().to_string();
    let io = |source| ConfigError::Io {
        file: file.clone(),
        source,
    };
    let text = match std::fs::symlink_metadata(path) {
        Ok(_) => crate::files::read_text(path, 1024 * 1024).map_err(io)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(io(e)),
    };
    let kept = zweibrett_core::config::with_voice_level(&text, &file, level)?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    crate::files::write_whole(path, kept.as_bytes()).map_err(io)
}

/// Where the user's configuration file lives.
pub fn user_config_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.config_dir().join("config.toml"))
}

/// The per-user data directory (on Linux `$XDG_DATA_HOME/zweibrett`):
/// games, voice packs, kept passes, the last FEN.
pub fn user_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "zweibrett").map(|d| d.data_dir().to_path_buf())
}

/// Where the user's own voice packs live: `voices` in the per-user data
/// directory (on Linux `$XDG_DATA_HOME/zweibrett/voices`).
pub fn user_voice_dir() -> Option<PathBuf> {
    user_data_dir().map(|d| d.join("voices"))
}

/// The voice pack with this id, a user's own pack winning over a built-in
/// one (see [`crate::packs::load`]).
pub fn load_voice(
    id: &str,
) -> Result<crate::notation::pack::VoicePack, crate::notation::pack::PackError> {
    crate::packs::load(id, user_voice_dir().as_deref())
}
