//! Finding a voice pack by its id (FIDE Laws, Appendix D.2.1: the words a
//! game is announced in): a user's own pack, read from a file in their
//! voice folder, wins over a built-in one of the same id.

use std::path::Path;

use crate::notation::pack::{BUILTIN, PackError, VoicePack};
use crate::outside;

/// The most bytes of a voice pack file: the shipped ones take about 60 KB.
pub const MOST_PACK_BYTES: u64 = 1024 * 1024;

/// The pack with this id: a user pack in `user_dir` (the per-user voice
/// folder) wins over a built-in one of the same id; an id ending in
/// `.toml` is a file path.
pub fn load(id: &str, user_dir: Option<&Path>) -> Result<VoicePack, PackError> {
    if id.ends_with(".toml") {
        return from_file(Path::new(id));
    }
    if let Some(dir) = user_dir {
        let path = dir.join(format!("{id}.toml"));
        if path.is_file() {
            return from_file(&path);
        }
    }
    VoicePack::builtin_named(id).ok_or_else(|| PackError::Unknown {
        id: id.to_string(),
        available: available_ids(user_dir).join(", "),
    })
}

/// Reads a pack from a TOML file: a plain file of UTF-8 text of at most
/// [`MOST_PACK_BYTES`] (see [`outside::read`]).
pub fn from_file(path: &Path) -> Result<VoicePack, PackError> {
    let file = path.display().to_string();
    let text = outside::read_text(path, MOST_PACK_BYTES).map_err(|refusal| PackError::Io {
        file: file.clone(),
        source: refusal.into(),
    })?;
    VoicePack::from_toml(&text, &file)
}

/// The ids of every pack that can be loaded: built-in, then the user's in
/// `user_dir`.
pub fn available_ids(user_dir: Option<&Path>) -> Vec<String> {
    let mut ids: Vec<String> = BUILTIN.iter().map(|(id, _)| id.to_string()).collect();
    if let Some(dir) = user_dir
        && let Ok(entries) = std::fs::read_dir(dir)
    {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml")
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
                && !ids.iter().any(|id| id == stem)
            {
                ids.push(stem.to_string());
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_id_lists_the_available_ones() {
        let err = load("klingon", None).unwrap_err().to_string();
        assert!(err.contains("klingon") && err.contains("fide"), "{err}");
    }

    #[test]
    fn a_pack_in_the_given_user_directory_wins_and_is_listed() {
        let dir = std::env::temp_dir().join(format!("zweibrett-voices-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = BUILTIN[3].1.replacen("name = \"", "name = \"Mine: ", 1);
        let text = text.replacen("id = \"en\"", "id = \"mine\"", 1);
        std::fs::write(dir.join("mine.toml"), &text).unwrap();
        let pack = load("mine", Some(&dir)).unwrap();
        assert!(pack.name.starts_with("Mine: "), "{}", pack.name);
        assert!(available_ids(Some(&dir)).contains(&"mine".to_string()));
        assert!(load("mine", None).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_pack_file_that_is_no_plain_utf8_text_is_refused_by_name() {
        let err = from_file(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(
            err.starts_with("/dev/zero: cannot read the voice pack: not a plain file"),
            "{err}"
        );
        let dir = std::env::temp_dir().join(format!("zweibrett-packbytes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let latin1 = dir.join("latin1.toml");
        std::fs::write(&latin1, b"name = \"K\xf6nig\"\n").unwrap();
        let err = from_file(&latin1).unwrap_err().to_string();
        assert!(err.ends_with("not UTF-8 text"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
