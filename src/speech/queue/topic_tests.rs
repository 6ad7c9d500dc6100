//! News of several topics at once: the boards of a hall.

use super::tests::{FakeSink, drain, later, said, setup};
use super::*;

fn news(text: &str, priority: Priority, board: u64) -> Utterance {
    Utterance::new(text, priority).about(Topic(board))
}

fn offer_all(s: &mut Scheduler, sink: &mut FakeSink, now: Instant, texts: Vec<Utterance>) {
    // Each a second apart: separate news, not the lines of one reply.
    for (i, utterance) in texts.into_iter().enumerate() {
        s.offer(utterance, later(now, 1000 * i as u64), sink);
    }
}

#[test]
fn a_result_is_not_lost_to_the_next_boards_move() {
    let (mut s, mut sink, now) = setup();
    offer_all(
        &mut s,
        &mut sink,
        now,
        vec![
            news("Brett 1: e4", Priority::Routine, 1),
            news("Brett 2: eins zu null", Priority::Move, 2),
            news("Brett 3: eins zu null", Priority::Move, 3),
            news("Brett 4: d4", Priority::Move, 4),
        ],
    );
    drain(&mut s, &mut sink, later(now, 3000));
    assert_eq!(
        said(&sink),
        [
            "start Brett 1: e4",
            "stop",
            "start Brett 2: eins zu null",
            "start Brett 3: eins zu null",
            "start Brett 4: d4",
        ]
    );
}

#[test]
fn a_boards_newer_news_drops_its_older_news_still_waiting() {
    let (mut s, mut sink, now) = setup();
    offer_all(
        &mut s,
        &mut sink,
        now,
        vec![
            news("Brett 9: Quelle schweigt", Priority::Move, 9),
            news("Brett 1: e4", Priority::Routine, 1),
            news("Brett 2: d4", Priority::Routine, 2),
            news("Brett 1: e4 e5", Priority::Routine, 1),
        ],
    );
    drain(&mut s, &mut sink, later(now, 3000));
    assert_eq!(
        said(&sink),
        [
            "start Brett 9: Quelle schweigt",
            "start Brett 2: d4",
            "start Brett 1: e4 e5",
        ]
    );
}

#[test]
fn a_boards_move_never_drops_its_more_urgent_news() {
    let (mut s, mut sink, now) = setup();
    offer_all(
        &mut s,
        &mut sink,
        now,
        vec![
            news("Brett 5: Sf3", Priority::Move, 5),
            news("Brett 1: Abweichung", Priority::Urgent, 1),
            news("Brett 1: Sc6", Priority::Routine, 1),
        ],
    );
    drain(&mut s, &mut sink, later(now, 3000));
    assert_eq!(
        said(&sink),
        [
            "start Brett 5: Sf3",
            "start Brett 1: Abweichung",
            "start Brett 1: Sc6",
        ]
    );
}

#[test]
fn news_waiting_too_long_is_dropped_unsaid() {
    let (mut s, mut sink, now) = setup();
    offer_all(
        &mut s,
        &mut sink,
        now,
        vec![
            news("Brett 1: eins zu null", Priority::Move, 1),
            news("Brett 2: e4", Priority::Routine, 2),
        ],
    );
    // The result takes longer than the routine age limit to be said.
    s.tick(later(now, 9000), &mut sink);
    drain(&mut s, &mut sink, later(now, 9000));
    assert_eq!(said(&sink), ["start Brett 1: eins zu null"]);
}

#[test]
fn a_boards_move_and_the_result_it_led_to_are_both_said() {
    let (mut s, mut sink, now) = setup();
    s.offer(news("Brett 7: d5", Priority::Urgent, 7), now, &mut sink);
    s.offer(
        news("Brett 7: Fallblättchen", Priority::Urgent, 7),
        later(now, 1) - Duration::from_micros(900),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 1000));
    assert_eq!(
        said(&sink),
        ["start Brett 7: d5", "start Brett 7: Fallblättchen"]
    );
    // Handed over apart, the newer drops the older still waiting.
    let (mut s, mut sink, now) = setup();
    offer_all(
        &mut s,
        &mut sink,
        now,
        vec![
            news("Brett 1: Abweichung", Priority::Urgent, 1),
            news("Brett 7: d5", Priority::Move, 7),
            news("Brett 7: Ergebnis", Priority::Move, 7),
        ],
    );
    drain(&mut s, &mut sink, later(now, 3000));
    assert_eq!(
        said(&sink),
        ["start Brett 1: Abweichung", "start Brett 7: Ergebnis"]
    );
}
