use super::*;

/// Records what the scheduler asks for; "finishes" when told to.
#[derive(Default)]
struct FakeSink {
    log: Vec<String>,
    busy: bool,
}

impl Sink for FakeSink {
    fn start(&mut self, utterance: &Utterance) {
        self.log.push(format!("start {}", utterance.text));
        self.busy = true;
    }
    fn stop(&mut self) {
        self.log.push("stop".to_string());
        self.busy = false;
    }
    fn busy(&mut self) -> bool {
        self.busy
    }
}

impl FakeSink {
    /// The voice reaches the end of what it was saying.
    fn finish(&mut self) {
        self.busy = false;
    }
}

fn said(sink: &FakeSink) -> Vec<&str> {
    sink.log.iter().map(String::as_str).collect()
}

fn setup() -> (Scheduler, FakeSink, Instant) {
    (
        Scheduler::new(Duration::from_secs(5)),
        FakeSink::default(),
        Instant::now(),
    )
}

/// Lets the voice finish each utterance in turn until all is said.
fn drain(s: &mut Scheduler, sink: &mut FakeSink, now: Instant) {
    for _ in 0..20 {
        sink.finish();
        s.tick(now, sink);
    }
    assert!(s.is_idle());
}

#[test]
fn equal_priorities_are_said_in_order() {
    let (mut s, mut sink, now) = setup();
    for text in ["Eva vier", "Eva fünf", "Springer Felix drei"] {
        s.offer(Utterance::new(text, Priority::Move), now, &mut sink);
    }
    assert_eq!(said(&sink), ["start Eva vier"]);
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        [
            "start Eva vier",
            "start Eva fünf",
            "start Springer Felix drei"
        ]
    );
}

#[test]
fn a_move_interrupts_routine_clock_speech_which_is_dropped() {
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Weiß zehn Minuten", Priority::Routine),
        now,
        &mut sink,
    );
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        ["start Weiß zehn Minuten", "stop", "start Eva vier"]
    );
}

#[test]
fn an_answer_interrupts_routine_but_not_a_move() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("routine", Priority::Routine), now, &mut sink);
    s.offer(Utterance::new("answer", Priority::Answer), now, &mut sink);
    assert_eq!(said(&sink), ["start routine", "stop", "start answer"]);
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("answer 2", Priority::Answer), now, &mut sink);
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        [
            "start routine",
            "stop",
            "start answer",
            "stop",
            "start move",
            "start answer 2"
        ],
        "the answer cut off by the move is not said again"
    );
}

#[test]
fn the_clock_started_by_the_first_move_is_not_said_after_it() {
    // One reply: the clock starts, the move is announced, the time after
    // the press and the next step follow.
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Uhr läuft", Priority::Answer),
        now,
        &mut sink,
    );
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Weiß: eine Stunde", Priority::Answer),
        now,
        &mut sink,
    );
    s.offer(
        Utterance::new("Schwarz am Zug: Zug eingeben", Priority::Answer),
        now,
        &mut sink,
    );
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        [
            "start Uhr läuft",
            "stop",
            "start Eva vier",
            "start Weiß: eine Stunde",
            "start Schwarz am Zug: Zug eingeben"
        ]
    );
}

#[test]
fn an_answer_cut_off_by_an_urgent_message_is_said_again() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("answer", Priority::Answer), now, &mut sink);
    s.offer(Utterance::new("flag", Priority::Urgent), now, &mut sink);
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        ["start answer", "stop", "start flag", "start answer"]
    );
}

#[test]
fn urgent_interrupts_anything_and_the_move_is_said_again() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("Eva fünf", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Flagge gefallen", Priority::Urgent),
        now,
        &mut sink,
    );
    assert_eq!(
        said(&sink),
        ["start Eva vier", "stop", "start Flagge gefallen"]
    );
    assert_eq!(
        s.pending().map(|u| u.text.as_str()).collect::<Vec<_>>(),
        ["Eva vier", "Eva fünf"]
    );
    drain(&mut s, &mut sink, now);
    assert_eq!(sink.log.len(), 5);
}

#[test]
fn a_lower_priority_never_interrupts() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("urgent 2", Priority::Urgent), now, &mut sink);
    assert_eq!(said(&sink), ["start urgent"]);
    drain(&mut s, &mut sink, now);
    assert_eq!(
        said(&sink),
        ["start urgent", "start urgent 2", "start move"],
        "waiting utterances go highest priority first"
    );
}

#[test]
fn stale_routine_announcements_are_dropped_unsaid() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("threshold passed", Priority::Routine).until(now + Duration::from_secs(1)),
        now,
        &mut sink,
    );
    s.offer(Utterance::new("old", Priority::Routine), now, &mut sink);
    let later = now + Duration::from_secs(2);
    s.offer(Utterance::new("fresh", Priority::Routine), later, &mut sink);
    sink.finish();
    s.tick(later, &mut sink);
    assert_eq!(said(&sink), ["start move", "start old"]);
    let much_later = now + Duration::from_secs(6);
    sink.finish();
    s.tick(much_later, &mut sink);
    assert_eq!(
        said(&sink),
        ["start move", "start old", "start fresh"],
        "'fresh' waited 4 s, under the 5 s limit"
    );
    s.offer(
        Utterance::new("late", Priority::Routine).until(much_later),
        much_later,
        &mut sink,
    );
    drain(&mut s, &mut sink, much_later);
    assert_eq!(sink.log.len(), 3, "{:?}", sink.log);
}

#[test]
fn a_routine_age_limit_drops_old_waiting_announcements() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("clock", Priority::Routine), now, &mut sink);
    sink.finish();
    s.tick(now + Duration::from_secs(10), &mut sink);
    assert_eq!(said(&sink), ["start move"]);
    assert!(s.is_idle());
}

#[test]
fn moves_are_never_dropped_for_age() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    drain(&mut s, &mut sink, now + Duration::from_secs(600));
    assert_eq!(said(&sink), ["start urgent", "start move"]);
}

#[test]
fn a_finished_voice_lets_the_next_start_at_once() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("a", Priority::Routine), now, &mut sink);
    sink.finish();
    s.offer(Utterance::new("b", Priority::Routine), now, &mut sink);
    assert_eq!(
        said(&sink),
        ["start a", "start b"],
        "no stop: 'a' had ended"
    );
}

#[test]
fn restart_says_the_current_utterance_again() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    let mut other = FakeSink::default();
    s.restart(&mut other);
    assert_eq!(said(&other), ["start move"]);
}

/// A later request, well apart from the one before.
fn later(now: Instant, millis: u64) -> Instant {
    now + Duration::from_millis(millis)
}

#[test]
fn a_newer_answer_cuts_off_the_answer_being_said() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("e4", Priority::Answer), now, &mut sink);
    s.offer(
        Utterance::new("e5", Priority::Answer),
        later(now, 300),
        &mut sink,
    );
    assert_eq!(said(&sink), ["start e4", "stop", "start e5"]);
    drain(&mut s, &mut sink, later(now, 300));
    assert_eq!(sink.log.len(), 3, "e4 is not said again: {:?}", sink.log);
}

#[test]
fn a_newer_answer_drops_answers_waiting() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("first", Priority::Answer), now, &mut sink);
    s.offer(
        Utterance::new("second", Priority::Answer),
        later(now, 100),
        &mut sink,
    );
    s.offer(
        Utterance::new("third", Priority::Answer),
        later(now, 200),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 200));
    assert_eq!(said(&sink), ["start move", "start third"]);
}

#[test]
fn an_answer_interrupted_by_a_move_is_dropped_by_a_newer_answer() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("old", Priority::Answer), now, &mut sink);
    s.offer(
        Utterance::new("move", Priority::Move),
        later(now, 100),
        &mut sink,
    );
    s.offer(
        Utterance::new("new", Priority::Answer),
        later(now, 200),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 200));
    assert_eq!(
        said(&sink),
        ["start old", "stop", "start move", "start new"]
    );
}

#[test]
fn the_lines_of_one_reply_do_not_replace_one_another() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("line 1", Priority::Answer), now, &mut sink);
    s.offer(
        Utterance::new("line 2", Priority::Answer),
        later(now, 1),
        &mut sink,
    );
    s.offer(
        Utterance::new("line 3", Priority::Answer),
        later(now, 2),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 2));
    assert_eq!(
        said(&sink),
        ["start line 1", "start line 2", "start line 3"]
    );
    s.offer(
        Utterance::new("next reply", Priority::Answer),
        later(now, 2) + REPLY_GAP,
        &mut sink,
    );
    assert_eq!(sink.log.last().unwrap(), "start next reply");
}

#[test]
fn a_newer_answer_leaves_moves_urgent_and_routine_speech_alone() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("urgent", Priority::Urgent), now, &mut sink);
    s.offer(Utterance::new("move", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("clock", Priority::Routine), now, &mut sink);
    s.offer(
        Utterance::new("answer", Priority::Answer),
        later(now, 100),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 100));
    assert_eq!(
        said(&sink),
        ["start urgent", "start move", "start answer", "start clock"]
    );
}

#[test]
fn a_newer_move_replaces_a_move_still_waiting() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Eva fünf", Priority::Move),
        later(now, 100),
        &mut sink,
    );
    s.offer(
        Utterance::new("Springer Felix drei", Priority::Move),
        later(now, 200),
        &mut sink,
    );
    assert_eq!(
        said(&sink),
        ["start Eva vier"],
        "the move being said goes on"
    );
    drain(&mut s, &mut sink, later(now, 200));
    assert_eq!(said(&sink), ["start Eva vier", "start Springer Felix drei"]);
}

#[test]
fn a_move_interrupted_halfway_is_never_replaced() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Flagge gefallen", Priority::Urgent),
        later(now, 100),
        &mut sink,
    );
    s.offer(
        Utterance::new("Eva fünf", Priority::Move),
        later(now, 200),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 200));
    assert_eq!(
        said(&sink),
        [
            "start Eva vier",
            "stop",
            "start Flagge gefallen",
            "start Eva vier",
            "start Eva fünf"
        ]
    );
}

#[test]
fn the_moves_of_one_step_are_all_said() {
    let (mut s, mut sink, now) = setup();
    for (i, text) in ["Eva vier", "Eva fünf", "Springer Felix drei"]
        .into_iter()
        .enumerate()
    {
        s.offer(
            Utterance::new(text, Priority::Move),
            later(now, i as u64),
            &mut sink,
        );
    }
    drain(&mut s, &mut sink, later(now, 2));
    assert_eq!(sink.log.len(), 3, "{:?}", sink.log);
}
