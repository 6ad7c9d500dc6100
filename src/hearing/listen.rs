//! Listening in a game: sound from the microphone (or a file standing in
//! for it), cut into utterances where the speaker pauses, each heard on a
//! thread of its own against the grammar of the position it was said in.

use std::path::{Path, PathBuf};

use zweibrett_core::wav::Sound;

use super::RATE;

/// Writes `samples` as a WAV file in `dir`, named by the time, for a bug
/// report (`--keep-audio`); returns its path.
pub fn keep(dir: &Path, samples: &[i16]) -> std::io::Result<PathBuf> {
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

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample};
use zweibrett_core::hearing::Grammar;
use zweibrett_core::hearing::voice_activity::{Settings, VoiceActivity};
use zweibrett_core::notation::VoicePack;

use super::{Hearing, Recogniser};
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
}

impl ListenPlan {
    /// Starts listening for `pack`'s words.
    pub fn start(&self, pack: &VoicePack) -> Listener {
        Listener::start(
            pack.clone(),
            self.source.clone(),
            self.mode,
            self.keep_audio.clone(),
        )
    }
}

/// What the listener tells the game.
#[derive(Debug)]
pub enum Told {
    /// The recogniser is loaded and the sound is coming in.
    Ready,
    /// Listening cannot work: why, to be said once.
    Unavailable(String),
    /// An utterance was heard.
    Heard(SpokenPhrase),
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

enum Request {
    Expect(Expected),
    Listening(bool),
}

/// What the next utterances are heard against.
struct Expected {
    grammar: Grammar,
    /// The position's key.
    key: u64,
    /// The position, when the grammar is its own rather than a
    /// question's: the moves not legal there are listened for too, and a
    /// move is taken from part of what was said only in silence.
    position: Option<shakmaty::Chess>,
}

/// Sound as it comes from the source: samples at a rate.
struct Chunk {
    rate: u32,
    samples: Vec<f32>,
}

/// A listener on threads of its own: the sound source, and the
/// recogniser, which decodes each utterance as soon as its speaker stops.
pub struct Listener {
    requests: Sender<Request>,
    told: Receiver<Told>,
    waker: Waker,
}

/// The listener's threads' end of what they tell the game, ringing the
/// host after each.
type Teller = Ringing<Told>;

impl Listener {
    /// Starts listening for `pack`'s words; nothing is heard until a
    /// grammar is given with [`Listener::expect`].
    pub fn start(
        pack: VoicePack,
        source: Source,
        mode: Mode,
        keep_audio: Option<PathBuf>,
    ) -> Listener {
        let (requests, requested) = mpsc::channel();
        let (tell, told) = mpsc::channel();
        let waker = Waker::default();
        let tell = Ringing::new(tell, &waker, WakeSource::Listener);
        let (sound_tx, sound) = mpsc::channel();
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
                sound,
                requested,
                tell,
                play: play_tx,
                mode,
                keep_audio,
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
        let _ = self.requests.send(Request::Expect(Expected {
            grammar,
            key,
            position: None,
        }));
    }

    /// Hears what follows with `grammar`, the grammar of `position`,
    /// which `key` names.
    pub fn expect_in(&self, grammar: Grammar, key: u64, position: shakmaty::Chess) {
        let _ = self.requests.send(Request::Expect(Expected {
            grammar,
            key,
            position: Some(position),
        }));
    }

    /// Turns listening on or off: what is said while off is not heard;
    /// turned off while someone speaks, what was said so far is heard.
    pub fn set_listening(&self, on: bool) {
        let _ = self.requests.send(Request::Listening(on));
    }

    /// What the listener has to tell, if anything, without waiting.
    pub fn try_told(&self) -> Option<Told> {
        self.told.try_recv().ok()
    }
}

/// The listening thread's ends of the channels, and how it listens.
struct Ears {
    sound: Receiver<Chunk>,
    requested: Receiver<Request>,
    tell: Teller,
    /// Starts a file standing in for the microphone.
    play: Sender<()>,
    mode: Mode,
    keep_audio: Option<PathBuf>,
}

/// The sound as it came, and the detector of speech over it.
struct Heard16 {
    vad: VoiceActivity,
    /// The sound at its own rate, the last 30 s at most.
    raw: Vec<f32>,
    rate: u32,
}

impl Heard16 {
    /// The last `spoken` samples at 16 kHz, converted whole from the sound
    /// as it came.
    fn utterance(&self, spoken: usize) -> Vec<i16> {
        let span = (spoken as u64 * u64::from(self.rate) / u64::from(super::RATE)) as usize;
        let start = self.raw.len().saturating_sub(span);
        super::samples_of(&Sound {
            rate: self.rate,
            samples: self.raw[start..].to_vec(),
        })
    }
}

fn hear_loop(pack: &VoicePack, ears: &Ears) {
    let mut recogniser = match Recogniser::for_pack(pack) {
        Ok(r) => r,
        Err(e) => {
            let _ = ears.tell.send(Told::Unavailable(e.to_string()));
            return;
        }
    };
    let _ = ears.tell.send(Told::Ready);
    let mut heard = Heard16 {
        vad: VoiceActivity::new(Settings::default()),
        raw: Vec::new(),
        rate: super::RATE,
    };
    let mut grammar: Option<Expected> = None;
    let mut listening = ears.mode == Mode::Always;
    loop {
        let mut finished: Vec<Vec<i16>> = Vec::new();
        while let Ok(request) = ears.requested.try_recv() {
            match request {
                Request::Expect(expected) => grammar = Some(expected),
                Request::Listening(true) => {
                    if !listening {
                        heard.raw.clear();
                        let _ = ears.play.send(());
                    }
                    listening = true;
                }
                Request::Listening(false) => {
                    // The key again: what was said so far is heard now.
                    if let Some(spoken) = heard.vad.finish() {
                        finished.push(heard.utterance(spoken.len()));
                    }
                    listening = false;
                }
            }
        }
        match ears.sound.recv_timeout(Duration::from_millis(20)) {
            Ok(chunk) if listening => {
                // The detector hears a quick conversion; the recogniser
                // gets the utterance converted whole from the sound as it
                // came.
                let quick = Sound {
                    rate: chunk.rate,
                    samples: chunk.samples,
                };
                let samples = super::in_sixteen_bits(&quick.resampled(super::RATE).samples);
                heard.raw.extend_from_slice(&quick.samples);
                heard.rate = quick.rate;
                let most = quick.rate as usize * 30;
                if heard.raw.len() > most {
                    heard.raw.drain(..heard.raw.len() - most);
                }
                for spoken in heard.vad.feed(&samples) {
                    finished.push(heard.utterance(spoken.len()));
                    if ears.mode == Mode::Push {
                        // One utterance for each push.
                        listening = false;
                        let _ = heard.vad.finish();
                        break;
                    }
                }
            }
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return,
        }
        for utterance in finished {
            let ended = Instant::now();
            let Some(expected) = &grammar else { continue };
            if let Some(dir) = &ears.keep_audio {
                let _ = keep(dir, &utterance);
            }
            let hearing = match &expected.position {
                Some(position) => recogniser.hear_in(position, &expected.grammar, &utterance),
                None => recogniser.hear(&expected.grammar, &utterance),
            };
            let told = match hearing {
                Ok(hearing) => Told::Heard(SpokenPhrase {
                    ended,
                    key: expected.key,
                    grammar: expected.grammar.clone(),
                    hearing,
                }),
                Err(e) => Told::Unavailable(e.to_string()),
            };
            let gone = matches!(told, Told::Unavailable(_));
            if !ears.tell.send(told) || gone {
                return;
            }
        }
    }
}

/// Feeds `sound` from `source` until the listener is gone.
fn capture(source: Source, sound: &Sender<Chunk>, play: &Receiver<()>) -> Result<(), String> {
    match source {
        Source::File(path) => {
            let recorded = super::recording::read(&path)?;
            // Played from its start each time listening starts (at once
            // when always listening), as if said then.
            while play.recv().is_ok() {
                while play.try_recv().is_ok() {}
                if !play_file(&recorded, sound) {
                    break;
                }
            }
            Ok(())
        }
        Source::Microphone => microphone(sound.clone()),
    }
}

/// Plays `recorded` into `sound` at its pace, 10 ms at a time, then 3 s
/// of silence; false when the listener is gone.
fn play_file(recorded: &Sound, sound: &Sender<Chunk>) -> bool {
    let step = (recorded.rate / 100).max(1) as usize;
    let started = Instant::now();
    let silence = vec![0.0; step];
    for (i, piece) in recorded
        .samples
        .chunks(step)
        .chain(std::iter::repeat_n(silence.as_slice(), 300))
        .enumerate()
    {
        let due = started + Duration::from_millis(10 * i as u64);
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
        let chunk = Chunk {
            rate: recorded.rate,
            samples: piece.to_vec(),
        };
        if sound.send(chunk).is_err() {
            return false;
        }
    }
    true
}

fn microphone(sound: Sender<Chunk>) -> Result<(), String> {
    let host = cpal::default_host();
    let device = host
        .default_input_device()
        .ok_or("no microphone (no input device)")?;
    let supported = device
        .default_input_config()
        .map_err(|e| format!("microphone: {e}"))?;
    let config = supported.config();
    let stream = match supported.sample_format() {
        SampleFormat::F32 => input::<f32>(&device, &config, sound),
        SampleFormat::I16 => input::<i16>(&device, &config, sound),
        SampleFormat::I32 => input::<i32>(&device, &config, sound),
        SampleFormat::U16 => input::<u16>(&device, &config, sound),
        other => Err(format!("microphone: unsupported format {other:?}")),
    }?;
    stream.play().map_err(|e| format!("microphone: {e}"))?;
    // The stream lives on this thread, which has nothing else to do.
    loop {
        std::thread::park();
    }
}

fn input<T: SizedSample>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    sound: Sender<Chunk>,
) -> Result<cpal::Stream, String>
where
    f32: FromSample<T>,
{
    let channels = usize::from(config.channels.max(1));
    let rate = config.sample_rate;
    device
        .build_input_stream(
            *config,
            move |data: &[T], _| {
                let samples = data
                    .chunks(channels)
                    .map(|frame| {
                        frame.iter().map(|s| s.to_sample::<f32>()).sum::<f32>() / channels as f32
                    })
                    .collect();
                let _ = sound.send(Chunk { rate, samples });
            },
            |_| {},
            None,
        )
        .map_err(|e| format!("microphone: {e}"))
}
