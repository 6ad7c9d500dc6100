//! Where the sound comes from (the microphone through cpal, or a file
//! played at its pace), and the sound made 16 kHz as it comes.

use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};
use cpal::{FromSample, SampleFormat, SizedSample};
use rubato::{FftFixedInOut, Resampler};
use zweibrett_core::hearing::voice_activity::{Settings, VoiceActivity};
use zweibrett_core::wav::Sound;

use super::listen::{Input, Source};
use super::{RATE, Unheard};

/// Sound as it comes from the source: samples at a rate.
pub(super) struct Chunk {
    pub(super) rate: u32,
    pub(super) samples: Vec<f32>,
}

/// Sound at the source's rate made 16 kHz as it comes, block by block
/// without seams, low-passed against folding: what the detector of
/// speech and the recogniser both hear, so that the searches can be fed
/// while the player speaks.
pub(super) struct Sixteen {
    rate: u32,
    resampler: Option<FftFixedInOut<f32>>,
    /// Samples not yet a whole block.
    pending: Vec<f32>,
}

impl Sixteen {
    pub(super) fn new(rate: u32) -> Sixteen {
        let resampler = (rate != RATE && rate > 0)
            .then(|| {
                FftFixedInOut::<f32>::new(
                    rate as usize,
                    RATE as usize,
                    (rate as usize / 100).max(1),
                    1,
                )
                .ok()
            })
            .flatten();
        Sixteen {
            rate,
            resampler,
            pending: Vec::new(),
        }
    }

    /// `chunk` at 16 kHz, as far as whole blocks go.
    pub(super) fn push(&mut self, chunk: &Chunk) -> Vec<i16> {
        if chunk.rate != self.rate {
            *self = Sixteen::new(chunk.rate);
        }
        let Some(resampler) = &mut self.resampler else {
            if self.rate == RATE {
                return super::in_sixteen_bits(&chunk.samples);
            }
            // A rate no resampler takes: converted as it comes.
            let sound = Sound {
                rate: chunk.rate,
                samples: chunk.samples.clone(),
            };
            return super::in_sixteen_bits(&sound.downsampled(RATE).samples);
        };
        self.pending.extend_from_slice(&chunk.samples);
        let mut out = Vec::new();
        loop {
            let needed = resampler.input_frames_next();
            if self.pending.len() < needed {
                break;
            }
            let block: Vec<f32> = self.pending.drain(..needed).collect();
            match resampler.process(&[&block], None) {
                Ok(low) => out.extend(super::in_sixteen_bits(&low[0])),
                Err(_) => break,
            }
        }
        out
    }
}

/// Feeds `sound` from `source` until the listener is gone.
pub(super) fn capture(
    source: Source,
    sound: &Sender<Input>,
    play: &Receiver<()>,
) -> Result<(), Unheard> {
    match source {
        Source::File(path) => {
            let recorded =
                super::recording::read(&path).map_err(|_| Unheard::Recording(path.clone()))?;
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

/// Utterances from a source as each ends, 16 kHz, cut where the speaker
/// pauses: for enrolment, which wants the sound itself rather than what
/// it was heard as.
pub struct Utterances {
    input: Receiver<Input>,
    failed: Receiver<Unheard>,
    sixteen: Sixteen,
    detector: VoiceActivity,
    ended: std::collections::VecDeque<Vec<i16>>,
}

impl Utterances {
    /// Starts hearing `source`; a file starts playing at once. One
    /// utterance is ended by a pause of `pause`.
    pub fn start(source: Source, pause: Duration) -> Utterances {
        let (sound, input) = std::sync::mpsc::channel();
        let (play_tx, play) = std::sync::mpsc::channel();
        let (failed_tx, failed) = std::sync::mpsc::channel();
        // A file is played once: its end ends the sound.
        let _ = play_tx.send(());
        drop(play_tx);
        std::thread::spawn(move || {
            if let Err(why) = capture(source, &sound, &play) {
                let _ = failed_tx.send(why);
            }
        });
        Utterances {
            input,
            failed,
            sixteen: Sixteen::new(RATE),
            detector: VoiceActivity::new(Settings {
                end_frames: (pause.as_millis() / 10).max(1) as usize,
                ..Settings::default()
            }),
            ended: std::collections::VecDeque::new(),
        }
    }

    /// The next utterance to end within `wait`: none when none did; an
    /// error when the source failed or ended.
    pub fn next(&mut self, wait: Duration) -> Result<Option<Vec<i16>>, Unheard> {
        let until = Instant::now() + wait;
        loop {
            if let Some(utterance) = self.ended.pop_front() {
                return Ok(Some(utterance));
            }
            let left = until.saturating_duration_since(Instant::now());
            match self.input.recv_timeout(left) {
                Ok(Input::Sound(chunk)) => {
                    let samples = self.sixteen.push(&chunk);
                    self.ended.extend(self.detector.feed(&samples));
                }
                Ok(Input::Request(_)) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => return Ok(None),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(self.failed.try_recv().unwrap_or(Unheard::Ended));
                }
            }
        }
    }

    /// Forgets what was heard so far: the program's own voice, heard by
    /// the microphone while it spoke.
    pub fn forget(&mut self) {
        while let Ok(input) = self.input.try_recv() {
            if let Input::Sound(chunk) = input {
                let samples = self.sixteen.push(&chunk);
                let _ = self.detector.feed(&samples);
            }
        }
        let _ = self.detector.finish();
        self.ended.clear();
    }
}

/// Plays `recorded` into `sound` at its pace, 10 ms at a time, then 3 s
/// of silence; false when the listener is gone.
fn play_file(recorded: &Sound, sound: &Sender<Input>) -> bool {
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
        if sound.send(Input::Sound(chunk)).is_err() {
            return false;
        }
    }
    true
}

fn microphone(sound: Sender<Input>) -> Result<(), Unheard> {
    #[cfg(target_os = "linux")]
    crate::speech::alsa_quiet::on_this_thread();
    let host = cpal::default_host();
    let device = host.default_input_device().ok_or(Unheard::NoMicrophone)?;
    let supported = device.default_input_config().map_err(refused)?;
    let config = supported.config();
    let stream = match supported.sample_format() {
        SampleFormat::F32 => input::<f32>(&device, &config, sound),
        SampleFormat::I16 => input::<i16>(&device, &config, sound),
        SampleFormat::I32 => input::<i32>(&device, &config, sound),
        SampleFormat::U16 => input::<u16>(&device, &config, sound),
        _ => Err(Unheard::Microphone),
    }?;
    stream.play().map_err(refused)?;
    // The stream lives on this thread, which has nothing else to do.
    loop {
        std::thread::park();
    }
}

fn input<T: SizedSample>(
    device: &cpal::Device,
    config: &cpal::StreamConfig,
    sound: Sender<Input>,
) -> Result<cpal::Stream, Unheard>
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
                let _ = sound.send(Input::Sound(Chunk { rate, samples }));
            },
            |_| {},
            None,
        )
        .map_err(refused)
}

/// The microphone refused, whatever the sound system's (English) words.
fn refused(_: impl std::fmt::Display) -> Unheard {
    Unheard::Microphone
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(rate: u32, n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| (2.0 * std::f32::consts::PI * 440.0 * i as f32 / rate as f32).sin() * 0.5)
            .collect()
    }

    #[test]
    fn sound_made_sixteen_khz_has_no_seams_where_the_chunks_meet() {
        for rate in [48_000, 44_100, 22_050, 16_000] {
            let sound = tone(rate, rate as usize * 2);
            let mut whole = Sixteen::new(rate);
            let at_once = whole.push(&Chunk {
                rate,
                samples: sound.clone(),
            });
            // The microphone's chunks come in sizes of their own.
            let mut pieces = Sixteen::new(rate);
            let mut in_chunks = Vec::new();
            let mut at = 0;
            for size in [1, 441, 480, 7, 1024, 333].iter().cycle() {
                if at >= sound.len() {
                    break;
                }
                let end = (at + size).min(sound.len());
                in_chunks.extend(pieces.push(&Chunk {
                    rate,
                    samples: sound[at..end].to_vec(),
                }));
                at = end;
            }
            assert_eq!(in_chunks, at_once, "at {rate} Hz");
            let expected = 2 * RATE as usize;
            assert!(
                at_once.len() + 400 >= expected && at_once.len() <= expected,
                "{} samples at 16 kHz from 2 s at {rate} Hz",
                at_once.len()
            );
        }
    }
}
