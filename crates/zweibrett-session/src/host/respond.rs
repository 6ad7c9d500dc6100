//! The one responder: what a typed line, a key's command or a spoken
//! phrase does, the same in line mode and on the full screen.

use super::Listened;
use super::{GameHost, Kind, Request, Shown};
use crate::clock::Instant;
use crate::game::{Command, Impaired, Side};
use crate::notation::pack::{LineSentence, ScreenSentence};
use crate::printable::{printable, printable_lines};
use crate::record::{pgn_write, score};
use crate::table::{answer, audit_lines_beside, role_guide};
use crate::typed::{
    Line, ResignReply, answers_resign, help_parts, no_more_help, parse_typed_line, resign_question,
    users_of,
};
use crate::utterance::{Priority, Utterance, VoiceChange};
use crate::voice::Announce;
use shakmaty::Color;

impl GameHost {
    /// Carries out `request`, made at `at`.
    pub(super) fn respond(&mut self, request: Request, at: Instant) {
        log::debug!(target: "host", "at {at:?}: {request:?}");
        self.prompt_owed = true;
        match request {
            Request::Line(Ok(text)) => self.typed(&text, at),
            Request::Line(Err(fault)) => {
                // Said like a line that cannot be read; nothing was done.
                let why = fault.say(self.session.game().pack());
                self.refuse(why);
            }
            Request::Command(command) => self.enter(&command, at),
            Request::Ask(question) => self.ask(&question),
            Request::Save => self.save(),
            Request::Listen => self.toggle_listening(),
            Request::PauseOrResume => {
                let clock = self.session.game().clock();
                let command = if clock.is_started() && !clock.is_paused() {
                    Command::Pause
                } else {
                    Command::Resume
                };
                self.enter(&command, at);
            }
        }
    }

    /// What the listener heard, timed when the speaker stopped: a phrase
    /// goes the way of the same words typed; a question or "not
    /// understood" is said, and nothing is done.
    pub(super) fn heard(&mut self, outcome: Listened, at: Instant) {
        match outcome {
            Listened::Enter { text, .. } => {
                self.show(Kind::Heard, printable(&text).into_owned());
                self.prompt_owed = true;
                self.typed(&text, at);
            }
            Listened::Say {
                text,
                not_understood,
            } => {
                if not_understood {
                    self.refuse(text);
                } else {
                    self.show_said(Kind::Answer, text, Priority::Answer);
                }
            }
        }
    }

    /// Carries out the line `text`, typed (or heard) at `at`; the answer
    /// to a question the listener asked goes to it.
    fn typed(&mut self, text: &str, at: Instant) {
        if let Some(listener) = &mut self.listener
            && let Some(answered) = listener.answer(self.session.game(), text)
        {
            let answered = match answered {
                Listened::Enter { text, .. } => Listened::Enter {
                    text,
                    ended: self.session.time_line().moment(at),
                },
                said => said,
            };
            return self.heard(answered, at);
        }
        if let Some(resign) = self.resign_asked.take() {
            let pack = self.session.game().pack();
            match answers_resign(pack, self.session.game().lexicon(), text, &resign) {
                ResignReply::Resign => return self.enter(&resign, at),
                ResignReply::BackToGame(back) => {
                    return self.show_said(Kind::Answer, back, Priority::Answer);
                }
                ResignReply::Other => {}
            }
        }
        let pack = self.session.game().pack();
        match parse_typed_line(pack, self.session.game().lexicon(), text) {
            Line::Game(Command::Resign(side)) if self.session.game().outcome().is_none() => {
                self.ask_to_resign(side, at)
            }
            Line::Game(command) => self.enter(&command, at),
            Line::Pgn => {
                let text = pgn_write::write(self.session.game());
                self.listing(&text, false);
            }
            Line::Save => self.save(),
            Line::SaveBrf(path) => {
                let saved = self
                    .session
                    .save_brf(path.as_deref().map(std::path::Path::new));
                self.saved(saved);
            }
            Line::Score => {
                let text = score::plain(self.session.game());
                self.listing(&text, true);
            }
            Line::ScoreIn(pieces) => {
                let signs = pieces.signs(self.session.game().pack());
                let text = score::plain_in(self.session.game(), signs);
                self.listing(&text, true);
            }
            Line::Braille => {
                let text = crate::record::braille::of_game(self.session.game());
                self.listing(&text, false);
            }
            Line::Audit => self.audit(None),
            Line::BoardShows(player, shows) => self.audit(Some((player, shows))),
            Line::Ask(question) => self.ask(&question),
            Line::Help => self.help(false),
            Line::More => self.help(true),
            Line::Voice(change) => self.adjust_voice(change),
            Line::Quit => {
                self.ask_to_leave();
                self.prompt_owed = false;
                self.shown.push(Shown::Leave);
            }
            Line::Listen => self.toggle_listening(),
            Line::Nothing => {}
            Line::Wrong(why) => {
                let why = why.say(self.session.game().pack());
                self.refuse(why);
            }
        }
    }

    /// Asks whether to resign for the player (5.1.2), as the full screen
    /// does; a resignation for nobody in particular goes to the game,
    /// which asks whose.
    fn ask_to_resign(&mut self, side: Option<Side>, at: Instant) {
        let command = Command::Resign(side);
        let Some(player) = side
            .map(Color::from)
            .or(self.session.game().keyboard_player())
        else {
            return self.enter(&command, at);
        };
        let setup = self.session.game().setup();
        let name = match player {
            Color::White => setup.white.clone(),
            Color::Black => setup.black.clone(),
        };
        let question = resign_question(self.session.game().pack(), &name);
        self.resign_asked = Some(command);
        self.prompt_owed = false;
        self.show_said(Kind::Answer, question, Priority::Answer);
    }

    /// Makes the voice a step faster, slower, louder or softer, says the
    /// new level in it, and keeps it in the configuration for later games.
    fn adjust_voice(&mut self, change: VoiceChange) {
        let line = self.session.game().pack().line_sentences().clone();
        let Some(level) = self.speech.adjust(change) else {
            let text = line.say(LineSentence::VoiceNone, &[]);
            return self.show_said(Kind::Answer, text, Priority::Answer);
        };
        let text = line.say(
            LineSentence::VoiceLevel,
            &[
                ("rate", &level.rate.to_string()),
                ("volume", &level.volume.to_string()),
            ],
        );
        self.show_said(Kind::Answer, text, Priority::Answer);
        // Written on a thread of its own: the disk never holds up the game.
        if self.voice_keeper.is_none()
            && let Some(path) = self.voice_config.clone()
        {
            let waker = self.speech.waker().cloned().unwrap_or_default();
            match crate::kept_voice::VoiceKeeper::start(path, &waker) {
                Ok(keeper) => self.voice_keeper = Some(keeper),
                Err(e) => self.voice_not_kept(&e.to_string()),
            }
        }
        if let Some(keeper) = &self.voice_keeper {
            keeper.keep(level);
        }
    }

    /// Answers a question about the user's own board; during a rated game
    /// one that computes chess is refused (11.3.1).
    fn ask(&mut self, question: &zweibrett_core::analysis::Question) {
        match answer(self.session.game(), question) {
            Ok(said) => self.show_said(Kind::Answer, said, Priority::Answer),
            Err(why) => self.refuse(why),
        }
    }

    /// Shows the lines of a score or PGN; a score is said as well. An
    /// empty score says that no move was played yet.
    fn listing(&mut self, text: &str, spoken: bool) {
        let lines: Vec<String> = printable_lines(text)
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(String::from)
            .collect();
        if lines.is_empty() {
            let none = self
                .session
                .game()
                .pack()
                .screen_sentences()
                .say(ScreenSentence::NoMovesYet, &[]);
            self.show_said(Kind::Answer, none, Priority::Answer);
            return;
        }
        if spoken {
            // Beside a screen reader the lines below are what it reads.
            self.say_shown(Utterance::new(lines.join(" "), Priority::Answer), false);
        }
        for line in lines {
            self.show(Kind::Listing, line);
        }
    }

    /// The help, part by part, each short enough to hear in a breath:
    /// `help` shows and says the first part, beginning with the role's
    /// guide, and each `more` the next.
    fn help(&mut self, more: bool) {
        let mut parts = help_parts(
            self.session.game(),
            users_of(self.session.game().setup().role),
        );
        let next = if more { self.help_next } else { 0 };
        if next >= parts.len() {
            // `help` starts it again; `more` goes no further.
            let none = no_more_help(self.session.game());
            self.show_said(Kind::Help, none, Priority::Answer);
            return;
        }
        self.help_next = next + 1;
        let mut lines = std::mem::take(&mut parts[next]);
        if next == 0 {
            lines.insert(1, role_guide(self.session.game()));
        }
        let whole = lines.join(" ");
        for line in lines {
            self.show(Kind::Help, printable(&line).into_owned());
        }
        // Beside a screen reader the lines above are what it reads.
        self.say_shown(Utterance::new(whole, Priority::Answer), false);
    }

    /// Audits both scores against both boards (D.2.9): the boards the
    /// program keeps, or for one player what that board is said to show.
    /// The ruling is shown and said; the arbiter then acts on it
    /// (`takeback`, `align`, `addtime`).
    fn audit(&mut self, shown: Option<(shakmaty::Color, String)>) {
        let game = self.session.game();
        // The sighted player's board is the electronic board: what it
        // shows is audited, not what the program kept for it.
        let electronic = self.board.as_ref().and_then(|following| {
            let sighted = match game.setup().impaired {
                Impaired::White => Color::Black,
                Impaired::Black => Color::White,
                Impaired::Both => return None,
            };
            Some((sighted, following.follower.shown()?))
        });
        match audit_lines_beside(game, shown, electronic) {
            Ok(lines) => {
                for line in lines {
                    self.show_said(Kind::Audit, printable(&line).into_owned(), Priority::Answer);
                }
            }
            Err(e) => {
                let e = e.say(self.session.game().pack());
                self.refuse(e);
            }
        }
    }

    /// The `listen` command: starts listening, or stops.
    fn toggle_listening(&mut self) {
        let pack = self.session.game().pack().clone();
        let text = self
            .listener
            .as_mut()
            .and_then(|listener| listener.toggle(&pack))
            .unwrap_or_else(|| {
                pack.line_sentences()
                    .say(crate::notation::pack::LineSentence::ListenNotStarted, &[])
            });
        self.show_said(Kind::Answer, text, Priority::Answer);
    }
}
