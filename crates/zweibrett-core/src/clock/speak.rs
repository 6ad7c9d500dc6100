//! Turning clock events and schedule marks into utterances in the voice
//! pack's words (Appendix D.2.6.1, D.2.10.4).

use shakmaty::Color;

use super::schedule::{ClockSettings, Notice, NoticeKind};
use super::words::{ClockWords, Unit};
use super::{ChessClock, ClockEvent, Instant};
use crate::notation::pack::fill;
use crate::utterance::{Earcon, Priority, Utterance};

/// The answer to a player's request (D.2.10.4): time left and time used
/// for both players, and the number of completed moves.
pub fn on_request(words: &ClockWords, clock: &ChessClock, now: Instant) -> Utterance {
    let status = |color: Color| {
        fill(
            &words.phrases.status,
            &[
                ("side", words.side(color)),
                ("left", &words.time_left(clock.remaining(color, now))),
                ("used", &words.time_used(clock.used(color, now))),
            ],
        )
    };
    let moves = words.count(u64::from(clock.completed_moves()), Unit::Move);
    let text = fill(
        &words.phrases.request,
        &[
            ("white", &status(Color::White)),
            ("black", &status(Color::Black)),
            ("moves", &moves),
        ],
    );
    Utterance::new(text, Priority::Answer)
}

/// One side's time left, as a talking clock says it (D.2.6.1): "Schwarz:
/// eine Stunde zwölf Minuten", or the time alone for the player's own
/// clock when `named` is false.
pub fn one_side(
    words: &ClockWords,
    clock: &ChessClock,
    side: Color,
    named: bool,
    now: Instant,
) -> Utterance {
    let time = words.time_left(clock.remaining(side, now));
    let text = if named {
        fill(
            &words.phrases.left,
            &[("side", words.side(side)), ("time", &time)],
        )
    } else {
        time
    };
    Utterance::new(text, Priority::Answer)
}

/// A mark of the schedule: the time left, with a tone at a threshold,
/// always naming whose clock it is (D.2.6.1); in the last ten seconds the
/// number with the side ("Weiß: neun"), and the number alone when it
/// follows the number a second above it on the same clock ("acht").
pub fn notice(words: &ClockWords, notice: &Notice) -> Utterance {
    let secs = notice.left.as_millis().div_ceil(1000) as u64;
    let text = if notice.kind == NoticeKind::Countdown && secs < 10 {
        let number = words.number(secs, None);
        if notice.follows {
            number
        } else {
            fill(
                &words.phrases.countdown,
                &[("side", words.side(notice.side)), ("number", &number)],
            )
        }
    } else {
        fill(
            &words.phrases.left,
            &[
                ("side", words.side(notice.side)),
                ("time", &words.time_left(notice.left)),
            ],
        )
    };
    let utterance = Utterance::new(text, Priority::Routine);
    match notice.kind {
        NoticeKind::Threshold => utterance.with_earcon(Earcon::TimeThreshold),
        _ => utterance,
    }
}

/// The clock of `first` was started (Art. 6.6): White's, or in a game
/// from a position the clock of the side to move.
pub fn started(words: &ClockWords, first: Color) -> Utterance {
    Utterance::new(
        fill(&words.phrases.started, &[("side", words.side(first))]),
        Priority::Answer,
    )
}

/// What to say about a clock event, if the settings want it said: flag fall
/// (Art. 6.9) urgently with its tone, a period's time added (6.3.2), the
/// mover's time after a press unless that player's `after_press` is off
/// (D.2.6.1, D.2.10.4), start, pause and restart.
pub fn event(
    words: &ClockWords,
    settings: &ClockSettings,
    event: &ClockEvent,
) -> Option<Utterance> {
    let p = &words.phrases;
    match *event {
        ClockEvent::FlagFall(flag) => settings.side(flag.side).flag_fall.then(|| {
            Utterance::new(
                fill(&p.flag_fall, &[("side", words.side(flag.side))]),
                Priority::Urgent,
            )
            .with_earcon(Earcon::FlagFall)
        }),
        ClockEvent::PeriodAdded { side, added, .. } => {
            settings.side(side).period_added.then(|| {
                Utterance::new(
                    fill(
                        &p.period_added,
                        &[
                            ("side", words.side(side)),
                            ("time", &words.time_left(added)),
                        ],
                    ),
                    Priority::Routine,
                )
            })
        }
        ClockEvent::MoveCompleted {
            side, remaining, ..
        } => (settings.side(side).after_press != Some(false)).then(|| {
            Utterance::new(
                fill(
                    &p.pressed,
                    &[
                        ("side", words.side(side)),
                        ("time", &words.time_left(remaining)),
                    ],
                ),
                Priority::Answer,
            )
        }),
        ClockEvent::Started => Some(started(words, Color::White)),
        ClockEvent::Paused => Some(Utterance::new(p.paused.clone(), Priority::Answer)),
        ClockEvent::Resumed { side } => Some(Utterance::new(
            fill(&p.resumed, &[("side", words.side(side))]),
            Priority::Answer,
        )),
        ClockEvent::Adjusted { .. } | ClockEvent::Restored { .. } => None,
    }
}
