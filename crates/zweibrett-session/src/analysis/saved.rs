//! Keeping a game with the moves the user tried as variations: written as
//! PGN to the file of saved games beside the game file (`NAME.notes.pgn`,
//! else in the user's data folder), in place of an earlier save of the
//! same game, whole or not at all. The game file itself is never changed.

use std::path::{Path, PathBuf};

use super::{AnalysisSession, Shown};
use crate::outside::Refusal;
use crate::record::pgn_index::GameIndex;
use zweibrett_core::analysis::words::AnalysisSentence;
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_game_write::write_game;

/// The most a file of saved games is read: past it, it is not added to.
const MOST_BYTES: u64 = 64 << 20;

/// Where the games saved from `pgn` go: beside it, else in the user's
/// data folder under the name its kept analysis has there (made from the
/// file's full path, so that two files of one name never share it).
pub fn notes_files(pgn: &Path) -> Vec<PathBuf> {
    let stem = pgn
        .file_stem()
        .map_or_else(|| "games".into(), |s| s.to_string_lossy().into_owned());
    let mut files = vec![pgn.with_file_name(format!("{stem}.notes.pgn"))];
    files.extend(
        crate::pass::cache_files(pgn)
            .into_iter()
            .skip(1)
            .map(|kept| kept.with_extension("notes.pgn")),
    );
    files
}

/// Saves `game` in the first of `files` that takes it, in place of a game
/// saved before with the same players, event, site, date and round: the
/// file written and the game's number in it; else why the last failed.
pub fn save(files: &[PathBuf], game: &Game) -> Result<(PathBuf, usize), (PathBuf, String)> {
    let text = write_game(game);
    let mut failed = None;
    for file in files {
        match save_in(file, game, &text) {
            Ok(number) => return Ok((file.clone(), number)),
            Err(reason) => failed = Some((file.clone(), reason)),
        }
    }
    Err(failed.unwrap_or_else(|| (PathBuf::new(), "no file to write".into())))
}

fn save_in(file: &Path, game: &Game, text: &str) -> Result<usize, String> {
    let earlier = match crate::outside::read_text(file, MOST_BYTES) {
        Ok(earlier) => earlier,
        Err(Refusal::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(refusal) => return Err(refusal.to_string()),
    };
    let index = GameIndex::of_text(file, earlier.as_bytes()).map_err(|e| e.to_string())?;
    let tag = |name| game.tag(name).unwrap_or("");
    let same = index.games.iter().position(|e| {
        (e.white.as_str(), e.black.as_str(), e.event.as_str())
            == (tag("White"), tag("Black"), tag("Event"))
            && (e.site.as_str(), e.date.as_str(), e.round.as_str())
                == (tag("Site"), tag("Date"), tag("Round"))
    });
    let (whole, number) = match same.map(|i| &index.games[i]) {
        Some(entry) => {
            let bytes = earlier.as_bytes();
            let from = (entry.offset as usize).min(bytes.len());
            let to = ((entry.offset + entry.length) as usize).min(bytes.len());
            let mut whole = String::from_utf8_lossy(&bytes[..from]).into_owned();
            whole.push_str(text);
            whole.push_str(&String::from_utf8_lossy(&bytes[to..]));
            (whole, entry.number)
        }
        None => {
            let mut whole = earlier;
            if !whole.is_empty() && !whole.ends_with("\n\n") {
                whole.push_str(if whole.ends_with('\n') { "\n" } else { "\n\n" });
            }
            whole.push_str(text);
            (whole, index.games.len() + index.problems.len() + 1)
        }
    };
    crate::files::write_kept(file, whole.as_bytes()).map_err(|e| e.to_string())?;
    Ok(number)
}

impl AnalysisSession {
    /// Keeps the game open, the user's own moves in it, in the file of
    /// saved games beside the file, and says where.
    pub(super) fn save(&mut self) -> Shown {
        let files = notes_files(&self.session.index().path);
        let said = match save(&files, self.session.replay().game()) {
            Ok((file, number)) => {
                self.session.saved();
                let words = self.session.words();
                words.phrase(
                    AnalysisSentence::Saved,
                    &[
                        ("number", &words.games_count(number)),
                        ("file", &file.display().to_string()),
                    ],
                )
            }
            Err((file, reason)) => self.session.words().phrase(
                AnalysisSentence::NotSaved,
                &[("file", &file.display().to_string()), ("reason", &reason)],
            ),
        };
        Shown::Say(said)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_saved_again_replaces_its_earlier_save_and_another_is_added() {
        let dir = crate::test_files::fresh_dir("saved");
        let pgn = dir.join("club.pgn");
        let files = notes_files(&pgn);
        assert_eq!(files[0], dir.join("club.notes.pgn"));
        let one = Game::parse("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 (1... c5) *\n", 1).unwrap();
        let two = Game::parse("[White \"C\"]\n[Black \"D\"]\n\n1. d4 *\n", 1).unwrap();
        assert_eq!(save(&files, &one).unwrap(), (files[0].clone(), 1));
        assert_eq!(save(&files, &two).unwrap().1, 2);
        let text = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 (1... c5) (1... d5) *\n";
        let changed = Game::parse(text, 1).unwrap();
        assert_eq!(save(&files, &changed).unwrap().1, 1);
        let kept = std::fs::read_to_string(&files[0]).unwrap();
        let index = GameIndex::of_text(&files[0], kept.as_bytes()).unwrap();
        assert_eq!(index.games.len(), 2, "{kept}");
        assert_eq!(kept.matches("(1... c5)").count(), 1, "{kept}");
        assert!(kept.find("(1... d5)") < kept.find("1. d4"), "{kept}");
        assert!(kept.contains("1. d4 *"), "{kept}");
        // A folder in the way: the next file is written.
        std::fs::remove_file(&files[0]).unwrap();
        std::fs::create_dir(&files[0]).unwrap();
        let elsewhere = [files[0].clone(), dir.join("other.pgn")];
        assert_eq!(save(&elsewhere, &one).unwrap(), (dir.join("other.pgn"), 1));
    }
}
