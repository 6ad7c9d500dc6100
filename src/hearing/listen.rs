//! Listening in a game: sound from the microphone (or a file standing in
//! for it), cut into utterances where the speaker pauses, each heard on a
//! thread of its own against the grammar of the position it was said in.

use std::path::{Path, PathBuf};

use zweibrett_core::wav::Sound;

use super::RATE;

/// Writes `samples` as a WAV file in `dir`, named by the time, for a bug
/// report (`--keep-audio`); returns its path.
pub(crate) fn keep(dir: &Path, samples: &[i16]) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis();
    let path = dir.join(format!("heard-{stamp}.wav"));
    let sound = Sound {
        rate: RATE,
        samples: samples.iter().map(|&s| f32::from(s) / 32768.0).collect(),
    };
    let mut file = std::fs::File::create(&path)?;
    zweibrett_core::wav::write(&sound, &mut file)?;
    file.sync_all()?;
    Ok(path)
}

use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Instant;

use zweibrett_core::hearing::Grammar;
use zweibrett_core::hearing::explained::voiced_at_least;
use zweibrett_core::hearing::voice_activity::{Settings, VoiceActivity};
use zweibrett_core::notation::VoicePack;

use super::capture::{Chunk, Sixteen, capture};
use super::second_opinion::SecondOpinion;
use super::{Denoise, Hearing, Recogniser, Unheard};
use crate::session::wake::{Ringing, Source as WakeSource, Waker};

/// Where the sound comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// The default input device.
    Microphone,
    /// A WAV file played into the listener at the pace it was spoken, then
    /// silence: for tests and for trying the recogniser on a recording.
    File(PathBuf),
}

/// When the listener listens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Push to talk: one utterance after the listening key (or the
    /// `listen` command), ended by a pause or by the key again.
    Push,
    /// Always: every utterance, cut where the speaker pauses.
    Always,
}

/// How a game is to listen: where the sound comes from, when, and where
/// to keep what was heard (`--keep-audio`).
#[derive(Clone, Debug)]
pub struct ListenPlan {
    /// The microphone, or a file standing in for it.
    pub source: Source,
    /// Push to talk, or always.
    pub mode: Mode,
    /// A directory for each utterance heard, as a WAV file.
    pub keep_audio: Option<PathBuf>,
    /// When the noise is taken out of what is heard.
    pub denoise: Denoise,
    /// Whether the adaptation to the player's voice, kept by enrolment,
    /// is used.
    pub adapt: bool,
    /// Whether Whisper is asked as a second opinion, and the folder of its
    /// model (none where there is no home folder to find it in).
    pub second_opinion: Option<Option<PathBuf>>,
}

impl ListenPlan {
    /// Starts listening for `pack`'s words.
    pub fn start(&self, pack: &VoicePack) -> Listener {
        Listener::start(pack.clone(), self.clone())
    }
}

/// What the listener tells the game.
#[derive(Debug)]
pub enum Told {
    /// The recogniser is loaded and the sound is coming in; why the
    /// adaptation to the player's voice kept by enrolment is not used, if
    /// one was kept and cannot be.
    Ready {
        /// Why the player's adaptation is not used.
        unadapted: Option<String>,
    },
    /// Listening cannot work: why, to be said once.
    Unavailable(Unheard),
    /// Whisper was asked for and cannot be used, said once; moves are
    /// heard by the first recogniser alone.
    WithoutSecondOpinion(NoSecondOpinion),
    /// An utterance was heard.
    Heard(Box<SpokenPhrase>),
}

/// One utterance as heard.
#[derive(Debug)]
pub struct SpokenPhrase {
    /// When the speaker stopped.
    pub ended: Instant,
    /// The position it was heard in (the key given with its grammar).
    pub key: u64,
    /// The grammar it was heard with.
    pub grammar: Grammar,
    /// What it was heard as.
    pub hearing: Hearing,
}

/// What the listening thread waits for: sound, or a word from the game.
/// Both come down one channel, so that it waits on nothing else and
/// never polls.
pub(super) enum Input {
    /// Sound from the microphone or the file standing in for it.
    Sound(Chunk),
    /// What the game asks.
    Request(Request),
}

pub(super) enum Request {
    Expect(Expected),
    Listening(bool),
    /// The game has let the listener go.
    Stop,
}

/// What the next utterances are heard against.
pub(super) struct Expected {
    grammar: Grammar,
    /// The position's key.
    key: u64,
    /// The position, when the grammar is its own rather than a
    /// question's: the moves not legal there are listened for too, and a
    /// move is taken from part of what was said only in silence.
    position: Option<shakmaty::Chess>,
}

/// A listener on threads of its own: the sound source, and the
/// recogniser, which decodes each utterance as soon as its speaker stops.
pub struct Listener {
    requests: Sender<Input>,
    told: Receiver<Told>,
    waker: Waker,
}

/// The listener's threads' end of what they tell the game, ringing the
/// host after each.
type Teller = Ringing<Told>;

impl Listener {
    /// Starts listening for `pack`'s words; nothing is heard until a
    /// grammar is given with [`Listener::expect`].
    pub fn start(pack: VoicePack, plan: ListenPlan) -> Listener {
        let ListenPlan {
            source,
            mode,
            keep_audio,
            denoise,
            adapt,
            second_opinion,
        } = plan;
        let (requests, input) = mpsc::channel();
        let (tell, told) = mpsc::channel();
        let waker = Waker::default();
        let tell = Ringing::new(tell, &waker, WakeSource::Listener);
        let sound_tx = requests.clone();
        let (play_tx, play) = mpsc::channel();
        let capture_tell = tell.clone();
        std::thread::spawn(move || {
            if let Err(why) = capture(source, &sound_tx, &play) {
                let _ = capture_tell.send(Told::Unavailable(why));
            }
        });
        if mode == Mode::Always {
            let _ = play_tx.send(());
        }
        std::thread::spawn(move || {
            let ears = Ears {
                input,
                tell,
                play: play_tx,
                mode,
                keep_audio,
                denoise,
                adapt,
                second_opinion,
            };
            hear_loop(&pack, &ears);
        });
        Listener {
            requests,
            told,
            waker,
        }
    }

    /// What rings the host when something was heard.
    pub fn waker(&self) -> &Waker {
        &self.waker
    }

    /// Hears what follows with `grammar`, the answers to a question in the
    /// position `key` names.
    pub fn expect(&self, grammar: Grammar, key: u64) {
        let _ = self.requests.send(Input::Request(Request::Expect(Expected {
            grammar,
            key,
            position: None,
        })));
    }

    /// Hears what follows with `grammar`, the grammar of `position`,
    /// which `key` names.
    pub fn expect_in(&self, grammar: Grammar, key: u64, position: shakmaty::Chess) {
        let _ = self.requests.send(Input::Request(Request::Expect(Expected {
            grammar,
            key,
            position: Some(position),
        })));
    }

    /// Turns listening on or off: what is said while off is not heard;
    /// turned off while someone speaks, what was said so far is heard.
    pub fn set_listening(&self, on: bool) {
        let _ = self.requests.send(Input::Request(Request::Listening(on)));
    }

    /// What the listener has to tell, if anything, without waiting.
    pub fn try_told(&self) -> Option<Told> {
        self.told.try_recv().ok()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        // The listening thread ends, and with it a file being played.
        let _ = self.requests.send(Input::Request(Request::Stop));
    }
}

/// The listening thread's ends of the channels, and how it listens.
struct Ears {
    /// Sound and the game's requests, in the order they came.
    input: Receiver<Input>,
    tell: Teller,
    /// Starts a file standing in for the microphone.
    play: Sender<()>,
    mode: Mode,
    keep_audio: Option<PathBuf>,
    denoise: Denoise,
    /// Whether the player's adaptation is used.
    adapt: bool,
    /// Whether Whisper is asked too, and where its model is.
    second_opinion: Option<Option<PathBuf>>,
}

/// What the recogniser is to hear next, and how: as the speaker speaks
/// while an utterance goes on, else whole.
fn hear_now(
    recogniser: &mut Recogniser,
    expected: &Expected,
    utterance: &[i16],
) -> Result<Hearing, super::HearingError> {
    if recogniser.is_hearing() {
        return recogniser.end(utterance);
    }
    match &expected.position {
        Some(position) => recogniser.hear_in(position, &expected.grammar, utterance),
        None => recogniser.hear(&expected.grammar, utterance),
    }
}

/// How much of the utterance going on is looked at for a voice before the
/// searches begin, and how often.
const VOICE_LOOKED_AT: usize = super::RATE as usize / 2;
const LOOK_EVERY: usize = super::RATE as usize / 10;
/// Voiced frames that begin the searches.
const VOICED_TO_BEGIN: usize = 3;

/// Feeds the utterance going on to the recogniser: from its start when it
/// has just begun (`fed` is how much it has had, or before it begins, how
/// much was looked at for a voice). The searches begin only once a voice
/// is heard: a cough fed to them would move the running mean of the sound
/// they keep from one utterance to the next, and the move said after it
/// would be heard worse.
fn hear_meanwhile(
    recogniser: &mut Recogniser,
    expected: &Expected,
    so_far: &[i16],
    fed: &mut usize,
) -> Result<(), super::HearingError> {
    if !recogniser.is_hearing() {
        if so_far.len() < *fed + LOOK_EVERY {
            return Ok(());
        }
        *fed = so_far.len();
        let recent = &so_far[so_far.len().saturating_sub(VOICE_LOOKED_AT)..];
        if !voiced_at_least(recent, VOICED_TO_BEGIN) {
            return Ok(());
        }
        recogniser.begin(expected.position.as_ref(), &expected.grammar)?;
        *fed = 0;
    }
    if let Some(new) = so_far.get(*fed..) {
        recogniser.feed(new)?;
        *fed = so_far.len();
    }
    Ok(())
}

/// Why Whisper, asked for, is not asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSecondOpinion {
    /// There is no home folder to find its model in.
    NoHome,
    /// The folder holds no model.
    Missing(PathBuf),
    /// The model in the folder cannot be read.
    Unreadable(PathBuf),
}

/// Loads Whisper from `folder` (none: there is no home folder to find it
/// in) to hear `language`, on the listening thread's side: the game's
/// thread is told only why not.
fn second_opinion_in(
    folder: Option<PathBuf>,
    language: &str,
) -> Result<SecondOpinion, NoSecondOpinion> {
    let dir = folder.ok_or(NoSecondOpinion::NoHome)?;
    SecondOpinion::load(&dir, language).map_err(|why| {
        log::warn!("the second opinion in {}: {why}", dir.display());
        match super::second_opinion::is_installed(&dir) {
            true => NoSecondOpinion::Unreadable(dir.clone()),
            false => NoSecondOpinion::Missing(dir.clone()),
        }
    })
}

fn hear_loop(pack: &VoicePack, ears: &Ears) {
    // Whisper loads beside the first recogniser, and listening starts
    // when both are there (about a second): every utterance is heard by
    // the same models. Sound that comes meanwhile waits in the channel.
    let opinion = ears.second_opinion.clone().map(|folder| {
        let language = pack.language.clone();
        std::thread::spawn(move || second_opinion_in(folder, &language))
    });
    let (mut recogniser, unadapted) = match super::adapt::recogniser_for(pack, ears.adapt) {
        Ok(loaded) => loaded,
        Err(e) => {
            let _ = ears.tell.send(Told::Unavailable(Unheard::from(&e)));
            return;
        }
    };
    recogniser.set_denoise(ears.denoise);
    match opinion.map(std::thread::JoinHandle::join) {
        None => {}
        Some(Ok(Ok(opinion))) => recogniser.set_second_opinion(Some(opinion)),
        Some(Ok(Err(why))) => {
            let _ = ears.tell.send(Told::WithoutSecondOpinion(why));
        }
        Some(Err(_)) => {
            // The loading thread died: the model cannot be read.
            let why = match ears.second_opinion.clone().flatten() {
                Some(dir) => NoSecondOpinion::Unreadable(dir),
                None => NoSecondOpinion::NoHome,
            };
            let _ = ears.tell.send(Told::WithoutSecondOpinion(why));
        }
    }
    let _ = ears.tell.send(Told::Ready { unadapted });
    let mut vad = VoiceActivity::new(Settings::default());
    let mut sixteen = Sixteen::new(super::RATE);
    let mut fed = 0;
    let mut grammar: Option<Expected> = None;
    let mut listening = ears.mode == Mode::Always;
    // The channel outlives the game only while the sound source holds it.
    while let Ok(input) = ears.input.recv() {
        let mut finished: Vec<Vec<i16>> = Vec::new();
        match input {
            Input::Request(request) => match request {
                Request::Expect(expected) => {
                    // Another position: what is being said is heard
                    // again from its start against the new grammar.
                    recogniser.let_go();
                    grammar = Some(expected);
                }
                Request::Listening(true) => {
                    if !listening {
                        let _ = ears.play.send(());
                    }
                    listening = true;
                }
                Request::Listening(false) => {
                    // The key again: what was said so far is heard now.
                    if let Some(spoken) = vad.finish() {
                        finished.push(spoken);
                    }
                    listening = false;
                }
                Request::Stop => return,
            },

            Input::Sound(chunk) if listening => {
                let samples = sixteen.push(&chunk);
                for spoken in vad.feed(&samples) {
                    finished.push(spoken);
                    if ears.mode == Mode::Push {
                        // One utterance for each push.
                        listening = false;
                        let _ = vad.finish();
                        break;
                    }
                }
            }
            // Kept as the lead of what is said when listening starts: a
            // word begun as the listening key goes down is not cut.
            Input::Sound(chunk) => vad.overhear(&sixteen.push(&chunk)),
        }
        if !finished.is_empty() {
            // What was fed or looked at belonged to the utterance ended.
            fed = 0;
        }
        for utterance in finished {
            let ended = Instant::now();
            let Some(expected) = &grammar else {
                recogniser.let_go();
                continue;
            };
            if let Some(dir) = &ears.keep_audio {
                let _ = keep(dir, &utterance);
            }
            let told = match hear_now(&mut recogniser, expected, &utterance) {
                Ok(hearing) => Told::Heard(Box::new(SpokenPhrase {
                    ended,
                    key: expected.key,
                    grammar: expected.grammar.clone(),
                    hearing,
                })),
                Err(e) => Told::Unavailable(Unheard::from(&e)),
            };
            let gone = matches!(told, Told::Unavailable(_));
            if !ears.tell.send(told) || gone {
                return;
            }
        }
        match (vad.so_far(), &grammar) {
            (Some(so_far), Some(expected)) if listening => {
                if let Err(e) = hear_meanwhile(&mut recogniser, expected, so_far, &mut fed) {
                    let _ = ears.tell.send(Told::Unavailable(Unheard::from(&e)));
                    return;
                }
            }
            _ => {
                recogniser.let_go();
                fed = 0;
            }
        }
    }
}
