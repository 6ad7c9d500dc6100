//! The talking clock on the real monotonic clock with a 2-second control:
//! the flag fall and the countdown must be spoken within 50 ms of the instant
//! they fall due, and never before.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use shakmaty::Color;
use zweibrett::speech::{Announce, Earcon, Priority, Utterance};
use zweibrett::talking_clock::{Command, Driver, TalkingClock};
use zweibrett_core::clock::TimeControl;
use zweibrett_core::clock::schedule::ClockSettings;
use zweibrett_core::clock::words::ClockWords;
use zweibrett_session::wake::{Bell, Wake};

#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Vec<(Instant, Utterance)>>>);

impl Announce for Recorder {
    fn announce(&self, utterance: Utterance) {
        self.0.lock().unwrap().push((Instant::now(), utterance));
    }
}

#[test]
fn flag_and_countdown_are_spoken_on_time() {
    let control: TimeControl = "2".parse().unwrap();
    let recorder = Recorder::default();
    let epoch = Instant::now();
    let talking = TalkingClock::new(
        control,
        ClockWords::builtin("en"),
        ClockSettings::default(),
        recorder.clone(),
        epoch,
        false,
    );
    let (tx, rx) = mpsc::channel();
    let bell = Bell::on(tx.clone());
    let runner = thread::spawn(move || talking.run(&mut Driver::on(rx, bell)));
    let press = || Wake::Input(Command::Press, Instant::now());
    tx.send(press()).unwrap(); // White's clock starts
    thread::sleep(Duration::from_millis(500));
    tx.send(press()).unwrap(); // White moves, Black's clock runs
    thread::sleep(Duration::from_millis(2_300));
    tx.send(Wake::InputEnded).unwrap();
    let clock = runner.join().unwrap();

    let flag = clock.flag().expect("Black's flag fell");
    assert_eq!(flag.side, Color::Black);
    let expiry = epoch + flag.at.0;
    let said = recorder.0.lock().unwrap().clone();
    let when = |text: &str| {
        said.iter()
            .find(|(_, u)| u.text == text)
            .map(|(t, u)| (*t, u.clone()))
            .unwrap_or_else(|| panic!("\"{text}\" was not said: {said:?}"))
    };
    let (flag_said, flag_u) = when("Black: time is up, flag fallen");
    assert_eq!(flag_u.priority, Priority::Urgent);
    assert_eq!(flag_u.earcon, Some(Earcon::FlagFall));
    // The first number of Black's countdown names whose clock (D.2.6.1).
    let (one_said, _) = when("Black: one");
    let due = [
        ("flag fall", flag_said, expiry),
        ("countdown one", one_said, expiry - Duration::from_secs(1)),
    ];
    let mut worst = Duration::ZERO;
    for (what, said_at, due_at) in due {
        assert!(said_at >= due_at, "{what} was said before it was due");
        let late = said_at - due_at;
        println!(
            "{what}: {:.3} ms after its due time",
            late.as_secs_f64() * 1e3
        );
        assert!(late < Duration::from_millis(50), "{what} {late:?} late");
        worst = worst.max(late);
    }
    println!("worst case: {:.3} ms", worst.as_secs_f64() * 1e3);
    // White's clock never reached a mark: nothing else was said on its own.
    let texts: Vec<&str> = said.iter().map(|(_, u)| u.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Clock running, White to move",
            "White: two seconds",
            "Black: one",
            "Black: time is up, flag fallen"
        ]
    );
}
