//! The game's own files are personal: the journal, its index, the
//! transcript and the PGN are created readable by their user alone (0600)
//! in folders only they can enter (0700), and a symbolic link put in the
//! place of the lock or the PGN is never written through.

use crate::common;

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

fn mode(path: &Path) -> u32 {
    std::fs::symlink_metadata(path)
        .unwrap()
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn a_games_files_are_its_users_alone_and_links_are_not_followed() {
    let home = common::empty_home("private-files");
    let said = home.join("said.txt");
    let out = common::quiet_zweibrett(&home)
        .args(["--plain", "--transcript"])
        .arg(&said)
        .args(["play", "--voice", "en"])
        .write_stdin("e4\nsave\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let games = home.join("data/zweibrett/games");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("the journal");
    let pgn = journal.with_extension("pgn");
    for (path, wanted) in [
        (home.join("data/zweibrett").as_path(), 0o700),
        (games.as_path(), 0o700),
        (games.join("unfinished").as_path(), 0o700),
        (journal.as_path(), 0o600),
        (pgn.as_path(), 0o600),
        (said.as_path(), 0o600),
    ] {
        assert_eq!(mode(path), wanted, "{}", path.display());
    }

    // Links put in the place of the lock and of the PGN: `resume` is
    // refused with the lock's link, and the files they name are untouched.
    let letter = home.join("letter.txt");
    std::fs::write(&letter, "Dear Anna\n").unwrap();
    let lock = journal.with_extension("lock");
    let _ = std::fs::remove_file(&lock);
    std::os::unix::fs::symlink(&letter, &lock).unwrap();
    let out = common::quiet_zweibrett(&home)
        .args(["--plain", "resume"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&letter).unwrap(), "Dear Anna\n");
    std::fs::remove_file(&lock).unwrap();
    std::fs::remove_file(&pgn).unwrap();
    std::os::unix::fs::symlink(&letter, &pgn).unwrap();
    let out = common::quiet_zweibrett(&home)
        .args(["--plain", "resume"])
        .write_stdin("save\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert_eq!(std::fs::read_to_string(&letter).unwrap(), "Dear Anna\n");
    assert!(std::fs::symlink_metadata(&pgn).unwrap().is_file());
    assert_eq!(mode(&pgn), 0o600);
}
