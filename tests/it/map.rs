//! `docs/MAP.md` answers "where does X live": every path it names exists,
//! and every name in a row is found in that row's files.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The text between backticks, in order.
fn quoted(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// Every file at `path`: itself, or every file under a folder.
fn files_at(path: &Path, found: &mut Vec<PathBuf>) {
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap() {
            files_at(&entry.unwrap().path(), found);
        }
    } else {
        found.push(path.to_path_buf());
    }
}

/// Whether `name` stands in `text` as a word of its own.
fn has_word(text: &str, name: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

#[test]
fn every_path_on_the_map_exists_and_every_name_is_where_it_says() {
    let map = fs::read_to_string(root().join("docs/MAP.md")).unwrap();
    let mut wrong = Vec::new();
    let mut rows = 0;
    for line in map.lines() {
        for path in quoted(line).into_iter().filter(|q| q.contains('/')) {
            if !root().join(path).exists() {
                wrong.push(format!("{path} does not exist"));
            }
        }
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | question | files | names |, the header and the rule left out.
        if cells.len() != 5 || cells[2] == "files" || cells[2].starts_with("---") {
            continue;
        }
        rows += 1;
        let mut files = Vec::new();
        for path in quoted(cells[2]) {
            files_at(&root().join(path), &mut files);
        }
        let texts: Vec<String> = files
            .iter()
            .filter_map(|f| fs::read_to_string(f).ok())
            .collect();
        for name in quoted(cells[3]) {
            if !texts.iter().any(|t| has_word(t, name)) {
                wrong.push(format!("{name} is not in the files of \"{}\"", cells[1]));
            }
        }
    }
    assert!(
        rows > 50,
        "only {rows} rows read: has the map's table changed?"
    );
    assert!(wrong.is_empty(), "docs/MAP.md: {wrong:#?}");
}
