//! A joined seat line by line (`zweibrett join --plain`): what the seat
//! shows, printed when it changes (the step, the last move announced, the
//! clocks, the result), each sentence the game says, and the lines typed
//! here sent to the game. `quit` or the end of input leaves the seat; the
//! game goes on.

use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
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
use zweibrett_core::table::{
    AskedResignation, Line, ResignReply, answers_resign, parse_typed_line, seat_resignation,
};

use super::protocol::{SeatLink, ToGame, ToSeat};
use crate::printable::printable;
use crate::seat::SeatView;
use crate::session::labels::Labels;
use crate::session::lines::{LineFault, read_lines};
use crate::session::wake::{Bell, Source, Wake};

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
    let (tx, events) = mpsc::channel::<Wake<Result<String, LineFault>>>();
    let bell = Bell::on(tx.clone());
    link.waker.connect_like(&bell);
    crate::signals::ring_on_signal(bell.waker());
    std::thread::spawn(move || {
        read_lines(std::io::stdin().lock(), |line| {
            tx.send(Wake::Input(line, std::time::Instant::now()))
                .is_ok()
        });
        let _ = tx.send(Wake::InputEnded);
    });
    let mut shown: Option<SeatView> = None;
    let labels = Labels::for_pack(pack);
    let label = |key: LineSentence, text: &str| printable(&labels.line(key, text)).to_string();
    let words = pack.seat_sentences();
    let lexicon = zweibrett_core::notation::Lexicon::with_pack(pack);
    // When the input ended, and when the game last said something: a line
    // piped in gets its answer before the seat leaves.
    let mut ended_at: Option<Instant> = None;
    let mut heard_at = Instant::now();
    // A resignation typed and asked about, with the line to send on yes.
    let mut resign_asked: Option<AskedResignation> = None;
    loop {
        loop {
            let message = link.from_game.try_recv();
            if message.is_ok() {
                heard_at = Instant::now();
            }
            match message {
                Ok(ToSeat::View(view)) => {
                    show(pack, &labels, shown.as_ref(), &view);
                    shown = Some(view);
                }
                Ok(ToSeat::Said { text }) => {
                    println!("{}", label(LineSentence::LabelSaid, &text));
                }
                Ok(ToSeat::Closed { reason }) => {
                    println!("{}", label(LineSentence::LabelClosed, &reason));
                    return SeatEnd::Closed(reason);
                }
                Ok(ToSeat::Welcome { .. } | ToSeat::Refused { .. }) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let reason = words.say(SeatSentence::GameLeft, &[]);
                    println!("{}", label(LineSentence::LabelClosed, &reason));
                    return SeatEnd::Closed(reason);
                }
            }
        }
        let woke = match ended_at {
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
            Some(ended) => {
                let until = (heard_at.max(ended) + ANSWER_QUIET).min(ended + ANSWER_WAIT);
                let left = until.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                events.recv_timeout(left)
            }
        };
        let typed = match woke {
            Ok(Wake::Input(typed, _)) => typed,
            Ok(Wake::InputEnded) => {
                ended_at = Some(Instant::now());
                continue;
            }
            Ok(Wake::Rang(Source::Signal)) | Err(RecvTimeoutError::Disconnected) => break,
            Ok(Wake::Rang(_)) | Err(RecvTimeoutError::Timeout) => continue,
        };
        let text = match typed {
            Ok(text) => text,
            Err(fault) => {
                println!("{}", label(LineSentence::LabelAnswer, &fault.say(pack)));
                continue;
            }
        };
        if let Some(asked) = resign_asked.take() {
            match answers_resign(pack, &lexicon, &text, &asked.resign) {
                ResignReply::Resign => {
                    if link
                        .to_game
                        .send(ToGame::Line { text: asked.typed })
                        .is_err()
                    {
                        break;
                    }
                    continue;
                }
                ResignReply::BackToGame(back) => {
                    println!("{}", label(LineSentence::LabelAnswer, &back));
                    continue;
                }
                ResignReply::Other => {}
            }
        }
        let line = parse_typed_line(pack, &lexicon, &text);
        if line == Line::Quit {
            break;
        }
        if text.trim().is_empty() {
            continue;
        }
        // A resignation for this seat's side is asked about first (5.1.2),
        // as at the main keyboard.
        if let (Some(side), Some(view)) = (link.side, shown.as_ref())
            && view.result.is_none()
            && let Some(asked) =
                seat_resignation(pack, &lexicon, &text, side, (&view.white, &view.black))
        {
            println!("{}", label(LineSentence::LabelAnswer, &asked.question));
            resign_asked = Some(asked);
            continue;
        }
        if link.to_game.send(ToGame::Line { text }).is_err() {
            break;
        }
    }
    let _ = link.to_game.send(ToGame::Leave);
    let left = words.say(SeatSentence::YouLeft, &[]);
    println!("{}", label(LineSentence::LabelLeft, &left));
    SeatEnd::Left
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
