//! A joined seat line by line (`zweibrett join --plain`): what the seat
//! shows, printed when it changes (the step, the last move announced, the
//! clocks, the result), each sentence the game says, and the lines typed
//! here sent to the game. `quit` or the end of input leaves the seat; the
//! game goes on.

use std::sync::mpsc::TryRecvError;
use std::time::{Duration, Instant};

/// After the input ends, the seat stays until the game has been quiet this
/// long, so that what was piped in is answered before it leaves…
const ANSWER_QUIET: Duration = Duration::from_millis(500);
/// …and never longer than this.
const ANSWER_WAIT: Duration = Duration::from_secs(3);

use zweibrett_core::game::Side;
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::pack::{LineSentence, SeatSentence};
use zweibrett_core::record::pgn_write;
use zweibrett_core::typed::{
    AskedResignation, Line, ResignReply, answers_resign, parse_typed_line, seat_resignation,
};

use crate::driver::{Driven, Driver, Next, Typed, Woke};
use crate::printable::printable;
use crate::session::labels::Labels;
use crate::session::seat::SeatView;
use crate::session::seat::protocol::{SeatLink, ToGame, ToSeat};

/// How the seat left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatEnd {
    /// The user left the seat; the game goes on.
    Left,
    /// The game ended or its process left, saying why.
    Closed(String),
}

/// Runs the seat on `link`, in `pack`'s words (the game's), until the user
/// leaves or the game closes it.
pub fn run(link: SeatLink, pack: &VoicePack) -> SeatEnd {
    // One channel: the lines typed, the game's rings, the ending signals.
    let mut driver = Driver::lines();
    link.waker.connect_like(driver.bell());
    let mut seat = LineSeat {
        link: &link,
        pack,
        labels: Labels::for_pack(pack),
        lexicon: zweibrett_core::notation::Lexicon::with_pack(pack),
        shown: None,
        ended_at: None,
        heard_at: Instant::now(),
        resign_asked: None,
        closed: None,
    };
    let Ok(_) = driver.drive(&mut seat);
    if let Some(reason) = seat.closed {
        return SeatEnd::Closed(reason);
    }
    let _ = link.to_game.send(ToGame::Leave);
    let left = pack.seat_sentences().say(SeatSentence::YouLeft, &[]);
    println!("{}", seat.label(LineSentence::LabelLeft, &left));
    SeatEnd::Left
}

/// A joined seat in line mode, as the driver drives it.
struct LineSeat<'a> {
    link: &'a SeatLink,
    pack: &'a VoicePack,
    labels: Labels,
    lexicon: zweibrett_core::notation::Lexicon,
    /// What the seat showed last.
    shown: Option<SeatView>,
    /// When the input ended, and when the game last said something: a
    /// line piped in gets its answer before the seat leaves.
    ended_at: Option<Instant>,
    heard_at: Instant,
    /// A resignation typed and asked about, with the line to send on yes.
    resign_asked: Option<AskedResignation>,
    /// The game closed the seat, saying why.
    closed: Option<String>,
}

impl LineSeat<'_> {
    fn label(&self, key: LineSentence, text: &str) -> String {
        printable(&self.labels.line(key, text)).to_string()
    }

    /// Sends a line to the game; leaves when the game is gone.
    fn send(&self, text: String) -> Next {
        match self.link.to_game.send(ToGame::Line { text }) {
            Ok(()) => Next::Wait,
            Err(_) => Next::Leave,
        }
    }

    /// A line typed at the seat.
    fn typed(&mut self, typed: Typed) -> Next {
        let text = match typed {
            Ok(text) => text,
            Err(fault) => {
                let said = fault.say(self.pack);
                println!("{}", self.label(LineSentence::LabelAnswer, &said));
                return Next::Wait;
            }
        };
        if let Some(asked) = self.resign_asked.take() {
            match answers_resign(self.pack, &self.lexicon, &text, &asked.resign) {
                ResignReply::Resign => return self.send(asked.typed),
                ResignReply::BackToGame(back) => {
                    println!("{}", self.label(LineSentence::LabelAnswer, &back));
                    return Next::Wait;
                }
                ResignReply::Other => {}
            }
        }
        let line = parse_typed_line(self.pack, &self.lexicon, &text);
        if line == Line::Quit {
            return Next::Leave;
        }
        if text.trim().is_empty() {
            return Next::Wait;
        }
        // A resignation for this seat's side is asked about first (5.1.2),
        // as at the main keyboard.
        if let (Some(side), Some(view)) = (self.link.side, self.shown.as_ref())
            && view.result.is_none()
            && let Some(asked) = seat_resignation(
                self.pack,
                &self.lexicon,
                &text,
                side,
                (&view.white, &view.black),
            )
        {
            println!("{}", self.label(LineSentence::LabelAnswer, &asked.question));
            self.resign_asked = Some(asked);
            return Next::Wait;
        }
        self.send(text)
    }

    /// When a seat whose input ended leaves: once the game has been quiet
    /// a while, and never later than its bound.
    fn leaving_at(&self) -> Option<Instant> {
        let ended = self.ended_at?;
        Some((self.heard_at.max(ended) + ANSWER_QUIET).min(ended + ANSWER_WAIT))
    }
}

impl Driven for LineSeat<'_> {
    type Input = Typed;
    type Fault = std::convert::Infallible;

    fn settle(&mut self, now: Instant) -> Result<Next, Self::Fault> {
        loop {
            let message = self.link.from_game.try_recv();
            if message.is_ok() {
                self.heard_at = Instant::now();
            }
            match message {
                Ok(ToSeat::View(view)) => {
                    show(self.pack, &self.labels, self.shown.as_ref(), &view);
                    self.shown = Some(view);
                }
                Ok(ToSeat::Said { text }) => {
                    println!("{}", self.label(LineSentence::LabelSaid, &text));
                }
                Ok(ToSeat::Closed { reason }) => {
                    println!("{}", self.label(LineSentence::LabelClosed, &reason));
                    self.closed = Some(reason);
                    return Ok(Next::Leave);
                }
                Ok(ToSeat::Welcome { .. } | ToSeat::Refused { .. }) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let reason = self.pack.seat_sentences().say(SeatSentence::GameLeft, &[]);
                    println!("{}", self.label(LineSentence::LabelClosed, &reason));
                    self.closed = Some(reason);
                    return Ok(Next::Leave);
                }
            }
        }
        Ok(match self.leaving_at() {
            Some(at) if at <= now => Next::Leave,
            _ => Next::Wait,
        })
    }

    fn deadline(&self) -> Option<Instant> {
        self.leaving_at()
    }

    fn take(&mut self, woke: Woke<Typed>, now: Instant) -> Next {
        match woke {
            Woke::Input(typed, _) => self.typed(typed),
            Woke::InputEnded => {
                self.ended_at = Some(now);
                Next::Wait
            }
            // The game's messages are taken when the driver settles; a
            // seat takes no braille display.
            Woke::Rang(_) | Woke::Braille(_) | Woke::Due => Next::Wait,
        }
    }
}

/// Prints what changed between the view `was` and `now`: the last move
/// announced, the clocks when one starts or stops or a move completes,
/// the step, the result.
fn show(pack: &VoicePack, labels: &Labels, was: Option<&SeatView>, now: &SeatView) {
    let label = |key: LineSentence, text: &str| printable(&labels.line(key, text)).to_string();
    if was.map(|w| &w.last) != Some(&now.last)
        && let Some(last) = &now.last
    {
        let text = format!("{}: {}", labels.san(&last.label), last.words);
        println!("{}", label(LineSentence::LabelAnnounced, &text));
    }
    let clocks_moved = was.is_none_or(|w| now.clocks.changed_from(&w.clocks));
    if clocks_moved {
        println!(
            "{}",
            label(LineSentence::LabelClocks, &clocks_line(pack, now))
        );
    }
    if was.map(|w| &w.status) != Some(&now.status) {
        println!("> {}", printable(&now.status));
    }
    if was.map(|w| &w.result) != Some(&now.result)
        && let Some(result) = &now.result
    {
        println!("{}", label(LineSentence::LabelResult, result));
    }
}

/// Both clocks as the view read them, in the pack's words of line mode.
fn clocks_line(pack: &VoicePack, view: &SeatView) -> String {
    let clocks = &view.clocks;
    let time = |side: Side| pgn_write::clock_text(clocks.left(side, Duration::ZERO));
    let line = pack.line_sentences();
    let count = clocks.completed;
    line.say_count(
        LineSentence::Clocks,
        u64::from(count),
        &[
            ("white_side", pack.side(shakmaty::Color::White)),
            ("white", &time(Side::White)),
            ("black_side", pack.side(shakmaty::Color::Black)),
            ("black", &time(Side::Black)),
            ("count", &count.to_string()),
            ("paused", ""),
        ],
    )
}
