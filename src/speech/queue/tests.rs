use super::*;

/// Records what the scheduler asks for; "finishes" when told to.
#[derive(Default)]
pub(super) struct FakeSink {
    log: Vec<String>,
    busy: bool,
    /// Another program's speech cut off what was being said.
    cut: bool,
    yielding: bool,
}

impl Sink for FakeSink {
    fn start(&mut self, utterance: &Utterance) {
        let how = if self.yielding { "yield" } else { "start" };
        self.log.push(format!("{how} {}", utterance.text));
        self.busy = true;
        self.cut = false;
    }
    fn cut_off(&mut self) -> bool {
        self.cut
    }
    fn set_yielding(&mut self, yielding: bool) {
        self.yielding = yielding;
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
    pub(super) fn finish(&mut self) {
        self.busy = false;
    }

    /// Another program's speech cuts off what is being said.
    fn cut_off_by_another(&mut self) {
        self.busy = false;
        self.cut = true;
    }
}

pub(super) fn said(sink: &FakeSink) -> Vec<&str> {
    sink.log.iter().map(String::as_str).collect()
}

pub(super) fn setup() -> (Scheduler, FakeSink, Instant) {
    (
        Scheduler::new(Duration::from_secs(5)),
        FakeSink::default(),
        Instant::now(),
    )
}

/// Lets the voice finish each utterance in turn until all is said.
pub(super) fn drain(s: &mut Scheduler, sink: &mut FakeSink, now: Instant) {
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
fn urgent_waits_for_a_move_being_said_and_goes_first_after_it() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(Utterance::new("Eva fünf", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Flagge gefallen", Priority::Urgent),
        now,
        &mut sink,
    );
    assert_eq!(said(&sink), ["start Eva vier"], "the echo is not cut");
    assert_eq!(
        s.pending().map(|u| u.text.as_str()).collect::<Vec<_>>(),
        ["Flagge gefallen", "Eva fünf"]
    );
    drain(&mut s, &mut sink, now);
    assert_eq!(sink.log.len(), 3);
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
pub(super) fn later(now: Instant, millis: u64) -> Instant {
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
fn a_move_being_said_is_never_cut_by_an_urgent_message() {
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
        ["start Eva vier", "start Flagge gefallen", "start Eva fünf"]
    );
}

/// An utterance of the game's moment `m`.
fn of(text: &str, priority: Priority, m: u32) -> Utterance {
    Utterance::new(text, priority).of_moment(Moment(m))
}

#[test]
fn what_waits_from_an_earlier_moment_is_dropped_when_a_later_one_comes() {
    // The opening: the time control, then who is to move; the first move
    // is typed while the time control is said.
    let (mut s, mut sink, now) = setup();
    s.offer(
        of("Bedenkzeit neunzig Minuten", Priority::Answer, 0),
        now,
        &mut sink,
    );
    s.offer(
        of("Partie beginnt. Weiß am Zug.", Priority::Answer, 0),
        now,
        &mut sink,
    );
    s.offer(
        of("Eva vier", Priority::Move, 1),
        later(now, 3000),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 3000));
    assert_eq!(
        said(&sink),
        ["start Bedenkzeit neunzig Minuten", "stop", "start Eva vier"],
        "never 'Weiß am Zug' after White's move"
    );
}

#[test]
fn an_utterance_of_an_earlier_moment_offered_late_is_not_said() {
    let (mut s, mut sink, now) = setup();
    s.offer(of("Eva vier", Priority::Move, 3), now, &mut sink);
    s.offer(
        of("Uhr läuft", Priority::Routine, 2),
        later(now, 10),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 100));
    assert_eq!(said(&sink), ["start Eva vier"]);
}

#[test]
fn an_offer_after_a_move_waits_for_its_echo_and_the_echo_is_said_once() {
    let (mut s, mut sink, now) = setup();
    s.offer(of("Springer Felix drei", Priority::Move, 1), now, &mut sink);
    s.offer(
        of("Remisangebot", Priority::Urgent, 1),
        later(now, 800),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 900));
    assert_eq!(
        said(&sink),
        ["start Springer Felix drei", "start Remisangebot"]
    );
}

#[test]
fn a_reply_typed_during_the_echo_is_said_after_it() {
    let (mut s, mut sink, now) = setup();
    s.offer(of("Eva vier", Priority::Move, 1), now, &mut sink);
    s.offer(
        of("Uhr läuft", Priority::Routine, 2),
        later(now, 200),
        &mut sink,
    );
    s.offer(
        of("Eva fünf", Priority::Move, 3),
        later(now, 400),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 500));
    assert_eq!(said(&sink), ["start Eva vier", "start Eva fünf"]);
}

#[test]
fn utterances_of_no_moment_are_never_obsolete() {
    let (mut s, mut sink, now) = setup();
    s.offer(of("Eva vier", Priority::Move, 5), now, &mut sink);
    s.offer(
        Utterance::new("Die Systemstimme fehlt", Priority::Urgent),
        later(now, 10),
        &mut sink,
    );
    drain(&mut s, &mut sink, later(now, 100));
    assert_eq!(
        said(&sink),
        ["start Eva vier", "start Die Systemstimme fehlt"]
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

/// The events of a game of the FIDE pack, player role, as they come.
mod in_a_game {
    use super::*;
    use crate::clock::Instant as GameInstant;
    use crate::game::{Command, Game, Press, Repetition, Setup};
    use crate::notation::VoicePack;

    fn game() -> Game {
        let setup = Setup {
            repetition: Repetition::Off,
            press: Press::Auto,
            ..Setup::default()
        };
        Game::new(setup, VoicePack::fide()).unwrap()
    }

    /// Carries out `command` `ms` after `start` and offers what it says.
    fn at(
        s: &mut Scheduler,
        sink: &mut FakeSink,
        g: &mut Game,
        command: Command,
        (start, ms): (Instant, u64),
    ) {
        let events = g.apply(&command, GameInstant(Duration::from_millis(ms)));
        for event in events {
            s.offer(event.utterance, later(start, ms), sink);
        }
    }

    fn opening(s: &mut Scheduler, sink: &mut FakeSink, g: &mut Game, start: Instant) {
        for event in g.opening() {
            s.offer(event.utterance, start, sink);
        }
    }

    fn mv(text: &str) -> Command {
        Command::Move(text.into())
    }

    #[test]
    fn who_is_to_move_is_never_said_after_the_first_move() {
        let (mut s, mut sink, now) = setup();
        let mut g = game();
        opening(&mut s, &mut sink, &mut g, now);
        // The first move is typed while the time control is being said.
        at(&mut s, &mut sink, &mut g, mv("e4"), (now, 3000));
        drain(&mut s, &mut sink, later(now, 3000));
        let said = said(&sink).join(" | ");
        assert!(said.starts_with("start Bedenkzeit"), "{said}");
        assert!(said.contains("start Eva vier"), "{said}");
        assert!(!said.contains("Weiß am Zug"), "{said}");
    }

    #[test]
    fn a_draw_offer_after_a_move_waits_for_its_echo() {
        let (mut s, mut sink, now) = setup();
        let mut g = game();
        opening(&mut s, &mut sink, &mut g, now);
        drain(&mut s, &mut sink, now);
        sink.log.clear();
        at(&mut s, &mut sink, &mut g, mv("e4"), (now, 20_000));
        let echo = sink.log.len();
        at(&mut s, &mut sink, &mut g, Command::Offer, (now, 20_800));
        assert_eq!(sink.log.len(), echo, "the offer does not cut the echo");
        drain(&mut s, &mut sink, later(now, 20_800));
        let said = said(&sink);
        assert_eq!(
            said.iter().filter(|l| l.contains("Eva vier")).count(),
            1,
            "{said:?}"
        );
        let echo = said
            .iter()
            .position(|l| l.contains("Eva vier"))
            .unwrap_or(0);
        assert!(!said[echo..].contains(&"stop"), "{said:?}");
    }

    #[test]
    fn the_clock_running_after_a_take_back_is_not_said_after_the_next_move() {
        let (mut s, mut sink, now) = setup();
        let mut g = game();
        let _ = g.opening();
        let _ = g.apply(&mv("e4"), GameInstant(Duration::from_secs(2)));
        let _ = g.apply(&mv("e5"), GameInstant(Duration::from_secs(4)));
        at(&mut s, &mut sink, &mut g, Command::Undo, (now, 6000));
        at(&mut s, &mut sink, &mut g, mv("d5"), (now, 6300));
        drain(&mut s, &mut sink, later(now, 6300));
        let said = said(&sink);
        let echo = said.iter().position(|l| l.contains("David fünf"));
        assert!(echo.is_some(), "{said:?}");
        assert!(
            said[echo.unwrap_or(0)..]
                .iter()
                .all(|l| !l.contains("Uhr läuft")),
            "{said:?}"
        );
    }
}

#[test]
fn leaving_drops_what_waits_and_cuts_an_answer_but_not_a_move() {
    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    s.offer(
        Utterance::new("Uhr läuft", Priority::Routine),
        now,
        &mut sink,
    );
    let later = now + Duration::from_secs(1);
    s.offer(
        Utterance::new("Hilfe, Teil 1", Priority::Answer),
        later,
        &mut sink,
    );
    s.hush(later, &mut sink);
    assert_eq!(said(&sink), ["start Eva vier"], "the echo goes on");
    s.offer(
        Utterance::new("gespeichert", Priority::Answer),
        later,
        &mut sink,
    );
    drain(&mut s, &mut sink, later);
    assert_eq!(said(&sink), ["start Eva vier", "start gespeichert"]);

    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Partie verlassen?", Priority::Answer),
        now,
        &mut sink,
    );
    s.hush(now, &mut sink);
    assert_eq!(said(&sink), ["start Partie verlassen?", "stop"]);
    assert!(s.is_idle());
}

#[test]
fn a_move_cut_off_by_another_program_is_said_again_when_it_falls_silent() {
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Springer Felix drei", Priority::Move),
        now,
        &mut sink,
    );
    s.offer(
        Utterance::new("Schwarz am Zug", Priority::Routine),
        now,
        &mut sink,
    );
    sink.cut_off_by_another();
    let cut = now + Duration::from_millis(300);
    s.tick(cut, &mut sink);
    assert_eq!(said(&sink), ["start Springer Felix drei"], "waits a moment");
    s.tick(cut + YIELD_RETRY, &mut sink);
    assert_eq!(
        said(&sink)[1..],
        ["yield Springer Felix drei"],
        "the cut move comes first, without cutting the other program off"
    );
    // Refused again while the other program still speaks.
    sink.cut_off_by_another();
    let later = cut + YIELD_RETRY * 2;
    s.tick(later, &mut sink);
    s.tick(later + YIELD_RETRY, &mut sink);
    assert_eq!(said(&sink)[2..], ["yield Springer Felix drei"]);
    // Said whole: what follows no longer yields.
    sink.finish();
    s.tick(later + YIELD_RETRY, &mut sink);
    assert_eq!(said(&sink)[3..], ["start Schwarz am Zug"]);
}

#[test]
fn after_a_cut_the_next_utterance_yields_too() {
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Uhr läuft", Priority::Routine),
        now,
        &mut sink,
    );
    sink.cut_off_by_another();
    let later = now + Duration::from_millis(100);
    s.offer(
        Utterance::new("Zeit: eine Stunde", Priority::Answer),
        later,
        &mut sink,
    );
    assert_eq!(
        said(&sink),
        ["start Uhr läuft"],
        "nothing over the other program"
    );
    s.tick(later + YIELD_RETRY, &mut sink);
    assert_eq!(said(&sink)[1..], ["yield Zeit: eine Stunde"]);
    sink.finish();
    s.tick(later + YIELD_RETRY, &mut sink);
    assert_eq!(
        said(&sink)[2..],
        ["start Uhr läuft"],
        "said whole: no more yielding"
    );
}

#[test]
fn what_yields_too_long_is_dropped_or_said_regardless() {
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Zeit: eine Stunde", Priority::Answer),
        now,
        &mut sink,
    );
    let mut at = now;
    while at < now + YIELD_LIMIT + YIELD_RETRY * 2 {
        sink.cut_off_by_another();
        at += YIELD_RETRY;
        s.tick(at, &mut sink);
    }
    assert!(s.is_idle(), "the answer is dropped: {:?}", said(&sink));

    let (mut s, mut sink, now) = setup();
    s.offer(Utterance::new("Eva vier", Priority::Move), now, &mut sink);
    let mut at = now;
    while at < now + YIELD_LIMIT + YIELD_RETRY * 2 {
        sink.cut_off_by_another();
        at += YIELD_RETRY;
        s.tick(at, &mut sink);
    }
    assert_eq!(
        said(&sink).last(),
        Some(&"start Eva vier"),
        "the echo is said over the other program at last (D.2.1)"
    );
}

#[test]
fn a_cut_move_gives_way_to_a_newer_move() {
    let (mut s, mut sink, now) = setup();
    s.offer(
        Utterance::new("Eva vier", Priority::Move).of_moment(Moment(1)),
        now,
        &mut sink,
    );
    sink.cut_off_by_another();
    s.tick(now, &mut sink);
    s.offer(
        Utterance::new("Eva fünf", Priority::Move).of_moment(Moment(2)),
        now,
        &mut sink,
    );
    s.tick(now + YIELD_RETRY, &mut sink);
    assert_eq!(said(&sink), ["start Eva vier", "yield Eva fünf"]);
    sink.finish();
    drain(&mut s, &mut sink, now + YIELD_RETRY);
    assert_eq!(said(&sink).len(), 2, "the older move is not said late");
}
