//! The hall line by line: what the sources bring is printed and said as
//! it comes, the most urgent first; a typed line opens a board (its
//! number), lists them all (an empty line) or leaves. One channel drives
//! it: the lines typed, the sources' rings, the braille display, and the
//! next board's stall.

use std::io::Write;
use std::time::Instant;

use crate::braille::{BrailleHall, BrailleSettings};
use crate::driver::{Driven, Driver, Next, Typed, Woke};
use crate::notation::VoicePack;
use crate::notation::pack::HallSentence;
use crate::session::hall::{Answer, HallHost, HallLine, HallOptions, Weight};
use crate::speech::{Announce, Utterance};
use zweibrett_core::braille::Urgency;

/// Follows the hall's sources, answering lines of standard input until
/// `quit`, the end of input or a signal.
pub fn run_plain(
    options: HallOptions,
    pack: VoicePack,
    speech: &dyn Announce,
    braille: BrailleSettings,
) {
    let mut driver = Driver::lines();
    driver.take_braille(braille);
    let display = BrailleHall::new(braille, &pack);
    let host = HallHost::start(options, pack, &driver.bell().waker());
    let mut lines = Lines {
        host,
        speech,
        display,
    };
    let opened = lines.host.opened();
    lines.tell(&[opened]);
    let _ = driver.drive(&mut lines);
    let left = lines.host.words().plain(HallSentence::Left);
    lines.tell(&[HallLine::answer(left)]);
}

/// Line mode's view of the hall, as the driver drives it.
struct Lines<'a> {
    host: HallHost,
    speech: &'a dyn Announce,
    display: Option<BrailleHall>,
}

impl Lines<'_> {
    /// Prints each line, hands it to the speech output and the display.
    fn tell(&mut self, lines: &[HallLine]) {
        let mut out = std::io::stdout().lock();
        for line in lines {
            let text = say_line(line, self.speech, self.display.as_mut());
            let _ = writeln!(out, "{text}");
        }
        let _ = out.flush();
    }
}

/// Says `line` as its weight asks, news of its board or source, and puts
/// it on the braille display: a call for the arbiter at once, an answer
/// before what waits its turn, a move the arbiter has only shown not at
/// all. The line as said, made printable (a
/// source's names and tags are outside text).
pub(crate) fn say_line(
    line: &HallLine,
    speech: &dyn Announce,
    display: Option<&mut BrailleHall>,
) -> String {
    let text = crate::printable::printable(&line.text).into_owned();
    let said = crate::printable::printable(&line.said).into_owned();
    let urgency = match line.weight {
        Weight::Call => Urgency::Urgent,
        Weight::Answer => Urgency::Answer,
        Weight::News | Weight::Passing | Weight::Shown => Urgency::InTurn,
    };
    if let Some(display) = display {
        display.said(&text, urgency);
    }
    if line.weight == Weight::Shown {
        return text;
    }
    let mut utterance = Utterance::new(said, line.weight.priority());
    if let Some(topic) = line.about {
        utterance = utterance.about(topic);
    }
    speech.announce(utterance);
    text
}

impl Driven for Lines<'_> {
    type Input = Typed;
    type Fault = std::convert::Infallible;

    fn settle(&mut self, now: Instant) -> Result<Next, Self::Fault> {
        let lines = self.host.settle(now);
        self.tell(&lines);
        Ok(Next::Wait)
    }

    fn deadline(&self) -> Option<Instant> {
        self.host.deadline()
    }

    fn take(&mut self, woke: Woke<Typed>, _now: Instant) -> Next {
        match woke {
            Woke::Input(Ok(text), _) => match self.host.answer(&text) {
                Answer::Quit => Next::Leave,
                Answer::Lines(lines) => {
                    self.tell(&lines);
                    Next::Wait
                }
            },
            Woke::Input(Err(fault), _) => {
                let text = fault.say(self.host.pack());
                self.tell(&[HallLine::answer(text)]);
                Next::Wait
            }
            // Piped commands end; the hall goes on following until a
            // signal or `quit`, as a followed file does.
            Woke::InputEnded => Next::Wait,
            Woke::Braille(input) => {
                let pack = self.host.pack().clone();
                if let Some(display) = &mut self.display
                    && let Some(change) = display.input(input, &pack)
                {
                    self.tell(&[HallLine::answer(change)]);
                }
                Next::Wait
            }
            Woke::Rang(_) | Woke::Due => Next::Wait,
        }
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        Some(self.display.as_ref()?.line(cells))
    }
}
