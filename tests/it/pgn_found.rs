//! PGN as it is found in files nobody here wrote: castling with zeros,
//! `e.p.`, `++`, Unicode glyphs, results written `½-½` or with an en dash,
//! tags and moves on one line, `;` and `%` lines, a blank line after an
//! opening comment, null moves, German, Spanish and Portuguese piece
//! letters, set-up positions and Chess960. Both readers (the analysis's and
//! the audit's score reader) read each file alike, and what they cannot
//! read is reported by game, line and token.

use crate::common;

use std::path::Path;

use shakmaty::{Move, Position, Square};
use zweibrett_core::record::pgn_game::{Game, GameProblem};
use zweibrett_core::record::pgn_index::GameIndex;
use zweibrett_core::record::pgn_read::read_pgn;

/// Every game of a file under `tests/data/pgn`, read by the analysis's
/// reader, with its text.
fn games(name: &str) -> Vec<(String, Game)> {
    let index = GameIndex::build(&Path::new("tests/data/pgn").join(name)).unwrap();
    assert!(index.problems.is_empty(), "{:?}", index.problems);
    index
        .games
        .iter()
        .map(|entry| {
            let text = index.read_text(entry).unwrap();
            let game = Game::parse(&text, entry.line)
                .unwrap_or_else(|e| panic!("{name}, game {}: {e}", entry.number));
            (text, game)
        })
        .collect()
}

fn main_line(game: &Game) -> Vec<Move> {
    game.moves.iter().map(|n| n.m).collect()
}

fn sans(game: &Game) -> Vec<&str> {
    game.moves.iter().map(|n| n.san.as_str()).collect()
}

/// The score reader gives the main line the game reader gives, from the
/// same start position.
fn readers_agree(text: &str, game: &Game) {
    let score = read_pgn(text).unwrap().unwrap();
    let start = score.start().unwrap();
    assert_eq!(start, game.start);
    assert_eq!(score.play(&start).unwrap(), main_line(game), "{text}");
}

fn check(name: &str) -> Vec<Game> {
    games(name)
        .into_iter()
        .map(|(text, game)| {
            readers_agree(&text, &game);
            game
        })
        .collect()
}

#[test]
fn castling_with_zeros_is_castling() {
    let [game] = &check("castling_zeros.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(game.moves.len(), 14);
    assert!(game.moves[6].m.is_castle() && game.moves[13].m.is_castle());
    assert_eq!(game.moves[6].san, "O-O");
    assert_eq!(game.moves[13].san, "O-O-O");
}

#[test]
fn en_passant_marked_apart_or_glued_is_read() {
    let [game] = &check("en_passant.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(game.moves.len(), 12);
    assert!(game.moves[4].m.is_en_passant());
    assert!(game.moves[10].m.is_en_passant());
    assert_eq!(game.moves[10].san, "dxe6");
}

#[test]
fn mate_written_double_plus_is_mate() {
    let [game] = &check("double_plus_mate.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(game.moves[6].san, "Qxf7#");
    assert_eq!(game.moves[5].nags, [4]);
    assert_eq!(game.result, "1-0");
}

#[test]
fn unicode_evaluation_glyphs_are_annotation_glyphs() {
    let [game] = &check("glyphs.pgn")[..] else {
        panic!("one game")
    };
    let nags: Vec<&[u8]> = game.moves.iter().map(|n| n.nags.as_slice()).collect();
    assert_eq!(
        nags,
        [
            &[14][..],
            &[10],
            &[16],
            &[17],
            &[3],
            &[6],
            &[15],
            &[18],
            &[19],
            &[13],
            &[1],
            &[5],
            &[14],
            &[16],
            &[16],
            &[19]
        ]
    );
    assert_eq!(game.result, "1/2-1/2");
}

#[test]
fn results_with_a_half_sign_or_an_en_dash_end_their_game() {
    let games = check("results.pgn");
    let results: Vec<&str> = games.iter().map(|g| g.result.as_str()).collect();
    assert_eq!(results, ["1/2-1/2", "1-0", "0-1"]);
    assert!(games.iter().all(|g| g.moves.len() == 4));
}

#[test]
fn tags_and_moves_on_one_line_are_read() {
    let games = check("same_line.pgn");
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].tag("Black"), Some("B"));
    assert_eq!(games[0].moves.len(), 7);
    assert_eq!(games[1].tag("Event"), Some("Second"));
    assert_eq!(sans(&games[1]), ["d4", "d5"]);
}

#[test]
fn comments_to_the_end_of_the_line_and_escape_lines_are_no_moves() {
    let [game] = &check("comments.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(sans(game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(game.moves[1].comment.as_deref(), Some("the open game"));
    assert_eq!(game.moves[4].comment.as_deref(), Some("the Spanish"));
}

#[test]
fn a_blank_line_after_the_opening_comment_does_not_split_the_game() {
    let games = check("intro_blank_line.pgn");
    assert_eq!(games.len(), 2);
    assert_eq!(
        games[0].intro.as_deref(),
        Some("An opening comment, followed by a blank line as pgn-extract writes it.")
    );
    assert_eq!(games[0].moves.len(), 7);
    assert_eq!(games[1].tag("White"), Some("C"));
    assert_eq!(sans(&games[1]), ["d4", "d5"]);
    let index = GameIndex::build(Path::new("tests/data/pgn/intro_blank_line.pgn")).unwrap();
    let lines: Vec<u64> = index.games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 10]);
}

#[test]
fn games_without_tags_after_a_finished_game_stay_games_of_their_own() {
    use zweibrett_core::record::pgn_index::index_reader;
    let text =
        "1. e4 e5 1-0\n\n1. d4 d5 0-1\n\n[Event \"E\"]\n\n{Intro.}\n\n1. c4 ½-½\n\n1. f4 *\n";
    let (games, problems) = index_reader(text.as_bytes(), text.len() as u64).unwrap();
    assert!(problems.is_empty());
    let lines: Vec<u64> = games.iter().map(|g| g.line).collect();
    assert_eq!(lines, [1, 3, 5, 11]);
    let numbers: Vec<usize> = games.iter().map(|g| g.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

#[test]
fn null_moves_leave_out_the_rest_of_their_line_and_say_so() {
    let games = check("null_moves.pgn");
    let [side_lines, main] = &games[..] else {
        panic!("two games")
    };
    assert_eq!(sans(side_lines), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    // The side line with a move before its null move keeps that move.
    let kept: Vec<usize> = side_lines
        .moves
        .iter()
        .map(|n| n.variations.len())
        .collect();
    assert_eq!(kept, [0, 0, 0, 1, 0, 0]);
    assert_eq!(side_lines.moves[3].variations[0][0].san, "d6");
    let left: Vec<(u64, String)> = side_lines
        .left_out
        .iter()
        .map(|e| (e.line, e.problem.to_string()))
        .collect();
    assert_eq!(left.len(), 4);
    assert_eq!(
        left[0],
        (
            4,
            "null move -- in a variation; the rest of the variation is left out".to_string()
        )
    );
    assert_eq!(left[3].0, 5);
    assert_eq!(sans(main), ["d4", "d5", "c4"]);
    assert_eq!(
        main.left_out[0].problem,
        GameProblem::NullMoveInMainLine("--".into())
    );
    assert_eq!(main.left_out[0].line, 10);
}

#[test]
fn national_piece_letters_in_a_pgn_file_are_read() {
    for name in ["german.pgn", "spanish.pgn", "portuguese.pgn"] {
        let [game] = &check(name)[..] else {
            panic!("one game")
        };
        assert!(game.moves.len() >= 16, "{name}");
        assert_eq!(game.moves[2].san, "Nf3", "{name}");
    }
    // The Portuguese R is the king: Rh1 after castling is the king's step.
    let [game] = &check("portuguese.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(
        game.moves[12].m,
        Move::Normal {
            role: shakmaty::Role::King,
            from: Square::G1,
            capture: None,
            to: Square::H1,
            promotion: None
        }
    );
    assert_eq!(game.moves[14].san, "Rg1");
}

#[test]
fn a_token_that_reads_as_different_moves_is_reported_with_its_choices() {
    // After 1. Cf3 (a knight in Portuguese and Spanish), "Bb5" is a
    // Portuguese bishop, and nothing in Spanish: one reading, so read.
    let game = Game::parse("1. e4 e5 2. Cf3 Cc6 3. Bb5 *", 1).unwrap();
    assert_eq!(game.moves[4].san, "Bb5");
    // A rook move that either rook can make, written without which.
    let text = "[FEN \"R6R/8/8/8/8/4k3/8/4K3 w - - 0 1\"]\n\n1. Rd8 *";
    let e = Game::parse(text, 1).unwrap_err();
    assert_eq!(e.line, 3);
    let problem = e.problem.to_string();
    assert!(
        problem.starts_with("ambiguous move Rd8: it could be R")
            && problem.contains("Rad8")
            && problem.contains("Rhd8"),
        "{problem}"
    );
    // "Nf9" reads in no language.
    let e = Game::parse("1. e4 e5\n2. Nf9 *", 1).unwrap_err();
    assert_eq!(
        (e.line, e.problem.to_string()),
        (2, "unreadable move Nf9".into())
    );
}

#[test]
fn set_up_positions_and_chess960_castling_are_honoured() {
    let [game] = &check("fen_setup.pgn")[..] else {
        panic!("one game")
    };
    assert_eq!(
        game.moves[0].m.castling_side(),
        Some(shakmaty::CastlingSide::KingSide)
    );
    let games = check("chess960.pgn");
    for game in &games {
        assert_eq!(
            game.start.castles().mode(),
            shakmaty::CastlingMode::Chess960
        );
        assert!(game.moves[12].m.is_castle() && game.moves[13].m.is_castle());
    }
}

#[test]
fn a_broken_game_names_its_line_and_token() {
    let index = GameIndex::build(Path::new("tests/data/pgn/one_broken.pgn")).unwrap();
    let entry = &index.games[0];
    let e = Game::parse(&index.read_text(entry).unwrap(), entry.line).unwrap_err();
    assert_eq!(
        (e.line, e.problem.to_string()),
        (7, "illegal move Bxe8".into())
    );
}

#[test]
fn a_one_game_file_whose_game_is_broken_opens_up_to_where_it_breaks() {
    let home = common::empty_home("pgn_found");
    let output = common::quiet_zweibrett(&home)
        .args(["analyse", "tests/data/pgn/one_broken.pgn", "--voice", "en"])
        .write_stdin("end\nnext\nquit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("game 1 is broken, line 7: illegal move Bxe8"),
        "{stdout}"
    );
    assert!(
        stdout.contains("the score breaks off at four, White: illegal move Bxe8"),
        "{stdout}"
    );
}

#[test]
fn opening_a_game_with_a_null_move_says_what_was_left_out() {
    let home = common::empty_home("pgn_found_null");
    let output = common::quiet_zweibrett(&home)
        .args([
            "analyse",
            "tests/data/pgn/null_moves.pgn",
            "--game",
            "2",
            "--voice",
            "en",
        ])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains(
            "game 2 is broken, line 10: null move -- in the main line; the moves after it are left out"
        ),
        "{stdout}"
    );
}
