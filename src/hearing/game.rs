//! Listening in a game, whichever front end shows it: the listener kept
//! on the grammar of the position, and what it heard turned into what the
//! front end does: a line entered as if typed (timed when the speaker
//! stopped), or a sentence to say.

use std::hash::{DefaultHasher, Hash, Hasher};

use shakmaty::fen::Fen;
use shakmaty::{Chess, EnPassantMode};
use zweibrett_core::game::Game;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::pack::LineSentence;
use zweibrett_core::notation::{Reading, VoicePack};

use super::listen::{ListenPlan, Listener, Mode, NoSecondOpinion, SpokenPhrase, Told};
use super::reading_of;
use super::unheard::Unheard;

use zweibrett_session::host::Listened;

/// The listener of one game, with the grammar it was last given.
pub struct GameListener {
    listener: Listener,
    mode: Mode,
    /// The position whose grammar the listener has.
    expected: Option<u64>,
    /// The listener has the choices of a question only, for one utterance.
    answering: bool,
    /// A move asked about alone, waiting for yes or no.
    confirming: Option<Confirming>,
    /// Whether it listens (the listening key turns it off and on).
    on: bool,
    /// Listening has failed, and why: said when it happened, and again
    /// whenever the listening key is pressed.
    gone: Option<Unheard>,
}

/// A move heard not clearly enough to take, asked about alone.
struct Confirming {
    /// The position's key.
    key: u64,
    /// The move.
    said: Said,
    /// The move as the pack writes it, entered on yes.
    text: String,
    /// The other meanings that came near, offered on no, best first.
    others: Vec<Said>,
    /// The position's grammar, for the question on no.
    grammar: Grammar,
}

/// The game's last move with the position it was played in, for hearing
/// its repetition.
fn last_move(game: &Game) -> Option<(Chess, shakmaty::Move)> {
    let (last, before) = game.moves().split_last()?;
    let mut position = game.start().clone();
    for played in before {
        shakmaty::Position::play_unchecked(&mut position, played.mv);
    }
    Some((position, last.mv))
}

/// The position's key, so that what was heard in another one is known.
fn key_of(position: &Chess) -> u64 {
    let mut hasher = DefaultHasher::new();
    Fen::from_position(position, EnPassantMode::Legal)
        .to_string()
        .hash(&mut hasher);
    hasher.finish()
}

impl GameListener {
    /// Listens for `pack`'s words as `plan` says.
    pub fn new(plan: &ListenPlan, pack: &VoicePack) -> GameListener {
        GameListener {
            listener: plan.start(pack),
            mode: plan.mode,
            expected: None,
            answering: false,
            confirming: None,
            on: plan.mode == Mode::Always,
            gone: None,
        }
    }

    /// The listening key: starts listening, or stops it (pushed to talk,
    /// what was said so far is heard then). The sentence that says so, in
    /// `pack`'s words; once listening has failed, why it cannot listen.
    pub fn toggle(&mut self, pack: &VoicePack) -> Option<String> {
        if let Some(why) = &self.gone {
            let line = pack.line_sentences();
            return Some(line.say(LineSentence::CannotListen, &[("reason", &why.say(line))]));
        }
        self.on = !self.on;
        self.listener.set_listening(self.on);
        let sentence = if self.on {
            LineSentence::ListenNow
        } else {
            LineSentence::ListenOff
        };
        Some(pack.line_sentences().say(sentence, &[]))
    }

    /// What rings the host when something was heard.
    pub fn waker(&self) -> &zweibrett_session::wake::Waker {
        self.listener.waker()
    }

    /// Keeps the grammar that of `game`'s position (with the repetition of
    /// its last move) and gives what was heard, if anything, in the game's
    /// words.
    pub fn poll(&mut self, game: &Game) -> Option<Listened> {
        if self.gone.is_some() {
            return None;
        }
        let (pack, position) = (game.pack(), game.position());
        let key = key_of(position);
        self.withdraw_if_over(game);
        if self.expected != Some(key) {
            // The game is replayed to its last move only when the position
            // has changed, not at every look.
            let last = last_move(game);
            let last = last.as_ref().map(|(before, m)| (before, *m));
            let grammar = Grammar::of_position_after(pack, position, last);
            self.listener.expect_in(grammar, key, position.clone());
            self.expected = Some(key);
            self.answering = false;
            self.confirming = None;
        }
        let line = pack.line_sentences();
        match self.listener.try_told()? {
            Told::Ready { unadapted } => {
                let mut text = line.say(LineSentence::Listening, &[]);
                if let Some(reason) = unadapted {
                    text.push(' ');
                    text.push_str(&line.say(LineSentence::EnrolUnusable, &[("reason", &reason)]));
                }
                Some(Listened::Say {
                    text,
                    not_understood: false,
                })
            }
            Told::WithoutSecondOpinion(why) => {
                let text = match why {
                    NoSecondOpinion::Unreadable(dir) => line.say(
                        LineSentence::SecondOpinionUnusable,
                        &[("path", &dir.display().to_string())],
                    ),
                    NoSecondOpinion::Missing(dir) => line.say(
                        LineSentence::SecondOpinionMissing,
                        &[("path", &dir.display().to_string())],
                    ),
                    NoSecondOpinion::NoHome => line.say(LineSentence::SecondOpinionNoHome, &[]),
                };
                Some(Listened::Say {
                    text,
                    not_understood: false,
                })
            }
            Told::Unavailable(reason) => {
                let text = line.say(LineSentence::CannotListen, &[("reason", &reason.say(line))]);
                self.gone = Some(reason);
                Some(Listened::Say {
                    text,
                    not_understood: true,
                })
            }
            Told::Heard(utterance) => {
                // A sound with no speech in it (a cough, a chair, the
                // hall) while always listening is let pass in silence,
                // and a question open stays open: saying "not understood"
                // after every one would talk over the game. Pushed for,
                // it is answered.
                let no_speech = utterance.hearing.guesses.is_empty()
                    && matches!(utterance.hearing.heard, Heard::Nothing);
                if no_speech && self.mode == Mode::Always {
                    return None;
                }
                if self.mode == Mode::Push {
                    // One utterance for each push.
                    self.on = false;
                }
                if self.answering {
                    // The answer came: the whole grammar again after it.
                    self.answering = false;
                    self.expected = None;
                }
                if let Some(confirming) = self.confirming.take()
                    && confirming.key == key
                {
                    return Some(self.answered(pack, position, confirming, &utterance));
                }
                Some(self.heard(pack, position, key, &utterance))
            }
        }
    }

    fn heard(
        &mut self,
        pack: &VoicePack,
        position: &Chess,
        key: u64,
        utterance: &SpokenPhrase,
    ) -> Listened {
        let grammar = &utterance.grammar;
        let hearing = &utterance.hearing;
        let heard_text = match &hearing.heard {
            // The opponent's repetition, entered as `repeat` with it.
            Heard::Said(said @ Said::Repetition) => grammar
                .text_of(*said)
                .map(|words| format!("{} {words}", pack.command_words().word("repeat"))),
            Heard::Said(said) => grammar.text_of(*said).map(str::to_string),
            _ => None,
        };
        let not_understood = |text: String| Listened::Say {
            text,
            not_understood: true,
        };
        if utterance.key != key {
            let text = heard_text.unwrap_or_else(|| "…".to_string());
            return not_understood(
                pack.line_sentences()
                    .say(LineSentence::HeardTooLate, &[("text", &text)]),
            );
        }
        if let Heard::Confirm(said @ (Said::Move(_) | Said::Command(_)), others) = &hearing.heard {
            return self.confirm(pack, key, grammar, *said, others.clone(), utterance.ended);
        }
        match (reading_of(pack, position, grammar, hearing), heard_text) {
            (Some(Reading::Move(_)) | None, Some(text)) => Listened::Enter {
                text,
                ended: utterance.ended,
            },
            (Some(Reading::Ambiguous { question, .. }), _) => {
                // The answer is heard among the choices only, until the
                // next utterance.
                if let Heard::Ask(choices) = &hearing.heard {
                    self.listener.expect(grammar.only(choices), key);
                    self.expected = Some(key);
                    self.answering = true;
                }
                Listened::Say {
                    text: question,
                    not_understood: false,
                }
            }
            (Some(Reading::Unrecognized { reason } | Reading::Illegal { reason, .. }), _) => {
                not_understood(reason)
            }
            (Some(Reading::Move(_)) | None, None) => {
                not_understood(zweibrett_core::notation::pack::fill(
                    &pack.phrases.not_understood,
                    &[("text", "…")],
                ))
            }
        }
    }
}

impl GameListener {
    /// Asks about `said` alone, and listens for yes, no or the move again.
    fn confirm(
        &mut self,
        pack: &VoicePack,
        key: u64,
        grammar: &Grammar,
        said: Said,
        others: Vec<Said>,
        _ended: std::time::Instant,
    ) -> Listened {
        let text = grammar.text_of(said).unwrap_or("…").to_string();
        self.listener.expect(grammar.yes_or_no(said, pack), key);
        self.expected = Some(key);
        self.answering = true;
        self.confirming = Some(Confirming {
            key,
            said,
            text,
            others,
            grammar: grammar.clone(),
        });
        Listened::Say {
            text: super::confirmation(pack, grammar, said),
            not_understood: false,
        }
    }

    /// The answer to a move asked about alone: yes (or the move again)
    /// enters it; no offers the others that came near, or asks for the
    /// move again.
    fn answered(
        &mut self,
        pack: &VoicePack,
        position: &Chess,
        confirming: Confirming,
        utterance: &SpokenPhrase,
    ) -> Listened {
        match &utterance.hearing.heard {
            Heard::Said(Said::Yes) => Listened::Enter {
                text: confirming.text,
                ended: utterance.ended,
            },
            Heard::Said(said) if *said == confirming.said => Listened::Enter {
                text: confirming.text,
                ended: utterance.ended,
            },
            Heard::Said(Said::No) => self.denied(pack, position, confirming),
            _ => Listened::Say {
                text: zweibrett_core::notation::pack::fill(
                    &pack.phrases.not_understood,
                    &[("text", "…")],
                ),
                not_understood: true,
            },
        }
    }

    /// No to a move asked about alone: the others that came near, asked
    /// about in turn; or the move is to be said again.
    fn denied(&mut self, pack: &VoicePack, position: &Chess, confirming: Confirming) -> Listened {
        let Confirming {
            key,
            others,
            grammar,
            ..
        } = confirming;
        let moves: Vec<shakmaty::Move> = others
            .iter()
            .filter_map(|o| match o {
                Said::Move(m) => Some(*m),
                _ => None,
            })
            .collect();
        match moves.as_slice() {
            [] => Listened::Say {
                text: pack.line_sentences().say(LineSentence::HeardDenied, &[]),
                not_understood: false,
            },
            [one] => {
                let ended = std::time::Instant::now();
                self.confirm(pack, key, &grammar, Said::Move(*one), Vec::new(), ended)
            }
            _ => {
                self.listener.expect(grammar.only(&others), key);
                self.expected = Some(key);
                self.answering = true;
                Listened::Say {
                    text: zweibrett_core::notation::read::question(pack, position, &moves),
                    not_understood: false,
                }
            }
        }
    }

    /// A game ended (resigned, flagged, agreed) while a move heard waited
    /// for yes or no withdraws the question: no later yes enters it, and
    /// the grammar is made again for the position as it stands.
    fn withdraw_if_over(&mut self, game: &Game) {
        if game.outcome().is_some() && self.confirming.take().is_some() {
            self.answering = false;
            self.expected = None;
        }
    }

    /// A line typed while a move heard waits for yes or no: the pack's yes
    /// enters the move, its no goes on as a spoken no would; anything else
    /// is no answer, and goes its own way.
    pub fn answer(&mut self, game: &Game, text: &str) -> Option<Listened> {
        self.withdraw_if_over(game);
        let key = key_of(game.position());
        if self.confirming.as_ref().is_none_or(|c| c.key != key) {
            return None;
        }
        let pack = game.pack();
        let typed = zweibrett_core::hearing::grammar::spoken_words(text).join(" ");
        let [(yes, _), (no, _)] = zweibrett_core::hearing::grammar::yes_and_no(pack);
        let is =
            |word: &str| zweibrett_core::hearing::grammar::spoken_words(word).join(" ") == typed;
        if is(&yes) {
            let confirming = self.confirming.take()?;
            self.answering = false;
            self.expected = None;
            return Some(Listened::Enter {
                text: confirming.text,
                ended: std::time::Instant::now(),
            });
        }
        if is(&no) {
            let confirming = self.confirming.take()?;
            self.answering = false;
            self.expected = None;
            return Some(self.denied(pack, game.position(), confirming));
        }
        None
    }
}

/// The listener `plan` asks for, for a game in `pack`'s words, as the
/// game host takes it.
pub fn listener_for(
    plan: Option<ListenPlan>,
    pack: &VoicePack,
) -> Option<Box<dyn zweibrett_session::host::Listening>> {
    plan.map(|plan| Box::new(GameListener::new(&plan, pack)) as _)
}

impl zweibrett_session::host::Listening for GameListener {
    fn toggle(&mut self, pack: &VoicePack) -> Option<String> {
        GameListener::toggle(self, pack)
    }

    fn poll(&mut self, game: &Game) -> Option<Listened> {
        GameListener::poll(self, game)
    }

    fn waker(&self) -> &zweibrett_session::wake::Waker {
        GameListener::waker(self)
    }

    fn answer(&mut self, game: &Game, text: &str) -> Option<Listened> {
        GameListener::answer(self, game, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_differ_by_key() {
        let start = Chess::default();
        let mut after = start.clone();
        let m = shakmaty::Position::legal_moves(&start)[0];
        shakmaty::Position::play_unchecked(&mut after, m);
        assert_ne!(key_of(&start), key_of(&after));
        assert_eq!(key_of(&start), key_of(&Chess::default()));
    }
}
