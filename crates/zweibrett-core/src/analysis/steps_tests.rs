//! Per-move times and evaluations, replays, the position as a list, and
//! stepping back out of a variation.

use std::time::{Duration, Instant};

use shakmaty::{CastlingSide, Color, Position, Square};

use super::command::{Command, read_pace};
use super::engine::Score;
use super::questions::{Answer, Question, ask};
use super::replay::{Replay, Step};
use super::session::Session;
use super::words::{AnalysisWords, EachMove};
use crate::notation::Lexicon;
use crate::record::pgn_game::{Game, parse_eval};

const GAME: &str = "[White \"A\"]\n[Black \"B\"]\n[TimeControl \"5400+30\"]\n\n\
    1. e4 { [%clk 1:30:10] [%eval 0.3] } 1... e5 { [%clk 1:29:40] } \
    2. Nf3 { [%clk 1:29:00] [%emt 0:01:40] } 2... Nc6 (2... d6 { Philidor } 3. d4) \
    3. Bb5 { [%eval 0.5] [%clk 1:28:00] } 3... a6 { [%clk 1:29:00] [%eval #-3] } 4. Ba4 1-0\n";

fn replay() -> Replay {
    Replay::new(Game::parse(GAME, 1).unwrap())
}

fn s(secs: u64) -> Option<Duration> {
    Some(Duration::from_secs(secs))
}

#[test]
fn evaluations_are_read_in_pawns_and_mates() {
    assert_eq!(parse_eval("0.3"), Some(Score::Centipawns(30)));
    assert_eq!(parse_eval("-1.25,20"), Some(Score::Centipawns(-125)));
    assert_eq!(parse_eval("#-3"), Some(Score::Mate(-3)));
    assert_eq!(parse_eval("9e99"), Some(Score::Centipawns(100_000)));
    assert_eq!(parse_eval("nan"), None);
    assert_eq!(parse_eval("x"), None);
}

#[test]
fn time_spent_comes_from_emt_or_from_the_clocks_and_the_increment() {
    let mut r = replay();
    let spent = |step: Step| match step {
        Step::Moved(p) => p.spent,
        other => panic!("{other:?}"),
    };
    // 1:30:00 + 30 s − 1:30:10 at the first move.
    assert_eq!(spent(r.forward()), s(20));
    assert_eq!(spent(r.forward()), s(50));
    assert_eq!(spent(r.forward()), s(100), "[%emt] wins");
    assert_eq!(spent(r.forward()), None, "no clock");
    assert_eq!(spent(r.forward()), s(90));
    assert_eq!(
        spent(r.forward()),
        None,
        "the mover's last clock is missing"
    );
    assert!(matches!(r.last(), Some(p) if p.eval == Some(Score::Mate(-3))));
}

#[test]
fn back_from_a_variations_first_move_returns_to_the_main_line() {
    let mut r = replay();
    r.go_to(2, Color::White);
    assert!(matches!(r.enter(1), Step::Entered(1, _)));
    assert_eq!(r.path(), [(3, 0)]);
    assert!(matches!(r.back(), Step::Left(Some(p)) if p.number == 2 && p.color == Color::White));
    assert_eq!(r.depth(), 0);
    assert!(
        matches!(r.forward(), Step::Moved(p) if p.m.to() == Square::C6),
        "the main line's 2... Nc6, not the variation again"
    );
}

#[test]
fn the_way_here_runs_through_the_outer_lines_into_the_variation() {
    let mut r = replay();
    r.go_to(2, Color::White);
    r.enter(1);
    r.forward();
    let (start, moves) = r.way_here();
    let mut position = start;
    for m in &moves {
        position.play_unchecked(*m);
    }
    assert_eq!(moves.len(), 5, "1. e4 e5 2. Nf3 d6 3. d4");
    assert_eq!(position, r.position());
}

#[test]
fn a_game_without_moves_says_so_at_either_end() {
    let mut r = Replay::new(Game::parse("[White \"A\"]\n\n*\n", 1).unwrap());
    assert_eq!(r.end(), Step::NoMoves);
    assert_eq!(r.forward(), Step::NoMoves);
    let words = AnalysisWords::builtin("en");
    assert_eq!(words.step(&Step::NoMoves), "the game has no moves");
}

#[test]
fn stepping_back_names_the_move_number_and_side() {
    let mut r = replay();
    r.go_to(3, Color::White);
    let words = AnalysisWords::builtin("fide");
    assert_eq!(
        words.step(&r.back()),
        "Zurück zu zwei, Schwarz: Springer Cesar sechs"
    );
}

#[test]
fn the_clock_is_said_on_request_or_with_every_move() {
    let words = AnalysisWords::builtin("en");
    let mut r = replay();
    let first = r.forward();
    assert_eq!(
        words.step(&first),
        "one, White: Eva four. in the score: White is slightly better"
    );
    let each = EachMove {
        clock: true,
        eval: false,
    };
    assert_eq!(
        words.step_with(&first, each),
        "one, White: Eva four. clock one hour thirty minutes ten seconds. time spent twenty seconds"
    );
    r.forward();
    r.forward();
    r.forward();
    assert_eq!(
        words.clock_at(r.last().as_ref()),
        "two, Black: Knight Cesar six. the score gives no clock time for this move"
    );
    assert_eq!(words.clock_at(None), "no move played yet");
}

#[test]
fn replays_are_read_with_a_count_and_a_pace() {
    let lexicon = Lexicon::builtin();
    let parse = |text: &str| super::parse_command(lexicon, text);
    assert_eq!(
        parse("replay"),
        Command::Replay {
            last: None,
            pace: None
        }
    );
    assert_eq!(
        parse("replay 5 0.2"),
        Command::Replay {
            last: Some(5),
            pace: Some(Duration::from_millis(200))
        }
    );
    assert_eq!(
        parse("replay 1,5s"),
        Command::Replay {
            last: None,
            pace: Some(Duration::from_millis(1500))
        }
    );
    assert_eq!(parse("replay 5 fast"), Command::NotAPace("fast".into()));
    assert_eq!(parse("pace 2"), Command::Pace(Duration::from_secs(2)));
    assert_eq!(parse("pace 0"), Command::NotAPace("0".into()));
    assert_eq!(read_pace("61"), None);
    assert_eq!(read_pace("2 sec"), Some(Duration::from_secs(2)));
}

#[test]
fn a_replay_plays_at_its_pace_and_stops_where_it_is() {
    let file = std::env::temp_dir().join(format!("zweibrett-steps-{}.pgn", std::process::id()));
    std::fs::write(&file, GAME).unwrap();
    let index = crate::record::pgn_index::GameIndex::build(&file).unwrap();
    let (mut session, _) = Session::open(index, AnalysisWords::builtin("en"), Some(1)).unwrap();
    std::fs::remove_file(&file).unwrap();
    session.handle(&Command::End);
    let said = session.handle(&Command::Replay {
        last: Some(3),
        pace: Some(Duration::from_secs(1)),
    });
    assert_eq!(
        said,
        super::Reply::Say(vec!["replaying three moves".to_string()])
    );
    let t0 = Instant::now();
    assert_eq!(session.replay_due(t0).len(), 1, "the first move at once");
    assert!(
        session
            .replay_due(t0 + Duration::from_millis(500))
            .is_empty()
    );
    let second = session.replay_due(t0 + Duration::from_secs(1));
    assert_eq!(
        second,
        ["three, Black: Anna six. in the score: Black mates in three"]
    );
    assert_eq!(session.stop_replay().as_deref(), Some("replay stopped"));
    assert!(session.replay_due(t0 + Duration::from_secs(5)).is_empty());
    assert_eq!(session.replay().played(), 6);
    assert_eq!(session.stop_replay(), None);
}

#[test]
fn the_position_as_a_list_has_castling_and_en_passant() {
    let game = Game::parse(
        "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1\"]\n[SetUp \"1\"]\n\n1. Ra2 *\n",
        1,
    )
    .unwrap();
    let Answer::Position { castling, .. } = ask(&game.start, None, &Question::Position) else {
        panic!()
    };
    assert_eq!(
        castling,
        [
            (Color::White, vec![CastlingSide::KingSide]),
            (Color::Black, vec![CastlingSide::QueenSide])
        ]
    );
    let mut r = Replay::new(Game::parse("[White \"A\"]\n\n1. e4 Nf6 2. e5 d5 *\n", 1).unwrap());
    r.end();
    let words = AnalysisWords::builtin("en");
    let said = words.answer(&ask(&r.position(), None, &Question::Position));
    assert!(
        said.ends_with(
            "White to move, move three. castling: White short and long, Black short and long. en passant on David six"
        ),
        "{said}"
    );
}

#[test]
fn a_step_with_words_after_it_is_not_guessed_at() {
    let lexicon = Lexicon::builtin();
    let parse = |text: &str| super::parse_command(lexicon, text);
    assert_eq!(parse("next"), Command::Next);
    assert_eq!(parse("b"), Command::Back);
    assert_eq!(
        parse("next mistake"),
        Command::Mistakes(super::MistakesCommand::Next)
    );
    assert_eq!(
        parse("previous m"),
        Command::Mistakes(super::MistakesCommand::Previous)
    );
    for typed in ["next blunder", "back two", "n 3"] {
        assert_eq!(parse(typed), Command::Unknown(typed.into()), "{typed}");
    }
}

#[test]
fn every_glyph_is_said_and_one_the_pack_lacks_by_its_number() {
    let game = "1. e4 $7 $22 e5 $146 2. Nf3 $0 $200 *\n";
    let mut r = Replay::new(Game::parse(game, 1).unwrap());
    let en = AnalysisWords::builtin("en");
    let de = AnalysisWords::builtin("fide");
    let first = r.forward();
    assert_eq!(
        en.step(&first),
        "one, White: Eva four. forced move. White is in zugzwang"
    );
    assert_eq!(
        de.step(&first),
        "eins, Weiß: Eva vier. erzwungener Zug. Weiß ist im Zugzwang"
    );
    assert_eq!(en.step(&r.forward()), "one, Black: Eva five. novelty");
    // $0 is the null annotation; $200 is no standard glyph.
    assert_eq!(
        en.step(&r.forward()),
        "two, White: Knight Felix three. annotation sign two hundred"
    );
}

#[test]
fn variations_to_the_first_move_are_said_at_the_start_with_their_number_and_side() {
    let game = "{ An old line. } 1. e4 (1. d4 d5) (1. c4) 1... e5 (1... c5) 2. Nf3 *\n";
    let mut r = Replay::new(Game::parse(game, 1).unwrap());
    let de = AnalysisWords::builtin("fide");
    assert_eq!(
        de.step(&r.start()),
        "Ausgangsstellung. Kommentar: An old line. Variante: eins, Weiß: David vier oder Cesar vier"
    );
    assert_eq!(
        de.step(&r.forward()),
        "eins, Weiß: Eva vier. Variante: eins, Schwarz: Cesar fünf"
    );
    let en = AnalysisWords::builtin("en");
    assert_eq!(
        en.step(&r.go_to_ply(0)),
        "start position. variation: one, White: David four or Cesar four"
    );
}

#[test]
fn the_score_is_read_from_here_four_moves_at_a_time_and_more_reads_on() {
    let game =
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 (5... b5 6. Bb3) 6. Re1 b5 1-0\n";
    let file = std::env::temp_dir().join(format!("zweibrett-score-{}.pgn", std::process::id()));
    std::fs::write(&file, game).unwrap();
    let index = crate::record::pgn_index::GameIndex::build(&file).unwrap();
    let (mut session, _) = Session::open(index, AnalysisWords::builtin("en"), Some(1)).unwrap();
    std::fs::remove_file(&file).unwrap();
    let said = |reply: super::Reply| match reply {
        super::Reply::Say(lines) => lines.join(" | "),
        other => panic!("{other:?}"),
    };
    session.handle(&Command::Next);
    assert_eq!(
        said(session.handle(&Command::Score)),
        "one, Black: Eva five; two: Knight Felix three, Knight Cesar six; \
         three: Bishop Bella five, Anna six; four: Bishop Anna four, Knight Felix six. \
         the score goes on with move five; more reads on"
    );
    // Reading moves nothing on the board.
    assert_eq!(session.replay().played(), 1);
    assert_eq!(
        said(session.handle(&Command::More)),
        "five: castles short, Bishop Eva seven; six: Rook Eva one, Bella five. \
         end of the game, White wins"
    );
    assert_eq!(
        said(session.handle(&Command::More)),
        "end of the game, White wins"
    );
    // In a variation, on to its end.
    session.handle(&Command::GoTo(5, Color::White));
    session.handle(&Command::Variation(1));
    assert_eq!(
        said(session.handle(&Command::Score)),
        "six, White: Bishop Bella three. end of the variation"
    );
}

#[test]
fn an_evaluation_is_said_with_its_figure_and_depth_on_request_and_its_line_numbered() {
    use super::engine::Evaluation;
    use crate::analysis::engine::uci_move;
    let mut position = shakmaty::Chess::default();
    let e4 = uci_move("e2e4", &position).unwrap();
    shakmaty::Position::play_unchecked(&mut position, e4);
    let mut line = Vec::new();
    let mut at = position.clone();
    for text in ["e7e5", "g1f3", "b8c6"] {
        let m = uci_move(text, &at).unwrap();
        shakmaty::Position::play_unchecked(&mut at, m);
        line.push(m);
    }
    let evaluation = |score| Evaluation {
        position: position.clone(),
        score,
        best_line: line.clone(),
        depth: 20,
    };
    let en = AnalysisWords::builtin("en");
    assert_eq!(
        en.evaluation(&evaluation(Score::Centipawns(50))),
        "White is slightly better. best line: one, Black: Eva five; two: Knight Felix three, Knight Cesar six"
    );
    assert_eq!(
        en.evaluation_with(&evaluation(Score::Centipawns(50)), true),
        "White is slightly better. plus zero point five, depth twenty. best line: one, Black: Eva five; \
         two: Knight Felix three, Knight Cesar six"
    );
    let de = AnalysisWords::builtin("fide");
    let said = de.evaluation_with(&evaluation(Score::Centipawns(-125)), true);
    assert!(
        said.contains("minus eins Komma zwei fünf, Tiefe zwanzig"),
        "{said}"
    );
    let said = de.evaluation_with(&evaluation(Score::Centipawns(0)), true);
    assert!(said.contains("null, Tiefe zwanzig"), "{said}");
    let said = en.evaluation_with(&evaluation(Score::Mate(-3)), true);
    assert!(
        said.starts_with("Black mates in three. depth twenty. "),
        "{said}"
    );
    // The threat: the first move of the line, for the side it is given to.
    assert_eq!(
        en.threat(&evaluation(Score::Centipawns(0))),
        "Black threatens Eva five"
    );
}

#[test]
fn the_threat_is_asked_of_the_position_with_the_turn_passed_and_not_in_check() {
    let file = std::env::temp_dir().join(format!("zweibrett-threat-{}.pgn", std::process::id()));
    std::fs::write(&file, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    let index = crate::record::pgn_index::GameIndex::build(&file).unwrap();
    let (mut session, _) = Session::open(index, AnalysisWords::builtin("en"), Some(1)).unwrap();
    std::fs::remove_file(&file).unwrap();
    session.handle(&Command::GoTo(2, Color::Black));
    match session.handle(&Command::Threat) {
        super::Reply::Threat(other) => {
            assert_eq!(shakmaty::Position::turn(&*other), Color::Black);
        }
        other => panic!("{other:?}"),
    }
    session.handle(&Command::End);
    assert_eq!(
        session.handle(&Command::Threat),
        super::Reply::Say(vec![
            "Black is in check: the threat is on the board".to_string()
        ])
    );
    assert_eq!(
        session.handle(&Command::EvalFigures(true)),
        super::Reply::Say(vec![
            "evaluations are said with their figure and depth".to_string()
        ])
    );
    assert!(session.figures());
}

#[test]
fn a_move_of_your_own_goes_on_enters_or_starts_a_variation_kept_in_the_game() {
    use shakmaty::san::San;
    let mut r = replay();
    let mv = |r: &Replay, san: &str| san.parse::<San>().unwrap().to_move(&r.position()).unwrap();
    // The line's next move goes on.
    let e4 = mv(&r, "e4");
    assert!(matches!(r.play(e4), Step::Moved(p) if p.m == e4));
    r.forward();
    r.forward();
    // 2... d6 is the score's own variation: entered, not made again.
    let d6 = mv(&r, "d6");
    assert!(matches!(r.play(d6), Step::Entered(1, _)));
    r.leave();
    let nf6 = mv(&r, "Nf6");
    assert!(matches!(r.play(nf6), Step::Entered(2, p) if p.m == nf6));
    // At the end of a variation, it goes on.
    let bc4 = mv(&r, "Bc4");
    assert!(matches!(r.play(bc4), Step::Moved(p) if p.m == bc4));
    assert_eq!(r.path(), [(3, 1)]);
    assert_eq!(r.game().moves[3].variations[1].len(), 2, "kept in the game");
    // After the main line's last move there is nothing to replace.
    r.leave();
    r.end();
    let before = r.position();
    let m = before.legal_moves()[0];
    assert_eq!(r.play(m), Step::AfterTheEnd);
    assert_eq!(r.position(), before);
}
