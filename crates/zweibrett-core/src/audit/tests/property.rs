//! The audit on random games with one injected divergence of each kind
//! (D.2.9): a wrong execution on one board, a move never made on one board,
//! a wrong move on one score, a move missing from a score, a move written
//! twice, two moves swapped on a score.
//! Every fourth game starts from a Chess960 position (Guidelines II).

use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::san::SanPlus;
use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Chess, Color, File, Move, Position, Rank, Role, Setup,
    Square,
};

use super::{fide, run_from};
use crate::audit::{Case, Cause, Written, corrections, play_on_board};

const GAMES: usize = 1_000;

/// A random game: its moves, the positions before each and after the last,
/// and the score as SAN with check marks.
struct Game {
    start: Chess,
    moves: Vec<Move>,
    positions: Vec<Chess>,
    written: Vec<String>,
}

/// A Chess960 start position (Guidelines II.1): bishops on squares of
/// both colours, the king between the rooks, Black mirroring White.
fn chess960_start(rng: &mut ChaCha8Rng) -> Chess {
    let mut files: Vec<Option<Role>> = vec![None; 8];
    let dark = 2 * rng.random_range(0..4usize);
    let light = 2 * rng.random_range(0..4usize) + 1;
    files[dark] = Some(Role::Bishop);
    files[light] = Some(Role::Bishop);
    for role in [Role::Queen, Role::Knight, Role::Knight] {
        let free: Vec<usize> = (0..8).filter(|&f| files[f].is_none()).collect();
        files[free[rng.random_range(0..free.len())]] = Some(role);
    }
    // The three files left take rook, king, rook in order.
    let free: Vec<usize> = (0..8).filter(|&f| files[f].is_none()).collect();
    for (f, role) in free.into_iter().zip([Role::Rook, Role::King, Role::Rook]) {
        files[f] = Some(role);
    }
    let mut board = Board::empty();
    let mut rooks = Bitboard::EMPTY;
    for (f, role) in files.into_iter().enumerate() {
        let Some(role) = role else {
            continue;
        };
        let file = File::new(f as u32);
        for (color, back, pawns) in [
            (Color::White, Rank::First, Rank::Second),
            (Color::Black, Rank::Eighth, Rank::Seventh),
        ] {
            board.set_piece_at(Square::from_coords(file, back), role.of(color));
            board.set_piece_at(Square::from_coords(file, pawns), Role::Pawn.of(color));
            if role == Role::Rook {
                rooks.add(Square::from_coords(file, back));
            }
        }
    }
    let setup = Setup {
        board,
        castling_rights: rooks,
        ..Setup::initial()
    };
    setup.position(CastlingMode::Chess960).unwrap()
}

fn random_game(rng: &mut ChaCha8Rng, start: Chess) -> Game {
    let plies = rng.random_range(8..80);
    let mut position = start.clone();
    let mut game = Game {
        start,
        moves: Vec::new(),
        positions: vec![position.clone()],
        written: Vec::new(),
    };
    for _ in 0..plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        game.written
            .push(SanPlus::from_move(position.clone(), m).to_string());
        position.play_unchecked(m);
        game.moves.push(m);
        game.positions.push(position.clone());
    }
    game
}

fn written(texts: &[String]) -> Vec<Written> {
    texts.iter().map(|t| Written::new(t.clone())).collect()
}

fn end_board(game: &Game) -> Board {
    game.positions.last().unwrap().board().clone()
}

/// Whether a score, read from the start as the audit reads it, is a whole
/// game ending on `board`.
fn line_reaches(start: &Chess, texts: &[String], board: &Board) -> bool {
    let reader = crate::audit::MoveReader {
        lexicon: crate::notation::Lexicon::builtin(),
        pack: fide(),
    };
    let mut position = start.clone();
    for text in texts {
        let Some(m) = reader.read(&position, text) else {
            return false;
        };
        position.play_unchecked(m);
    }
    position.board() == board
}

/// How many of `texts`, read in turn from `start`, are `moves`.
fn agreeing_moves(moves: &[Move], start: &Chess, texts: &[String]) -> usize {
    let reader = crate::audit::MoveReader {
        lexicon: crate::notation::Lexicon::builtin(),
        pack: fide(),
    };
    let mut position = start.clone();
    moves
        .iter()
        .zip(texts)
        .take_while(|(m, text)| {
            let same = reader.read(&position, text) == Some(**m);
            position.play_unchecked(**m);
            same
        })
        .count()
}

#[derive(Default, Debug)]
struct Tally {
    executions: usize,
    not_made: usize,
    wrong_moves: usize,
    missing: usize,
    twice: usize,
    swaps: usize,
    /// Wrong moves where both scores are whole games ending on the boards,
    /// so no one can tell whose score is wrong.
    undecidable_moves: usize,
    /// Swaps where both orders are whole games ending on the boards.
    undecidable_swaps: usize,
}

#[test]
fn injected_divergences_are_found_in_a_thousand_random_games() {
    let started = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(0x00D2_0009);
    let mut tally = Tally::default();
    for game_number in 0..GAMES {
        let start = if game_number % 4 == 3 {
            chess960_start(&mut rng)
        } else {
            Chess::default()
        };
        let game = random_game(&mut rng, start);
        let n = game.moves.len();
        let end = end_board(&game);
        let color = if rng.random_bool(0.5) {
            Color::White
        } else {
            Color::Black
        };
        let context = format!("game {game_number}: {}", game.written.join(" "));

        // A wrong execution on one board: a legal move other than the scored
        // one, then the scored moves made by hand, as long as they can be.
        let injected = (0..100).find_map(|_| {
            let ply = rng.random_range(0..n);
            let others: Vec<Move> = game.positions[ply]
                .legal_moves()
                .into_iter()
                .filter(|m| *m != game.moves[ply])
                .collect();
            if others.is_empty() {
                return None;
            }
            let made = others[rng.random_range(0..others.len())];
            let mut board = game.positions[ply].board().clone();
            let replayed = play_on_board(&mut board, made)
                && game.moves[ply + 1..]
                    .iter()
                    .all(|m| play_on_board(&mut board, *m));
            (replayed && board != end).then_some(board)
        });
        if let Some(board) = injected {
            let mut boards = ByColor::new_with(|_| Some(end.clone()));
            *boards.get_mut(color) = Some(board.clone());
            let ruling = run_from(
                &game.start,
                written(&game.written),
                written(&game.written),
                boards,
            );
            assert_eq!(ruling.case, Case::Boards, "{context}");
            assert_eq!(ruling.agreed_plies, n, "{context}");
            assert_eq!(
                *ruling.adjust.get(color),
                corrections(&board, &end),
                "{context}"
            );
            assert!(ruling.adjust.get(color.other()).is_empty(), "{context}");
            // The wrong move made, or no move at all where that gives the
            // same board.
            let (owner, found, made) = match ruling.causes.first() {
                Some(Cause::WrongExecution {
                    board, ply, made, ..
                }) => (*board, *ply, Some(*made)),
                Some(Cause::NotMade { board, ply, .. }) => (*board, *ply, None),
                other => panic!("no cause found: {context}: {other:?}"),
            };
            assert_eq!(owner, color, "{context}");
            let mut check = game.positions[found - 1].board().clone();
            if let Some(made) = made {
                assert!(play_on_board(&mut check, made));
            }
            for m in &game.moves[found..] {
                assert!(play_on_board(&mut check, *m));
            }
            assert_eq!(
                check, board,
                "the cause must reproduce the board: {context}"
            );
            tally.executions += 1;
        }

        // A move never made on one board, the later ones made by hand.
        let ply = rng.random_range(0..n);
        let mut board = game.positions[ply].board().clone();
        if game.moves[ply + 1..]
            .iter()
            .all(|m| play_on_board(&mut board, *m))
            && board != end
        {
            let mut boards = ByColor::new_with(|_| Some(end.clone()));
            *boards.get_mut(color) = Some(board.clone());
            let ruling = run_from(
                &game.start,
                written(&game.written),
                written(&game.written),
                boards,
            );
            assert_eq!(ruling.case, Case::Boards, "{context}");
            let found = match ruling.causes.first() {
                Some(Cause::NotMade {
                    board: owner,
                    ply: p,
                    ..
                }) => {
                    assert_eq!(*owner, color, "{context}");
                    let mut check = game.positions[p - 1].board().clone();
                    for m in &game.moves[*p..] {
                        assert!(play_on_board(&mut check, *m), "{context}");
                    }
                    assert_eq!(check, board, "{context}");
                    true
                }
                // Another single slip may make the same board.
                Some(Cause::WrongExecution { board: owner, .. }) => *owner == color,
                _ => false,
            };
            assert!(found, "{context}: {:?}", ruling.causes.first());
            tally.not_made += 1;
        }

        // A wrong move on one score; the player writes on as played.
        let ply = rng.random_range(0..n);
        let others: Vec<Move> = game.positions[ply]
            .legal_moves()
            .into_iter()
            .filter(|m| *m != game.moves[ply])
            .collect();
        if !others.is_empty() {
            let other = others[rng.random_range(0..others.len())];
            let mut texts = game.written.clone();
            texts[ply] = SanPlus::from_move(game.positions[ply].clone(), other).to_string();
            let decidable = !line_reaches(&game.start, &texts, &end);
            tally.undecidable_moves += usize::from(!decidable);
            check_scores(&game, color, texts, ply, decidable, &context);
            tally.wrong_moves += 1;
        }

        // A move missing from one score.
        let ply = rng.random_range(0..n);
        let mut texts = game.written.clone();
        texts.remove(ply);
        let ruling = check_scores(&game, color, texts, ply, true, &context);
        if ruling.agreed_plies == ply {
            assert!(
                matches!(
                    ruling.causes.first(),
                    Some(Cause::Missing { ply: p, score, .. }) if *p == ply + 1 && *score == color
                ),
                "{context}: {:?}",
                ruling.causes.first()
            );
            tally.missing += 1;
        }

        // A move written twice on one score, the rest as played.
        let ply = rng.random_range(0..n);
        let mut texts = game.written.clone();
        texts.insert(ply, game.written[ply].clone());
        let decidable = !line_reaches(&game.start, &texts, &end);
        let ruling = check_scores(&game, color, texts, ply + 1, decidable, &context);
        // A last move written twice is, to the other score, one not yet
        // written.
        if ruling.agreed_plies == ply + 1 && ply + 1 < n {
            assert!(
                matches!(
                    ruling.causes.first(),
                    Some(Cause::Extra { ply: p, score, .. }) if *p == ply + 2 && *score == color
                ),
                "{context}: {:?}",
                ruling.causes.first()
            );
            tally.twice += 1;
        }

        // Two moves of one player swapped on one score.
        if n >= 3 {
            let ply = rng.random_range(0..n - 2);
            if game.written[ply] != game.written[ply + 2] {
                let mut texts = game.written.clone();
                texts.swap(ply, ply + 2);
                let decidable = !line_reaches(&game.start, &texts, &end);
                tally.undecidable_swaps += usize::from(!decidable);
                let ruling = check_scores(&game, color, texts, ply, decidable, &context);
                let expected = if decidable { Some(color) } else { None };
                assert!(
                    matches!(
                        ruling.causes.first(),
                        Some(Cause::Swapped { ply: p, score, .. }) if *p == ply + 1 && *score == expected
                    ),
                    "{context}: {:?}",
                    ruling.causes.first()
                );
                tally.swaps += 1;
            }
        }
    }
    eprintln!(
        "{GAMES} random games in {:.2?}: {tally:?}",
        started.elapsed()
    );
    assert!(tally.executions >= GAMES * 9 / 10, "{tally:?}");
    assert!(tally.swaps > GAMES * 8 / 10, "{tally:?}");
    assert!(tally.missing >= GAMES * 95 / 100, "{tally:?}");
    // Often the later moves cannot be made by hand without the missing
    // one; every board that could be made was explained.
    assert!(tally.not_made >= GAMES * 4 / 10, "{tally:?}");
    assert!(tally.twice >= GAMES * 9 / 10, "{tally:?}");
}

/// Audits the true score against `texts` written by `wrong` (both boards
/// true) and checks the agreed ply, the case, the corrections and, where it
/// can be known, the player.
fn check_scores(
    game: &Game,
    wrong: Color,
    texts: Vec<String>,
    ply: usize,
    decidable: bool,
    context: &str,
) -> crate::audit::Ruling {
    let end = end_board(game);
    let mut scores = ByColor::new_with(|_| written(&game.written));
    *scores.get_mut(wrong) = written(&texts);
    let texts = texts.as_slice();
    let ByColor { white, black } = scores;
    let ruling = run_from(
        &game.start,
        white,
        black,
        ByColor::new_with(|_| Some(end.clone())),
    );
    // A score missing a move may still agree for a while: "Bxc4" written
    // twice in a row reads as Black's capture and then White's.
    let ply = ply + agreeing_moves(&game.moves[ply..], &game.positions[ply], &texts[ply..]);
    assert_eq!(ruling.case, Case::Scores, "{context}");
    assert_eq!(
        ruling.agreed_plies,
        ply,
        "{context}\n{wrong:?} wrote {}",
        texts.join(" ")
    );
    let back = game.positions[ply].board();
    for c in [Color::White, Color::Black] {
        assert_eq!(*ruling.adjust.get(c), corrections(&end, back), "{context}");
    }
    assert_eq!(ruling.position.board(), back, "{context}");
    if decidable {
        assert_eq!(
            ruling.causes.first().and_then(|c| c.player()),
            Some(wrong),
            "{context}: wrong {wrong:?} at ply {}, {:?}; illegal {:?}",
            ply + 1,
            ruling
                .causes
                .first()
                .map(|c| (c.player(), std::mem::discriminant(c))),
            ruling.illegal.get(wrong).as_ref().map(|i| (i.ply, &i.text))
        );
    }
    ruling
}
