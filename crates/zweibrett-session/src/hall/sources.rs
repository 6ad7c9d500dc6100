//! The hall's sources, each looked at on a thread, never by the hall's
//! own: files and folders every [`LOOK_EVERY`], by their length,
//! modification time and inode, and read again only when one changed;
//! addresses polled every [`POLL_EVERY`]. What each gives is read into
//! its boards there, and handed to the hall through one channel.

use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use zweibrett_core::analysis::live::read_written;
use zweibrett_core::hall::{BoardView, SourceFault};
use zweibrett_core::record::pgn_index::{GameIndex, entry_text};

use crate::live::Stamp;
use crate::outside::{Bound, Refusal};
use crate::wake::{Ringing, Source, Waker};

/// How often files and folders are looked at.
pub const LOOK_EVERY: Duration = Duration::from_millis(250);
/// How often an address is asked for the round.
pub const POLL_EVERY: Duration = Duration::from_secs(1);
/// How often, at the least, an address that fails is asked again.
pub const FAILING_EVERY: Duration = Duration::from_secs(8);
/// How long an address may take to answer whole.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// The most of one source read: a round of a hundred live games is about
/// half a megabyte.
pub const MOST_SOURCE_BYTES: u64 = 8 * 1024 * 1024;
/// The most games read from one source.
pub const MOST_GAMES: usize = 1000;
/// The most files followed in one folder.
pub const MOST_FILES: usize = 1000;

/// A source as the arbiter names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceSpec {
    /// A live PGN file, a journal (`.jsonl`), or a folder of them.
    Path(PathBuf),
    /// An address serving a round's PGN over HTTP.
    Address(String),
}

/// Why a source cannot be followed at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// An `https` address: the hall reads its own network's sources.
    #[error("{0}: only http:// addresses are read (a hall's own network), not https")]
    Secure(String),
    /// An address that cannot be one.
    #[error("{0}: not an address that can be asked ({1})")]
    Address(String, String),
    /// Nothing named.
    #[error("an empty source")]
    Empty,
}

impl SpecError {
    /// Why, in `pack`'s words.
    pub fn say(&self, pack: &zweibrett_core::notation::VoicePack) -> String {
        use zweibrett_core::notation::pack::HallSentence;
        let words = pack.hall_sentences();
        match self {
            SpecError::Secure(_) => words.say(HallSentence::SecureAddress, &[]),
            SpecError::Address(..) | SpecError::Empty => words.say(HallSentence::BadAddress, &[]),
        }
    }
}

impl SourceSpec {
    /// The source `text` names: an address (`http://…`) or a path.
    pub fn parse(text: &str) -> Result<SourceSpec, SpecError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let lower = text.to_ascii_lowercase();
        if lower.starts_with("https://") {
            return Err(SpecError::Secure(text.to_string()));
        }
        if lower.starts_with("http://") {
            return match text.parse::<ureq::http::Uri>() {
                Ok(uri) if uri.host().is_some() => Ok(SourceSpec::Address(text.to_string())),
                Ok(_) => Err(SpecError::Address(text.into(), "no host".into())),
                Err(e) => Err(SpecError::Address(text.into(), e.to_string())),
            };
        }
        Ok(SourceSpec::Path(PathBuf::from(text)))
    }

    /// How the source is named when it is said.
    pub fn name(&self) -> String {
        match self {
            SourceSpec::Path(path) => path.display().to_string(),
            SourceSpec::Address(address) => address.clone(),
        }
    }
}

/// What a source gave: its boards, or why it gives none.
#[derive(Debug)]
pub struct Found {
    /// The source: a file's path or an address.
    pub source: String,
    /// Its boards, or the fault.
    pub news: Result<Vec<BoardView>, SourceFault>,
}

/// The boards a round's PGN text holds, each game as far as written
/// whole; a text with none is no PGN.
pub fn boards_of(name: &str, bytes: &[u8]) -> Result<Vec<BoardView>, SourceFault> {
    let index = GameIndex::of_text(Path::new(name), bytes)
        .map_err(|e| SourceFault::NotPgn(e.to_string()))?;
    let mut boards = Vec::new();
    let mut fault = None;
    for entry in index.games.iter().take(MOST_GAMES) {
        match read_written(&entry_text(bytes, entry), entry.line) {
            Ok(game) => boards.push(BoardView::of(&game)),
            Err(e) => fault = fault.or(Some(e.to_string())),
        }
    }
    let blank = bytes.iter().all(u8::is_ascii_whitespace);
    if boards.is_empty() && !blank {
        return Err(SourceFault::NotPgn(
            fault.unwrap_or_else(|| "no game in it".into()),
        ));
    }
    Ok(boards)
}

/// The boards a journal records, replayed and written as the game's PGN.
fn boards_of_journal(path: &Path, bytes: &[u8]) -> Result<Vec<BoardView>, SourceFault> {
    let loaded = zweibrett_core::record::journal::read(bytes, path)
        .map_err(|e| SourceFault::NotPgn(e.to_string()))?;
    let game = crate::journal::replay(path, &loaded, None)
        .map_err(|e| SourceFault::NotPgn(e.to_string()))?;
    let text = zweibrett_core::record::pgn_write::write(&game);
    boards_of(&path.display().to_string(), text.as_bytes())
}

/// The file's text, read up to the bound.
fn read_file(path: &Path) -> Result<Vec<u8>, SourceFault> {
    crate::outside::read(path, Bound::bytes(MOST_SOURCE_BYTES)).map_err(|e| match e {
        Refusal::TooLarge { .. } => SourceFault::TooLarge(MOST_SOURCE_BYTES / 1024),
        Refusal::NotPlainFile => SourceFault::Unreadable("not a plain file".into()),
        Refusal::Io(e) => SourceFault::Unreadable(e.to_string()),
        other => SourceFault::NotPgn(other.to_string()),
    })
}

/// Follows the paths on a thread, until the hall stops listening.
pub fn follow_paths(paths: Vec<PathBuf>, found: Sender<Found>, waker: &Waker, every: Duration) {
    let found = Ringing::new(found, waker, Source::Hall);
    let _ = std::thread::Builder::new()
        .name("hall files".into())
        .spawn(move || {
            let mut stamps: std::collections::HashMap<PathBuf, Option<Stamp>> = Default::default();
            loop {
                let started = Instant::now();
                for path in &paths {
                    let files = if path.is_dir() {
                        match folder_files(path) {
                            Ok(files) => files,
                            Err(fault) => {
                                if !found.send(Found {
                                    source: path.display().to_string(),
                                    news: Err(fault),
                                }) {
                                    return;
                                }
                                continue;
                            }
                        }
                    } else {
                        vec![path.clone()]
                    };
                    for file in files {
                        let Some(news) = look(&file, &mut stamps) else {
                            continue;
                        };
                        if !found.send(Found {
                            source: file.display().to_string(),
                            news,
                        }) {
                            return;
                        }
                    }
                }
                std::thread::sleep(every.saturating_sub(started.elapsed()));
            }
        });
}

/// The games of a folder: its `.pgn` files, and its journals (`.jsonl`)
/// that have no PGN beside them.
fn folder_files(folder: &Path) -> Result<Vec<PathBuf>, SourceFault> {
    let entries = std::fs::read_dir(folder).map_err(|e| SourceFault::Unreadable(e.to_string()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let ext = p.extension().map(|e| e.to_ascii_lowercase());
            !name.starts_with('.')
                && match ext.as_deref().and_then(|e| e.to_str()) {
                    Some("pgn") => true,
                    Some("jsonl") => !p.with_extension("pgn").exists(),
                    _ => false,
                }
        })
        .collect();
    files.sort();
    files.truncate(MOST_FILES);
    Ok(files)
}

/// What the file gives, if it changed since last looked at.
fn look(
    file: &Path,
    stamps: &mut std::collections::HashMap<PathBuf, Option<Stamp>>,
) -> Option<Result<Vec<BoardView>, SourceFault>> {
    let stamp = std::fs::metadata(file).ok().map(|m| Stamp::of(&m));
    let before = stamps.insert(file.to_path_buf(), stamp);
    if before == Some(stamp) {
        return None;
    }
    let Some(_) = stamp else {
        return Some(Err(SourceFault::Unreadable("not there".into())));
    };
    let bytes = match read_file(file) {
        Ok(bytes) => bytes,
        Err(fault) => return Some(Err(fault)),
    };
    let journal = file
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("jsonl"));
    Some(if journal {
        boards_of_journal(file, &bytes)
    } else {
        boards_of(&file.display().to_string(), &bytes)
    })
}

/// Polls `address` on a thread of its own, until the hall stops
/// listening.
pub fn follow_address(address: String, found: Sender<Found>, waker: &Waker, every: Duration) {
    let found = Ringing::new(found, waker, Source::Hall);
    let _ = std::thread::Builder::new()
        .name("hall address".into())
        .spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .timeout_global(Some(ANSWER_WITHIN))
                .http_status_as_error(false)
                .build()
                .into();
            let mut tag: Option<String> = None;
            let mut last: Option<u64> = None;
            let mut wait = every;
            loop {
                let started = Instant::now();
                let news = ask(&agent, &address, &mut tag, &mut last);
                if matches!(news, Some(Err(_))) {
                    // What it gives once it answers again is news; until
                    // then it is asked less and less often, so that an
                    // endless or slow source costs little.
                    last = None;
                    tag = None;
                    wait = (wait * 2).min(FAILING_EVERY.max(every));
                } else {
                    wait = every;
                }
                if let Some(news) = news
                    && !found.send(Found {
                        source: address.clone(),
                        news,
                    })
                {
                    return;
                }
                std::thread::sleep(wait.saturating_sub(started.elapsed()));
            }
        });
}

/// One poll of `address`: its boards when its round changed, nothing when
/// it did not, the fault when it fails.
fn ask(
    agent: &ureq::Agent,
    address: &str,
    tag: &mut Option<String>,
    last: &mut Option<u64>,
) -> Option<Result<Vec<BoardView>, SourceFault>> {
    let mut request = agent.get(address);
    if let Some(tag) = tag.as_deref() {
        request = request.header("If-None-Match", tag);
    }
    let mut response = match request.call() {
        Ok(response) => response,
        Err(ureq::Error::Timeout(_)) => {
            return Some(Err(SourceFault::Slow(ANSWER_WITHIN.as_secs())));
        }
        Err(e) => return Some(Err(SourceFault::Unreadable(e.to_string()))),
    };
    let status = response.status();
    if status == ureq::http::StatusCode::NOT_MODIFIED {
        return None;
    }
    if !status.is_success() {
        return Some(Err(SourceFault::Unreadable(format!("HTTP {status}"))));
    }
    *tag = response
        .headers()
        .get("etag")
        .and_then(|t| t.to_str().ok())
        .map(str::to_string);
    let body = response
        .body_mut()
        .with_config()
        .limit(MOST_SOURCE_BYTES)
        .read_to_vec();
    let bytes = match body {
        Ok(bytes) => bytes,
        Err(ureq::Error::BodyExceedsLimit(_)) => {
            return Some(Err(SourceFault::TooLarge(MOST_SOURCE_BYTES / 1024)));
        }
        Err(ureq::Error::Timeout(_)) => {
            return Some(Err(SourceFault::Slow(ANSWER_WITHIN.as_secs())));
        }
        Err(e) => return Some(Err(SourceFault::Unreadable(e.to_string()))),
    };
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    let hash = hasher.finish();
    if *last == Some(hash) {
        return None;
    }
    *last = Some(hash);
    Some(boards_of(address, &bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A round as a DGT LiveChess broadcast writes it: no `Board` tag but
    /// the board after the round's point, the round's games one after the
    /// other, clocks with two-digit hours.
    const LIVECHESS: &str = "[Event \"Open\"]\n[Site \"Hall\"]\n[Round \"3.1\"]\n\
        [White \"Lima, Ana\"]\n[Black \"Paz, Rui\"]\n[Result \"*\"]\n\n\
        1. e4 {[%clk 01:29:55]} e5 {[%clk 01:29:50]} *\n\n\
        [Event \"Open\"]\n[Site \"Hall\"]\n[Round \"3.2\"]\n\
        [White \"Kim, Jo\"]\n[Black \"Ode, Eli\"]\n[Result \"1-0\"]\n\n\
        1. d4 {[%clk 01:30:00]} 1-0\n";

    #[test]
    fn a_livechess_round_gives_each_game_as_a_board_numbered_from_its_round() {
        let boards = boards_of("http://hall:1982/round", LIVECHESS.as_bytes()).unwrap();
        assert_eq!(boards.len(), 2);
        assert_eq!(boards[0].number, Some(1));
        assert_eq!(boards[1].number, Some(2));
        assert_eq!(boards[0].white.name, "Lima, Ana");
        assert_eq!(
            boards[0].clocks,
            [
                Some(Duration::from_secs(5395)),
                Some(Duration::from_secs(5390))
            ]
        );
        assert_ne!(boards[0].key(), boards[1].key());
        assert!(boards[1].result.is_some());
    }

    #[test]
    fn text_with_no_game_is_no_pgn_and_an_empty_round_is_no_fault() {
        assert!(matches!(
            boards_of("x", b"<html>not found</html>"),
            Err(SourceFault::NotPgn(_))
        ));
        assert_eq!(boards_of("x", b"\n\n").unwrap().len(), 0);
        assert_eq!(
            SourceSpec::parse("https://a/b"),
            Err(SpecError::Secure("https://a/b".into()))
        );
        assert!(matches!(
            SourceSpec::parse("http://"),
            Err(SpecError::Address(..))
        ));
        assert_eq!(
            SourceSpec::parse(" /srv/round4 "),
            Ok(SourceSpec::Path(PathBuf::from("/srv/round4")))
        );
    }
}
