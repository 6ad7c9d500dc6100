//! The speech output: a thread that owns the voices and the sound device,
//! fed through a channel, plus the text feed that receives every
//! announcement as it is handed over.
//!
//! ```no_run
//! use zweibrett_core::notation::VoicePack;
//! use zweibrett::speech::{Announce, Priority, SpeechOutput, SpeechSettings, Utterance};
//!
//! let (speech, text) = SpeechOutput::start(SpeechSettings::default(), &VoicePack::fide());
//! speech.announce(Utterance::new("Springer Gustav eins Felix drei", Priority::Move));
//! for utterance in text.try_iter() {
//!     println!("{}", utterance.text); // the UI log, or plain mode's stdout
//! }
//! ```

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::audio::Player;
use super::clips::ClipVoice;
use super::nudge::Nudge;
use super::queue::{Scheduler, Sink};
use super::retry::{FIRST_RETRY, LONGEST_RETRY, Retry, SETTLED};
use super::settings::{Backend, SpeechSettings};
use super::system::SystemVoice;
use super::voice::Voice;
pub use super::voice::render;
use super::{
    Announce, Earcon, Finished, Priority, Utterance, VoiceChange, VoiceLevel, VoiceNotice,
};
use crate::notation::VoicePack;
use crate::notation::pack::{Sentences, SpeechSentence};
use crate::session::wake::{Source as WakeSource, Waker};

/// Why nothing sounds when speech is switched off.
pub(crate) const SWITCHED_OFF: &str = "speech is switched off";
/// Why nothing sounds when the user's screen reader speaks instead.
pub(crate) const LEFT_TO_READER: &str = "the screen reader speaks";

/// Which voice is speaking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActiveVoice {
    /// The system engine is being connected or set up; the built-in voice
    /// speaks meanwhile.
    Starting,
    /// The system engine, by its own names for itself and its voice
    /// ("speech-dispatcher, de-DE"); [`ActiveVoice::system_named`] says
    /// it in the pack's words.
    System(String),
    /// The built-in clip voice; why the system engine is not speaking, when
    /// it was asked for.
    Builtin(Option<String>),
    /// Nothing sounds; the reason is given.
    Silent(String),
}

impl ActiveVoice {
    /// The system voice `engine` in `pack`'s words: "the system speech
    /// engine (speech-dispatcher, de-DE)".
    pub fn system_named(engine: &str, pack: &VoicePack) -> String {
        pack.speech_sentences()
            .say(SpeechSentence::SystemVoice, &[("engine", engine)])
    }
}

enum Command {
    /// An utterance and the instant it was handed over.
    Say(Utterance, Instant),
    /// Answer at once with how long what remains should take to say, then
    /// again once nothing is said and nothing waits.
    Flush(Sender<Progress>),
    Monitor(Sender<Instant>),
    /// Send the moment nothing is said and nothing waits, and ring.
    WhenQuiet(Sender<Instant>),
    /// The user has left: drop what waits (see [`Scheduler::hush`]).
    Hush,
    /// Speak at this rate and volume from the next utterance on.
    Level(VoiceLevel),
    /// The engine or the sound device reported something (see [`Nudge`]).
    Changed,
    /// The output is dropped: let the last words finish and end.
    End,
}

/// How long after a time limit the speech thread looks: a limit is over
/// once the moment is passed, not at it.
const PAST_DUE: Duration = Duration::from_millis(1);

/// Which voice speaks, as the speech thread makes it known; whoever waits
/// for the voice to be settled is woken when it changes.
struct Known {
    voice: Mutex<ActiveVoice>,
    changed: Condvar,
}

impl Known {
    fn new() -> Known {
        Known {
            voice: Mutex::new(ActiveVoice::Starting),
            changed: Condvar::new(),
        }
    }

    fn get(&self) -> ActiveVoice {
        lock(&self.voice).clone()
    }

    fn set(&self, voice: ActiveVoice) {
        let mut known = lock(&self.voice);
        if *known != voice {
            *known = voice;
            self.changed.notify_all();
        }
    }

    /// The voice once it is no longer starting, or as it is after `timeout`.
    fn settled_within(&self, timeout: Duration) -> ActiveVoice {
        let known = lock(&self.voice);
        let (known, _) = self
            .changed
            .wait_timeout_while(known, timeout, |voice| *voice == ActiveVoice::Starting)
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        known.clone()
    }
}

/// What the speech thread answers a flush with.
enum Progress {
    /// What remains to be said should take about this long.
    Remaining(Duration),
    /// Nothing is said and nothing waits.
    Quiet,
}

/// Time allowed beyond the length of what remains to be said: the voice
/// may start late, and a system engine's speaking rate is only estimated.
const FINISH_MARGIN: Duration = Duration::from_secs(2);

/// The speech output; announcing never waits. Dropping it stops the speech
/// thread after what is being played has left the device.
pub struct SpeechOutput {
    commands: Sender<Command>,
    text: Sender<Utterance>,
    active: Arc<Known>,
    done: Receiver<()>,
    notices: Receiver<VoiceNotice>,
    /// For the notice that speech was cut at the end, with its text.
    cut: (Sender<VoiceNotice>, String),
    /// Rung after each notice about the voice.
    waker: Waker,
    /// The rate and volume asked for last.
    level: Mutex<VoiceLevel>,
}

/// Every announcement as text, in the order it was handed over; the UI log
/// and plain mode's stdout read it.
pub struct TextFeed {
    receiver: Receiver<Utterance>,
}

impl TextFeed {
    /// The announcements that have arrived, without waiting.
    pub fn try_iter(&self) -> impl Iterator<Item = Utterance> + '_ {
        self.receiver.try_iter()
    }

    /// The next announcement, waiting at most `timeout`.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Utterance> {
        self.receiver.recv_timeout(timeout).ok()
    }
}

impl SpeechOutput {
    /// Starts the speech thread with these settings, speaking the words of
    /// `pack`. Returns at once: the system engine is connected on the
    /// thread, and the built-in voice takes over if it does not answer.
    pub fn start(settings: SpeechSettings, pack: &VoicePack) -> (SpeechOutput, TextFeed) {
        let (commands, command_rx) = mpsc::channel();
        let (text, receiver) = mpsc::channel();
        let (done_tx, done) = mpsc::channel();
        let (notice_tx, notices) = mpsc::channel();
        let active = Arc::new(Known::new());
        let thread_active = Arc::clone(&active);
        let nudge = {
            let commands = commands.clone();
            Nudge::new(move || {
                let _ = commands.send(Command::Changed);
            })
        };
        let cut = (
            notice_tx.clone(),
            pack.speech_sentences().say(SpeechSentence::SpeechCut, &[]),
        );
        let waker = Waker::default();
        let level = Mutex::new(settings.level());
        let context = Context {
            settings,
            pack: Arc::new(pack.clone()),
            sentences: pack.speech_sentences().clone(),
            notices: notice_tx,
            waker: waker.clone(),
        };
        let spawned = std::thread::Builder::new()
            .name("zweibrett-speech".into())
            .spawn(move || {
                let mut context = context;
                run(&mut context, (command_rx, nudge), &thread_active);
                let _ = done_tx.send(());
            });
        if let Err(e) = spawned {
            active.set(ActiveVoice::Silent(format!("no speech thread: {e}")));
        }
        (
            SpeechOutput {
                commands,
                text,
                active,
                done,
                notices,
                cut,
                waker,
                level,
            },
            TextFeed { receiver },
        )
    }

    /// Which voice speaks now.
    pub fn active_voice(&self) -> ActiveVoice {
        self.active.get()
    }

    /// Waits until the voice is settled (the system engine set up, or given
    /// up for the built-in voice), at most `timeout`; returns the voice.
    /// Announcing need not wait for this: meanwhile the built-in voice
    /// speaks.
    pub fn wait_until_ready(&self, timeout: Duration) -> ActiveVoice {
        self.active.settled_within(timeout)
    }

    /// Waits until everything announced so far has been said (or dropped),
    /// at most `timeout`; false if it took longer.
    pub fn wait_until_quiet(&self, timeout: Duration) -> bool {
        let (tx, rx) = mpsc::channel();
        if self.commands.send(Command::Flush(tx)).is_err() {
            return false;
        }
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(Progress::Quiet) => return true,
                Ok(Progress::Remaining(_)) => {}
                Err(_) => return false,
            }
        }
    }

    /// Lets what has been announced be said before the program ends, and
    /// waits no longer than that needs: not at all when nothing sounds
    /// (speech switched off, or no sound device), otherwise until nothing
    /// is said and nothing waits, at most the length of the utterances
    /// still to say plus a margin, and never more than `max`. True when
    /// everything was said.
    pub fn finish(&self, max: Duration) -> bool {
        let started = Instant::now();
        let (tx, rx) = mpsc::channel();
        if self.commands.send(Command::Flush(tx)).is_err() {
            return true;
        }
        match rx.recv_timeout(max) {
            Ok(Progress::Quiet) => true,
            Ok(Progress::Remaining(left)) => {
                let bound = (left + FINISH_MARGIN).min(max.saturating_sub(started.elapsed()));
                matches!(rx.recv_timeout(bound), Ok(Progress::Quiet))
            }
            Err(_) => false,
        }
    }

    /// Lets what has been announced be said before the program ends
    /// (see [`SpeechOutput::finish`]), allowing as long as what is left
    /// should take plus a margin, at most a minute. When time runs out,
    /// a notice says that speech was cut.
    pub fn finish_all(&self) -> Finished {
        if self.finish(Duration::from_secs(60)) {
            return Finished::Said;
        }
        let (notices, text) = &self.cut;
        let _ = notices.send(VoiceNotice {
            text: text.clone(),
            detail: String::new(),
            spoken: false,
        });
        Finished::Cut
    }

    /// What the program said about its own voice since last asked.
    pub fn take_notices(&self) -> Vec<VoiceNotice> {
        self.notices.try_iter().collect()
    }

    /// The instant the first sample of each following sound is handed to
    /// the device, for measuring latency.
    pub fn audio_starts(&self) -> Receiver<Instant> {
        let (tx, rx) = mpsc::channel();
        let _ = self.commands.send(Command::Monitor(tx));
        rx
    }
}

impl Announce for SpeechOutput {
    fn announce(&self, utterance: Utterance) {
        let _ = self.text.send(utterance.clone());
        // The instant of hand-over, not of arrival on the speech thread:
        // the lines of one reply stay together even while it is busy.
        let _ = self.commands.send(Command::Say(utterance, Instant::now()));
    }

    fn voice_notices(&self) -> Vec<VoiceNotice> {
        self.take_notices()
    }

    fn waker(&self) -> Option<&Waker> {
        Some(&self.waker)
    }

    fn finish_speaking(&self) -> Finished {
        self.finish_all()
    }

    fn hush(&self) {
        let _ = self.commands.send(Command::Hush);
    }

    fn adjust(&self, change: VoiceChange) -> Option<VoiceLevel> {
        if matches!(self.active_voice(), ActiveVoice::Silent(_)) {
            return None;
        }
        let mut level = lock(&self.level);
        *level = level.changed(change);
        self.commands.send(Command::Level(*level)).ok()?;
        Some(*level)
    }

    fn when_quiet(&self) -> Option<Receiver<Instant>> {
        let (tx, rx) = mpsc::channel();
        self.commands.send(Command::WhenQuiet(tx)).ok().map(|()| rx)
    }
}

impl Drop for SpeechOutput {
    fn drop(&mut self) {
        // The thread lets the last words finish and closes the device;
        // give it a moment for that, but never hang on it.
        let _ = self.commands.send(Command::End);
        let _ = self.done.recv_timeout(Duration::from_secs(2));
    }
}

/// What the speech thread needs besides its commands.
struct Context {
    settings: SpeechSettings,
    /// The pack: its words for the built-in voice, its language for the
    /// system voice, whose `[pronounce]` table the engine reads by.
    pack: Arc<VoicePack>,
    sentences: Sentences<SpeechSentence>,
    notices: Sender<VoiceNotice>,
    waker: Waker,
}

impl Context {
    /// Says and shows a notice about the voice: said first, before what
    /// was being said when it happened, by the voice that now speaks.
    fn tell(
        &self,
        key: SpeechSentence,
        detail: String,
        scheduler: &mut Scheduler,
        voice: &mut Voice,
    ) {
        let text = self.sentences.say(key, &[]);
        let spoken = !matches!(voice, Voice::Silent);
        if spoken {
            let utterance = Utterance::new(text.clone(), Priority::Urgent);
            scheduler.offer(utterance, Instant::now(), voice);
        }
        let _ = self.notices.send(VoiceNotice {
            text,
            detail,
            spoken,
        });
        self.waker.wake(WakeSource::Voice);
    }

    /// Tells that the voice asked for is given up for `voice`; why, as
    /// `active` has it.
    fn tell_fallback(
        &self,
        active: &Mutex<ActiveVoice>,
        scheduler: &mut Scheduler,
        voice: &mut Voice,
    ) {
        let (key, detail) = match &*lock(active) {
            ActiveVoice::Silent(why) => (SpeechSentence::SpeechLost, why.clone()),
            ActiveVoice::Builtin(why) => (
                SpeechSentence::SystemVoiceGone,
                why.clone().unwrap_or_default(),
            ),
            _ => (SpeechSentence::SystemVoiceGone, String::new()),
        };
        self.tell(key, detail, scheduler, voice);
    }
}

/// The speech thread.
fn run(context: &mut Context, (commands, nudge): (Receiver<Command>, Nudge), active: &Known) {
    let backend = context.settings.backend;
    let mut scheduler = Scheduler::new(context.settings.routine_max_age());
    // The voice settled on is made known only once its notice is out, so
    // that whoever waits for the voice finds the notice too.
    let settled = Mutex::new(ActiveVoice::Starting);
    let (mut voice, fell_back) = open_voice(context, &settled);
    voice.nudge_with(&nudge);
    let mut retry = None;
    let mut retry_wait = FIRST_RETRY;
    // When the system voice was last taken back.
    let mut back_since: Option<Instant> = None;
    match fell_back {
        Some(pending) => {
            if matches!(backend, Backend::System | Backend::Auto) {
                retry = Some(Retry::new(pending, retry_wait, Instant::now()).nudged_by(&nudge));
            }
            context.tell_fallback(&settled, &mut scheduler, &mut voice);
            active.set(lock(&settled).clone());
        }
        None => active.set(match voice {
            Voice::System { .. } => ActiveVoice::Starting,
            _ => lock(&settled).clone(),
        }),
    }
    let mut waiting: Vec<Sender<Progress>> = Vec::new();
    let mut quiet_waiters: Vec<Sender<Instant>> = Vec::new();
    // When the voices were last looked at: a limit that had run out by
    // then has been seen to.
    let mut looked = Instant::now();
    loop {
        // Whoever waits for the voice learns it is set up before the
        // speech thread waits for its next command.
        publish(&voice, active);
        // The voices ring when they have something to say (the nudge);
        // otherwise nothing changes before the next time limit.
        // The system voice is tried again only between two utterances.
        let resting = scheduler.is_idle().then(|| voice.rest_due()).flatten();
        let trying = retry
            .as_ref()
            .filter(|_| scheduler.speaking().is_none())
            .map(Retry::due);
        let due = [voice.due(), scheduler.due(), trying, resting]
            .into_iter()
            .flatten()
            .filter(|due| *due + PAST_DUE > looked)
            .min();
        let received = match due {
            Some(at) => {
                commands.recv_timeout(at.saturating_duration_since(Instant::now()) + PAST_DUE)
            }
            None => commands.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok(Command::Say(utterance, at)) => scheduler.offer(utterance, at, &mut voice),
            Ok(Command::Flush(tx)) => {
                let left = scheduler
                    .speaking()
                    .into_iter()
                    .chain(scheduler.pending())
                    .map(|u| voice.length(u))
                    .sum();
                let _ = tx.send(Progress::Remaining(left));
                waiting.push(tx);
            }
            Ok(Command::Monitor(tx)) => voice.set_monitor(tx),
            Ok(Command::WhenQuiet(tx)) => quiet_waiters.push(tx),
            Ok(Command::Hush) => scheduler.hush(Instant::now(), &mut voice),
            Ok(Command::Level(level)) => {
                // A voice set up again after a failure speaks at it too.
                context.settings.set_level(level);
                voice.set_level(level);
            }
            Ok(Command::Changed) | Err(RecvTimeoutError::Timeout) => {}
            Ok(Command::End) | Err(RecvTimeoutError::Disconnected) => break,
        }
        let now = Instant::now();
        looked = now;
        if voice.failed() {
            let reason = context.sentences.say(SpeechSentence::EngineStopped, &[]);
            // Close the sound device before opening it again.
            drop(std::mem::replace(&mut voice, Voice::Silent));
            let settled = Mutex::new(ActiveVoice::Starting);
            voice = fallback(context, reason, &settled);
            voice.nudge_with(&nudge);
            // Back and failed again at once: wait longer before the next try.
            retry_wait = match back_since {
                Some(at) if now.saturating_duration_since(at) < SETTLED => {
                    (retry_wait * 2).min(LONGEST_RETRY)
                }
                _ => FIRST_RETRY,
            };
            retry = Some(Retry::new(None, retry_wait, now).nudged_by(&nudge));
            scheduler.restart(&mut voice);
            context.tell_fallback(&settled, &mut scheduler, &mut voice);
            active.set(lock(&settled).clone());
        }
        // Taken back between two utterances, never in the middle of one.
        if let Some(trying) = &mut retry
            && !voice.busy()
            && let Some(engine) = trying.poll(&context.settings, &context.pack.language, now)
        {
            retry = None;
            back_since = Some(now);
            voice = take_back(
                context,
                engine,
                std::mem::replace(&mut voice, Voice::Silent),
            );
            voice.nudge_with(&nudge);
            if let Voice::System { engine, .. } = &voice {
                active.set(ActiveVoice::System(engine.name()));
            }
            context.tell(
                SpeechSentence::SystemVoiceBack,
                String::new(),
                &mut scheduler,
                &mut voice,
            );
        }
        scheduler.tick(Instant::now(), &mut voice);
        publish(&voice, active);
        if scheduler.is_idle() {
            voice.rest();
            for tx in waiting.drain(..) {
                let _ = tx.send(Progress::Quiet);
            }
            if !quiet_waiters.is_empty() {
                let now = Instant::now();
                for tx in quiet_waiters.drain(..) {
                    let _ = tx.send(now);
                }
                context.waker.wake(WakeSource::Voice);
            }
        }
    }
    // Let the last words finish before the device closes: the voice
    // rings when they are over.
    let until = Instant::now() + Duration::from_millis(1500);
    while voice.busy() {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero()
            || matches!(
                commands.recv_timeout(left),
                Err(RecvTimeoutError::Disconnected)
            )
        {
            break;
        }
    }
}

/// Makes known whether the system voice is set up.
fn publish(voice: &Voice, active: &Known) {
    if let Voice::System { engine, .. } = voice {
        active.set(if engine.ready() {
            ActiveVoice::System(engine.name())
        } else {
            ActiveVoice::Starting
        });
    }
}

/// The system voice taken back from `old`, keeping its sound device for
/// the earcons.
fn take_back(context: &Context, engine: SystemVoice, old: Voice) -> Voice {
    let (player, clips) = match old {
        Voice::Builtin { player, clips, .. } => (Some(player), clips),
        other => {
            drop(other);
            (Player::open().ok(), clip_voice(&context.pack))
        }
    };
    Voice::System {
        engine,
        player,
        clips,
        settings: context.settings.clone(),
        after_earcon: None,
        pack: Arc::clone(&context.pack),
    }
}

/// The voice to start with; when the voice asked for cannot be had,
/// also `Some`, with a connection to the system voice still being made.
fn open_voice(
    context: &Context,
    active: &Mutex<ActiveVoice>,
) -> (Voice, Option<Option<SystemVoice>>) {
    let settings = &context.settings;
    match settings.backend {
        Backend::None => {
            *lock(active) = ActiveVoice::Silent(SWITCHED_OFF.into());
            (Voice::Silent, None)
        }
        Backend::Reader => {
            *lock(active) = ActiveVoice::Silent(LEFT_TO_READER.into());
            (Voice::Silent, None)
        }
        Backend::Builtin => {
            let voice = fallback(context, String::new(), active);
            let lost = matches!(voice, Voice::Silent);
            (voice, lost.then_some(None))
        }
        Backend::System | Backend::Auto => {
            match SystemVoice::connect(settings, &context.pack.language) {
                Ok(engine) => (
                    Voice::System {
                        engine,
                        player: Player::open().ok(),
                        clips: clip_voice(&context.pack),
                        settings: settings.clone(),
                        after_earcon: None,
                        pack: Arc::clone(&context.pack),
                    },
                    None,
                ),
                Err((reason, pending)) => {
                    let voice = fallback(context, reason.say(&context.pack), active);
                    (voice, Some(pending))
                }
            }
        }
    }
}

/// The built-in voice, or silence when there is no sound device.
fn fallback(context: &Context, reason: String, active: &Mutex<ActiveVoice>) -> Voice {
    match Voice::builtin(&context.settings, &context.pack) {
        Ok(voice) => {
            *lock(active) = ActiveVoice::Builtin((!reason.is_empty()).then_some(reason));
            voice
        }
        Err(e) => {
            let e = e.say(&context.pack);
            let why = if reason.is_empty() {
                e
            } else {
                format!("{reason}; {e}")
            };
            *lock(active) = ActiveVoice::Silent(why);
            Voice::Silent
        }
    }
}

/// The built-in voice for a pack. The words it has no clip for, and the
/// user's recordings it does not use, are said on stderr, once: it leaves
/// the words out.
pub(super) fn clip_voice(pack: &VoicePack) -> ClipVoice {
    let clips = ClipVoice::for_pack(pack);
    static TOLD: std::sync::Once = std::sync::Once::new();
    let missing = clips.missing_words(pack);
    if !missing.is_empty() || !clips.rejected().is_empty() {
        TOLD.call_once(|| {
            // A recording not used is said first: its word may be among
            // the missing.
            for rejected in clips.rejected() {
                eprintln!("note: {rejected}");
            }
            if !missing.is_empty() {
                eprintln!("note: {}", missing_note(pack, &missing));
            }
        });
    }
    clips
}

/// What is said of the words of a pack the built-in voice has no clip for.
pub(crate) fn missing_note(pack: &VoicePack, missing: &[String]) -> String {
    let quoted: Vec<String> = missing.iter().map(|w| format!("\"{w}\"")).collect();
    format!(
        "the built-in voice leaves out {} of {} that it has no recording of: {}",
        match missing.len() {
            1 => "1 word".to_string(),
            n => format!("{n} words"),
        },
        pack.source_name(),
        quoted.join(", ")
    )
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The earcon for a name given on the command line.
pub(crate) fn earcon_named(name: &str) -> Option<Earcon> {
    Earcon::ALL.into_iter().find(|e| e.name() == name)
}
