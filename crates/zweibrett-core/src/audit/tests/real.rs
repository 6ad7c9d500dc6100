//! The audit on whole master games as their scores are written (SAN with
//! check and mate signs): at every half-move of each game, one score gets
//! a wrong move, a skipped move, a move written twice, or two of one
//! player's moves swapped, and the audit must find that cause and never
//! blame the player whose score is right (D.2.9).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Board, ByColor, CastlingMode, Chess, Color, Move, Position};

use super::fide;
use crate::audit::{Case, Cause, MoveReader, Ruling, Written, audit};
use crate::notation::Lexicon;

/// Seven games, one a line, in SAN as a score has them.
const GAMES: &str = include_str!("games.txt");

/// A game played out: its moves, the positions before each and after the
/// last, and its score.
struct Played {
    start: Chess,
    moves: Vec<Move>,
    positions: Vec<Chess>,
    written: Vec<String>,
}

fn play(start: &Chess, sans: &[&str]) -> Played {
    let mut position = start.clone();
    let mut played = Played {
        start: start.clone(),
        moves: Vec::new(),
        positions: vec![position.clone()],
        written: Vec::new(),
    };
    for san in sans {
        let m = crate::notation::read_standard_san(&position, san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        played
            .written
            .push(SanPlus::from_move(position.clone(), m).to_string());
        position.play_unchecked(m);
        played.moves.push(m);
        played.positions.push(position.clone());
    }
    played
}

fn audit_from(
    start: &Chess,
    scores: ByColor<Vec<String>>,
    boards: ByColor<Option<Board>>,
) -> Ruling {
    let reader = MoveReader {
        lexicon: Lexicon::builtin(),
        pack: fide(),
    };
    let scores = scores.map(|texts| texts.into_iter().map(Written::new).collect());
    audit(&reader, start, &scores, &boards)
}

/// How one kind of slip fared.
#[derive(Default, Debug)]
struct Kind {
    /// Scores made with the slip.
    made: usize,
    /// The expected cause was found, at the right half-move and naming the
    /// right score (or, where both orders make a game, no one).
    found: usize,
    /// A cause named the player whose score is right.
    misblamed: usize,
}

#[derive(Default, Debug)]
struct Tally {
    wrong: Kind,
    skipped: Kind,
    twice: Kind,
    swapped: Kind,
}

/// Audits `texts` as `color`'s score against the true score, with both
/// boards showing the end of the game or with no boards.
fn check(
    game: &Played,
    color: Color,
    texts: Vec<String>,
    boards_given: bool,
    kind: &mut Kind,
    expected: impl Fn(&Ruling) -> bool,
) {
    let end = game.positions.last().map(|p| p.board().clone());
    let boards = ByColor::new_with(|_| if boards_given { end.clone() } else { None });
    let mut scores = ByColor::new_with(|_| game.written.clone());
    *scores.get_mut(color) = texts;
    let ruling = audit_from(&game.start, scores, boards);
    kind.made += 1;
    assert_eq!(ruling.case, Case::Scores);
    if ruling
        .causes
        .iter()
        .any(|c| c.player() == Some(color.other()))
    {
        kind.misblamed += 1;
    }
    if expected(&ruling) {
        kind.found += 1;
    }
}

/// Every slip at every half-move of `game`, the erring score alternating.
fn slips(game: &Played, boards: bool, rng: &mut ChaCha8Rng, tally: &mut Tally) {
    let n = game.moves.len();
    for p in 0..n {
        let color = if p % 4 < 2 {
            Color::White
        } else {
            Color::Black
        };
        // A wrong move written, the rest as played.
        let others: Vec<Move> = game.positions[p]
            .legal_moves()
            .into_iter()
            .filter(|m| *m != game.moves[p])
            .collect();
        if !others.is_empty() {
            let other = others[rng.random_range(0..others.len())];
            let mut texts = game.written.clone();
            texts[p] = SanPlus::from_move(game.positions[p].clone(), other).to_string();
            check(game, color, texts, boards, &mut tally.wrong, |r| {
                r.agreed_plies == p && r.causes.first().and_then(Cause::player) == Some(color)
            });
        }
        // A move skipped.
        let mut texts = game.written.clone();
        texts.remove(p);
        check(game, color, texts, boards, &mut tally.skipped, |r| {
            matches!(r.causes.first(),
                Some(Cause::Missing { score, ply, missing, .. })
                    if *score == color && *ply == r.agreed_plies + 1
                        && *missing == game.moves[r.agreed_plies])
        });
        // A move written twice.
        let mut texts = game.written.clone();
        texts.insert(p, game.written[p].clone());
        check(game, color, texts, boards, &mut tally.twice, |r| {
            matches!(r.causes.first(),
                Some(Cause::Extra { score, ply, .. })
                    if *score == color && *ply == r.agreed_plies + 1)
        });
        // Two of one player's moves swapped.
        if p + 2 < n && game.written[p] != game.written[p + 2] {
            let mut texts = game.written.clone();
            texts.swap(p, p + 2);
            check(game, color, texts, boards, &mut tally.swapped, |r| {
                matches!(r.causes.first(),
                    Some(Cause::Swapped { score, ply, .. })
                        if *ply == p + 1 && score.is_none_or(|s| s == color))
            });
        }
    }
}

fn games() -> Vec<Played> {
    GAMES
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| play(&Chess::default(), &l.split_whitespace().collect::<Vec<_>>()))
        .collect()
}

/// A game from a position set up by FEN, and a Chess960 game, played out
/// at random from their start.
fn games_from_positions(rng: &mut ChaCha8Rng) -> Vec<Played> {
    [
        (
            "r3k2r/pp3ppp/2n1b3/8/8/2N1B3/PP3PPP/R3K2R w KQkq - 4 15",
            CastlingMode::Standard,
        ),
        (
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w AGag - 0 1",
            CastlingMode::Chess960,
        ),
        (
            "bnrbkrqn/pppppppp/8/8/8/8/PPPPPPPP/BNRBKRQN w FCfc - 0 1",
            CastlingMode::Chess960,
        ),
    ]
    .into_iter()
    .map(|(fen, mode)| {
        let start: Chess = fen.parse::<Fen>().unwrap().into_position(mode).unwrap();
        let mut position = start.clone();
        let mut sans = Vec::new();
        for _ in 0..60 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Castling first where it can be played, so that the scores
            // have it.
            let m = legal
                .iter()
                .find(|m| m.is_castle())
                .copied()
                .unwrap_or_else(|| legal[rng.random_range(0..legal.len())]);
            sans.push(SanPlus::from_move(position.clone(), m).to_string());
            position.play_unchecked(m);
        }
        let sans: Vec<&str> = sans.iter().map(String::as_str).collect();
        play(&start, &sans)
    })
    .collect()
}

#[test]
fn every_slip_at_every_half_move_of_master_games_is_found() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0D29);
    let mut from_positions = games_from_positions(&mut rng);
    assert!(
        from_positions
            .iter()
            .all(|g| g.written.iter().any(|s| s.starts_with("O-O"))),
        "the games from a position castle"
    );
    let mut all = games();
    all.append(&mut from_positions);
    for boards in [true, false] {
        let mut tally = Tally::default();
        for game in &all {
            slips(game, boards, &mut rng, &mut tally);
        }
        eprintln!(
            "{} games, {} half-moves, boards given: {boards}: {tally:#?}",
            all.len(),
            all.iter().map(|g| g.moves.len()).sum::<usize>()
        );
        for kind in [&tally.wrong, &tally.skipped, &tally.twice, &tally.swapped] {
            assert_eq!(kind.misblamed, 0, "{tally:#?}");
        }
        assert!(
            tally.skipped.found * 100 >= tally.skipped.made * 95,
            "{tally:#?}"
        );
        assert!(
            tally.twice.found * 100 >= tally.twice.made * 90,
            "{tally:#?}"
        );
        assert!(
            tally.swapped.found * 100 >= tally.swapped.made * 95,
            "{tally:#?}"
        );
        if boards {
            assert!(
                tally.wrong.found * 100 >= tally.wrong.made * 90,
                "{tally:#?}"
            );
        }
    }
}
