//! A few hundred games from random legal playouts, written the many ways
//! PGN files write them (castling with zeros, `e.p.`, `++`, glyphs glued and
//! apart, `$n`, `;` and `%` lines, comments, variations, null moves in
//! variations and in the main line, tags and moves on one line, a blank
//! line after the opening comment, `½-½` and en-dash results, German,
//! Portuguese and Spanish piece letters, set-up positions, Chess960 with
//! X-FEN and Shredder-FEN), then read back by both readers. Every game is
//! either read move for move as played, or reported with its line and
//! token: never read as other moves. A few games have a token put in
//! that no reading can play, which both readers must report where it is. The figures are printed; run with
//! `cargo nextest run -E 'test(/^pgn_generated::/)' --no-capture` to see them.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Move, Position};
use zweibrett_core::notation::san::PieceLetters;
use zweibrett_core::record::pgn_game::Game;
use zweibrett_core::record::pgn_game_write::write_game;
use zweibrett_core::record::pgn_index::GameIndex;
use zweibrett_core::record::pgn_read::read_pgn;

/// Games written.
const GAMES: usize = 400;

/// A game as generated: its PGN text and the moves of its main line that
/// a reader can know (up to a null move).
struct Generated {
    text: String,
    moves: Vec<Move>,
    /// The main line has a null move.
    null_in_main_line: bool,
    /// A token put in that no reading can play, and the line it is on,
    /// counted from the game's first line (0).
    broken: Option<(String, u64)>,
    /// The piece letters the game is written in.
    letters: PieceLetters,
}

/// Tokens no language's letters read as a move.
const UNREADABLE: [&str; 4] = ["Xe4", "Nf9", "e9", "Qxx"];

/// Moves that are SAN but, where they are put, cannot be played.
const MAYBE_ILLEGAL: [&str; 4] = ["Kh5", "Qa6", "Ka4", "Bh6"];

const GLYPHS: [&str; 16] = [
    "!", "?", "!!", "??", "!?", "?!", "⩲", "±", "∓", "⩱", "+−", "−+", "=", "∞", "+-", "-+",
];

/// A Chess960 start position (Guidelines II): bishops on squares of both
/// colours, the king between the rooks.
fn chess960_rank(rng: &mut ChaCha8Rng) -> [char; 8] {
    let mut rank = [' '; 8];
    rank[rng.random_range(0..4) * 2] = 'b';
    rank[rng.random_range(0..4) * 2 + 1] = 'b';
    for piece in ['q', 'n', 'n'] {
        let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
        rank[free[rng.random_range(0..free.len())]] = piece;
    }
    let free: Vec<usize> = (0..8).filter(|&i| rank[i] == ' ').collect();
    for (i, piece) in free.into_iter().zip(['r', 'k', 'r']) {
        rank[i] = piece;
    }
    rank
}

fn start(rng: &mut ChaCha8Rng, tags: &mut Vec<(String, String)>) -> Chess {
    match rng.random_range(0..10) {
        0 | 1 => {
            let rank = chess960_rank(rng);
            let black: String = rank.iter().collect();
            let white = black.to_uppercase();
            let castling = if rng.random_bool(0.5) {
                "KQkq".to_string()
            } else {
                let files: String = rank
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == 'r')
                    .map(|(i, _)| (b'a' + i as u8) as char)
                    .collect();
                format!("{}{files}", files.to_uppercase())
            };
            let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1");
            if castling == "KQkq" || rng.random_bool(0.5) {
                tags.push(("Variant".into(), "Chess960".into()));
            }
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen.clone()));
            let parsed: Fen = fen.parse().unwrap();
            parsed.into_position(CastlingMode::Chess960).unwrap()
        }
        2 => {
            let mut position = Chess::default();
            for _ in 0..rng.random_range(4..30) {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                position.play_unchecked(legal[rng.random_range(0..legal.len())]);
            }
            if position.is_game_over() {
                return Chess::default();
            }
            let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
            tags.push(("SetUp".into(), "1".into()));
            tags.push(("FEN".into(), fen));
            position
        }
        _ => Chess::default(),
    }
}

/// One move written as files write it.
fn written(rng: &mut ChaCha8Rng, before: &Chess, m: Move, letters: PieceLetters) -> String {
    let mut san = SanPlus::from_move(before.clone(), m).to_string();
    if letters != PieceLetters::English {
        san = letters.from_english(&san);
    }
    if m.is_castle() && rng.random_bool(0.5) {
        san = san.replace('O', "0");
    }
    if san.ends_with('#') && rng.random_bool(0.5) {
        san = san.replace('#', "++");
    }
    if m.is_en_passant() && rng.random_bool(0.7) {
        san += if rng.random_bool(0.5) {
            " e.p."
        } else {
            "e.p."
        };
    }
    if rng.random_bool(0.1) {
        let glyph = GLYPHS[rng.random_range(0..GLYPHS.len())];
        // Signs of the SAN alphabet are written apart, as files do.
        let apart = glyph.contains(['+', '-', '=']) || rng.random_bool(0.5);
        san += if apart { " " } else { "" };
        san += glyph;
    }
    san
}

fn generate(rng: &mut ChaCha8Rng, number: usize) -> Generated {
    let mut tags = vec![
        ("Event".to_string(), format!("Generated {number}")),
        ("White".to_string(), "A".to_string()),
        ("Black".to_string(), "B".to_string()),
    ];
    let mut position = start(rng, &mut tags);
    let letters = match rng.random_range(0..10) {
        0 => PieceLetters::German,
        1 => PieceLetters::Portuguese,
        2 => PieceLetters::Spanish,
        _ => PieceLetters::English,
    };
    let null_at = rng.random_bool(0.04).then(|| rng.random_range(2..30));
    let broken_at = rng.random_bool(0.05).then(|| rng.random_range(0..40));
    let mut broken = None;
    let plies = rng.random_range(6..140);
    let mut text = String::new();
    let mut moves = Vec::new();
    let mut null_in_main_line = false;
    if rng.random_bool(0.3) {
        text += "{An opening comment.}\n\n";
    }
    for ply in 0..plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let number = position.fullmoves().get();
        let white = position.turn().is_white();
        if white {
            write!(text, "{number}. ").unwrap();
        } else if ply == 0 || text.ends_with("} ") || text.ends_with(") ") {
            write!(text, "{number}... ").unwrap();
        }
        if null_at == Some(ply) && !position.is_check() {
            text += "-- ";
            null_in_main_line = true;
            match position.clone().swap_turn() {
                Ok(passed) => position = passed,
                Err(_) => break,
            }
            continue;
        }
        if broken_at == Some(ply) && !null_in_main_line {
            let illegal: Vec<&str> = MAYBE_ILLEGAL
                .into_iter()
                .filter(|t| {
                    t.parse::<shakmaty::san::San>()
                        .is_ok_and(|san| san.to_move(&position).is_err())
                })
                .collect();
            let token = if rng.random_bool(0.5) && !illegal.is_empty() {
                illegal[rng.random_range(0..illegal.len())]
            } else {
                UNREADABLE[rng.random_range(0..UNREADABLE.len())]
            };
            broken = Some((token.to_string(), text.matches('\n').count() as u64));
            text += token;
            text.push(' ');
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        text += &written(rng, &position, m, letters);
        text.push(' ');
        if !null_in_main_line {
            moves.push(m);
        }
        let before = position.clone();
        position.play_unchecked(m);
        match rng.random_range(0..100) {
            0..=4 => {
                // A variation: another move here, sometimes a null move in it.
                let other = legal[rng.random_range(0..legal.len())];
                text += "(";
                if !white {
                    write!(text, "{number}... ").unwrap();
                }
                text += &written(rng, &before, other, letters);
                if rng.random_bool(0.4) {
                    text += [" --", " Z0", " 0000", " @@@@"][rng.random_range(0..4)];
                    text += " Nf3";
                }
                text += ") ";
            }
            5..=7 => text += "{a comment [%clk 0:01:00]} ",
            8 => text += "; to the end of the line\n",
            9 => text += "\n% an escape line\n",
            10..=12 => write!(text, "${} ", rng.random_range(1..20)).unwrap(),
            13..=20 => text += "\n",
            _ => {}
        }
    }
    let result = ["1-0", "0-1", "1/2-1/2", "*", "½-½", "1–0", "0–1"][rng.random_range(0..7)];
    text += result;
    let mut head = String::new();
    let one_line = rng.random_bool(0.2);
    for (name, value) in &tags {
        write!(head, "[{name} \"{value}\"]").unwrap();
        head += if one_line { " " } else { "\n" };
    }
    head += if one_line { "" } else { "\n" };
    let head_lines = head.matches('\n').count() as u64;
    Generated {
        text: format!("{head}{text}\n\n"),
        moves,
        null_in_main_line,
        broken: broken.map(|(token, line)| (token, line + head_lines)),
        letters,
    }
}

/// Every move of a line and its variations, with its glyphs and comments.
fn tree(line: &[zweibrett_core::record::pgn_game::Node]) -> Vec<String> {
    line.iter()
        .map(|n| {
            let variations: Vec<String> = n.variations.iter().map(|v| tree(v).join(" ")).collect();
            format!(
                "{} {:?} {:?} {:?} ({})",
                n.m,
                n.nags,
                n.comment,
                n.clock,
                variations.join("|")
            )
        })
        .collect()
}

#[test]
fn generated_games_are_read_as_played_or_reported() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0016_0960);
    let generated: Vec<Generated> = (1..=GAMES).map(|n| generate(&mut rng, n)).collect();
    let dir = std::env::temp_dir().join(format!("zweibrett-pgn-generated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("generated.pgn");
    let file: String = generated.iter().map(|g| g.text.as_str()).collect();
    std::fs::write(&path, &file).unwrap();
    let index = GameIndex::build(&path).unwrap();
    assert_eq!(index.games.len(), GAMES, "every game found, none split");
    assert!(index.problems.is_empty(), "{:?}", index.problems);

    let mut read = 0;
    let mut moves_read = 0;
    let mut moves_written = 0;
    let mut reported: BTreeMap<String, usize> = BTreeMap::new();
    let mut left_out = 0;
    let mut misread = Vec::new();
    for (entry, g) in index.games.iter().zip(&generated) {
        moves_written += g.moves.len();
        let text = index.read_text(entry).unwrap();
        let parsed = Game::parse(&text, entry.line);
        if let Some((token, line)) = &g.broken {
            // The token put in is the one reported, on its line, by both.
            let e = parsed.expect_err("a broken game is reported");
            let problem = e.problem.to_string();
            assert!(problem.ends_with(&format!(" {token}")), "{problem}");
            assert_eq!(
                e.line,
                entry.line + line,
                "game {}: {problem}",
                entry.number
            );
            let score = read_pgn(&text).unwrap().unwrap();
            let start = score.start().unwrap();
            let ply = score.play(&start).unwrap_err().ply;
            assert_eq!(score.moves[ply - 1].san, *token, "game {}", entry.number);
            let kind = problem
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            *reported.entry(kind).or_default() += 1;
            continue;
        }
        match parsed {
            Ok(game) => {
                let got: Vec<Move> = game.moves.iter().map(|n| n.m).collect();
                if got != g.moves {
                    misread.push(entry.number);
                    continue;
                }
                assert_eq!(
                    game.left_out
                        .iter()
                        .any(|e| e.problem.to_string().contains("main line")),
                    g.null_in_main_line,
                    "game {}",
                    entry.number
                );
                left_out += game.left_out.len();
                // Written back as PGN, with what the user may have added,
                // it reads as the same tree of moves.
                let again = Game::parse(&write_game(&game), 1)
                    .unwrap_or_else(|e| panic!("game {} written back: {e}", entry.number));
                assert_eq!(
                    tree(&again.moves),
                    tree(&game.moves),
                    "game {}",
                    entry.number
                );
                // The audit's score reader reads the same main line.
                let score = read_pgn(&text).unwrap().unwrap();
                let start = score.start().unwrap();
                assert_eq!(start, game.start, "game {}", entry.number);
                assert_eq!(score.play(&start).unwrap(), got, "game {}", entry.number);
                read += 1;
                moves_read += got.len();
            }
            Err(e) => {
                let kind = e.problem.to_string();
                let kind = kind
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" ");
                *reported.entry(kind).or_default() += 1;
                eprintln!("game {}: line {}: {}", entry.number, e.line, e.problem);
            }
        }
    }
    let count = |f: &dyn Fn(&Generated) -> bool| generated.iter().filter(|g| f(g)).count();
    eprintln!(
        "generated PGN: German letters {}, Portuguese {}, Spanish {}; FEN {} (Chess960 {}); \
         null move in the main line {}",
        count(&|g| g.letters == PieceLetters::German),
        count(&|g| g.letters == PieceLetters::Portuguese),
        count(&|g| g.letters == PieceLetters::Spanish),
        count(&|g| g.text.contains("[FEN")),
        count(&|g| g.text.contains("pppppppp/8/8/8/8/PPPPPPPP")),
        count(&|g| g.null_in_main_line),
    );
    eprintln!(
        "generated PGN: {GAMES} games, {moves_written} main-line moves; read as played: \
         {read} games, {moves_read} moves; parts left out and said (null moves): {left_out}; \
         reported: {reported:?}; read as other moves or refused: {misread:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        misread.is_empty(),
        "games read as other moves or refused: {misread:?}"
    );
    let broken = generated.iter().filter(|g| g.broken.is_some()).count();
    assert_eq!(
        read + broken,
        GAMES,
        "every game read, or reported where broken"
    );
}
