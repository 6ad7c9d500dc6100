//! Reading PGN exports: the streaming index, opening games, reporting a
//! broken game by number and line while the others still open.

use std::path::Path;
use std::time::Duration;

use shakmaty::{Chess, Position};
use zweibrett_core::record::game_search::Search;
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_index::GameIndex;

fn club() -> GameIndex {
    GameIndex::build(Path::new("tests/data/club.pgn")).expect("fixture readable")
}

#[test]
fn the_index_lists_every_game_with_its_tags_and_line() {
    let index = club();
    assert_eq!(index.games.len(), 5);
    assert!(index.problems.is_empty());
    let lines: Vec<u64> = index.games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 14, 27, 38, 47]);
    let g = &index.games[1];
    assert_eq!(g.number, 2);
    assert_eq!(g.white, "Müller, Klaus");
    assert_eq!(g.black, "Weber, Jana");
    assert_eq!(g.event, "Club Championship");
    assert_eq!(g.date, "2023.11.02");
    assert_eq!(g.result, "1/2-1/2");
    let text = index.read_text(g).unwrap();
    assert!(text.starts_with("[Event \"Club Championship\"]"));
    assert!(text.trim_end().ends_with("1/2-1/2"));
}

#[test]
fn finding_by_name_ignores_case_and_accents() {
    let index = club();
    let numbers = |text: &str| -> Vec<usize> {
        let search = Search::parse(text).unwrap();
        index
            .search(&search)
            .unwrap()
            .iter()
            .map(|g| g.number)
            .collect()
    };
    assert_eq!(numbers("muller"), [2, 4]);
    assert_eq!(numbers("ANNA BAUER"), [1, 4], "in either order");
    assert_eq!(numbers("bauer"), [1, 4]);
    assert_eq!(numbers("Kasparov"), Vec::<usize>::new());
    // Tags by name, years, results and ratings.
    assert_eq!(numbers("white bauer"), [4]);
    assert_eq!(numbers("site Berlin"), [2, 3]);
    assert_eq!(numbers("2023"), [2, 3]);
    assert_eq!(numbers("2022-2023 0-1"), [3, 4]);
    assert_eq!(numbers("date 2023.11.09"), [3]);
    assert_eq!(numbers("result *"), [5]);
    assert_eq!(numbers("draw"), [2]);
    assert_eq!(numbers("round 4"), [3]);
    assert_eq!(numbers("rating 1800"), Vec::<usize>::new(), "Black is 1795");
    assert_eq!(numbers("rating 1700-1900"), [1]);
    // A tag the index does not keep is read from the file.
    assert_eq!(numbers("tag TimeControl 180+0"), [1]);
    assert_eq!(
        numbers("tag termination normal muller"),
        Vec::<usize>::new()
    );
    assert_eq!(numbers("Eva tag termination normal"), [1]);
    assert_eq!(numbers("tag FEN 4k3"), [5]);
}

#[test]
fn a_lichess_game_keeps_its_clock_times_and_glyphs() {
    let index = club();
    let entry = &index.games[0];
    let game = Game::parse(&index.read_text(entry).unwrap(), entry.line).unwrap();
    assert_eq!(game.moves.len(), 15);
    assert_eq!(game.moves[0].clock, Some(Duration::from_secs(180)));
    assert_eq!(game.moves[9].san, "Nxd5");
    assert_eq!(game.moves[9].nags, [6]);
    assert_eq!(game.moves[9].clock, Some(Duration::from_secs(160)));
    assert_eq!(game.moves[14].comment.as_deref(), Some("Black resigns."));
    assert_eq!(game.moves[0].comment, None, "[%eval] is not a comment");
    assert_eq!(game.result, "1-0");
    assert_eq!(game.tag("TimeControl"), Some("180+0"));
}

#[test]
fn variations_comments_and_nags_hang_on_the_move_they_replace() {
    let index = club();
    let entry = &index.games[1];
    let game = Game::parse(&index.read_text(entry).unwrap(), entry.line).unwrap();
    assert_eq!(game.intro.as_deref(), Some("A quiet Italian."));
    assert_eq!(game.moves.len(), 24);
    let nc6 = &game.moves[3];
    assert_eq!(nc6.san, "Nc6");
    assert_eq!(nc6.variations.len(), 1);
    let philidor = &nc6.variations[0];
    let sans: Vec<&str> = philidor.iter().map(|n| n.san.as_str()).collect();
    assert_eq!(sans, ["d6", "d4", "exd4", "Nxd4"]);
    assert_eq!(philidor[0].comment.as_deref(), Some("Philidor"));
    assert_eq!(philidor[2].variations[0][0].san, "Nd7");
    assert_eq!(game.moves[6].nags, [1]);
    assert_eq!(game.moves[15].nags, [1], "d5!");
    assert_eq!(game.moves[23].nags, [10]);
    assert_eq!(game.moves[23].comment.as_deref(), Some("Equal."));
    // Every move is legal where it stands: replay the main line.
    let mut pos = Chess::default();
    for node in &game.moves {
        assert!(pos.is_legal(node.m));
        pos.play_unchecked(node.m);
    }
}

#[test]
fn the_broken_game_is_reported_by_line_and_the_rest_opens() {
    let index = club();
    let mut opened = Vec::new();
    let mut broken = Vec::new();
    for entry in &index.games {
        match Game::parse(&index.read_text(entry).unwrap(), entry.line) {
            Ok(game) => opened.push((entry.number, game.moves.len())),
            Err(e) => broken.push((entry.number, e.line, e.problem.to_string())),
        }
    }
    assert_eq!(opened, [(1, 15), (2, 24), (4, 4), (5, 4)]);
    assert_eq!(broken, [(3, 36, "illegal move Qxh2".to_string())]);
}

#[test]
fn a_game_from_a_set_up_position_starts_there() {
    let index = club();
    let entry = &index.games[4];
    let game = Game::parse(&index.read_text(entry).unwrap(), entry.line).unwrap();
    assert_eq!(game.start.board().occupied().count(), 3);
    assert_eq!(game.moves[2].san, "e3+");
    assert_eq!(game.result, "*");
}

#[test]
fn unreadable_tokens_and_unclosed_things_name_their_line() {
    let cases = [
        ("1. e4 e5\n2. Nf9 Nc6 *", 2, "unreadable move Nf9"),
        ("1. e4 { open\ncomment\n", 1, "unterminated comment"),
        ("1. e4 (1. d4 d5\n*", 2, "result * inside a variation"),
        ("[White \"A\"]\n\n1. e4 e5 2. Ke3 *", 3, "illegal move Ke3"),
        ("$1 e4 *", 1, "annotation $1 before any move"),
    ];
    for (text, line, problem) in cases {
        let e = Game::parse(text, 1).unwrap_err();
        assert_eq!(
            (e.line, e.problem.to_string().as_str()),
            (line, problem),
            "{text}"
        );
    }
}

/// Hands out its text a few bytes at a time, as a slow pipe would.
struct Trickle<'a>(&'a [u8], usize);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn offsets_and_lines_hold_whatever_the_reads_and_game_sizes() {
    use zweibrett_core::record::pgn_index::index_reader;
    // Games larger than the reader's buffer: a long comment over many lines.
    let long: String = (0..3000).map(|i| format!("word {i}\n")).collect();
    let mut text = String::new();
    let mut starts = Vec::new();
    for n in 0..6 {
        starts.push((text.len() as u64, text.lines().count() as u64 + 1));
        let comment = if n % 2 == 1 { long.as_str() } else { "short" };
        text.push_str(&format!(
            "[White \"P{n}\"]\n[Black \"Q{n}\"]\n\n1. e4 {{ {comment} }} e5 *\n\n"
        ));
    }
    for chunk in [1, 7, 4096, 1 << 20] {
        let (games, problems) =
            index_reader(Trickle(text.as_bytes(), chunk), text.len() as u64).unwrap();
        assert!(problems.is_empty());
        let got: Vec<(u64, u64)> = games.iter().map(|g| (g.offset, g.line)).collect();
        assert_eq!(got, starts, "reads of {chunk} bytes");
        for g in &games {
            let body = &text[g.offset as usize..(g.offset + g.length) as usize];
            let game = Game::parse(body, g.line).unwrap();
            assert_eq!(game.moves.len(), 2);
            assert_eq!(g.white, format!("P{}", g.number - 1));
        }
    }
}

#[test]
fn a_latin1_database_reads_with_its_accents() {
    let dir = std::env::temp_dir().join(format!("zweibrett-latin1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.pgn");
    let mut bytes = b"[White \"M\xfcller, J\xf6rg\"]\n[Black \"Ib\xe1\xf1ez\"]\n\n1. e4 { Er \xf6ffnet } e5 *\n".to_vec();
    bytes.extend_from_slice(b"\n[White \"Plain\"]\n\n1. d4 *\n");
    std::fs::write(&path, bytes).unwrap();
    let index = GameIndex::build(&path).unwrap();
    assert_eq!(index.games[0].white, "Müller, Jörg");
    assert_eq!(index.games[0].black, "Ibáñez");
    let muller = Search::parse("muller").unwrap();
    assert_eq!(index.search(&muller).unwrap().len(), 1);
    let game = Game::parse(&index.read_text(&index.games[0]).unwrap(), 1).unwrap();
    assert_eq!(game.moves[0].comment.as_deref(), Some("Er öffnet"));
    assert_eq!(index.games[1].white, "Plain");
    std::fs::remove_dir_all(&dir).unwrap();
}
