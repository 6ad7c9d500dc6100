//! A corpus of spoken moves as a room would bring them: synthesizers the
//! program does not otherwise use (flite, festival, a neural voice when one
//! is named), espeak-ng at pitches and speeds the project's own corpus
//! does not use, and the conditions of a tournament hall: pink and brown
//! noise, reverberation, a telephone band, a round trip through 8 kHz,
//! silence around the move, a cough before it. Beside the moves, what is
//! no move: an illegal move said, a command, chatter, a cough alone,
//! silence, noise alone.

use std::path::{Path, PathBuf};
use std::process::Command;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use shakmaty::{Chess, Move, Position, Role, Square};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::say::{Form, say};
use zweibrett_core::wav::Sound;

use super::hear_corpus::positions;

/// The sample rate every recording is brought to.
pub const RATE: u32 = 16_000;

/// What a recording holds.
#[derive(Clone, Debug)]
pub enum Spoken {
    /// A legal move in the position.
    Move(Move),
    /// A move that is not legal in the position.
    Illegal,
    /// A spoken command, by its English name.
    Command(&'static str),
    /// Speech or sound that is no move and no command.
    Nothing,
}

/// A condition of the room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Room {
    Clean,
    /// A second of quiet before and after.
    Padded,
    /// A cough, then the move.
    Cough,
    /// Pink noise, 15 dB below the speech.
    Pink15,
    /// Brown noise, 5 dB below the speech.
    Brown5,
    /// A reverberant hall.
    Reverb,
    /// A telephone's band, 300 to 3400 Hz.
    Phone,
    /// Down to 8 kHz and back.
    Band8k,
}

impl Room {
    pub const ALL: [Room; 8] = [
        Room::Clean,
        Room::Padded,
        Room::Cough,
        Room::Pink15,
        Room::Brown5,
        Room::Reverb,
        Room::Phone,
        Room::Band8k,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Room::Clean => "clean",
            Room::Padded => "silence around",
            Room::Cough => "cough before",
            Room::Pink15 => "pink noise 15 dB",
            Room::Brown5 => "brown noise 5 dB",
            Room::Reverb => "reverberation",
            Room::Phone => "telephone band",
            Room::Band8k => "8 kHz round trip",
        }
    }
}

/// A synthesizer and its voice.
#[derive(Clone, Debug)]
pub enum Voice {
    Espeak {
        voice: &'static str,
        pitch: u32,
        speed: u32,
    },
    Flite(&'static str),
    Festival,
    /// A neural voice: piper with its model.
    Piper {
        program: PathBuf,
        model: PathBuf,
    },
}

impl Voice {
    pub fn name(&self) -> String {
        match self {
            Voice::Espeak {
                voice,
                pitch,
                speed,
            } => format!("espeak-ng {voice} p{pitch} s{speed}"),
            Voice::Flite(v) => format!("flite {v}"),
            Voice::Festival => "festival kal".to_string(),
            Voice::Piper { model, .. } => format!(
                "piper {}",
                model.file_stem().unwrap_or_default().to_string_lossy()
            ),
        }
    }
}

/// The voices a pack is said in. English gets flite, festival and the
/// neural voice named by `ZWEIBRETT_PIPER` and `ZWEIBRETT_PIPER_MODEL`
/// when both are set; German only espeak-ng, at other settings.
pub fn voices(pack: &str) -> Vec<Voice> {
    if pack == "en" {
        let mut voices = vec![
            Voice::Flite("slt"),
            Voice::Flite("rms"),
            Voice::Flite("awb"),
            Voice::Festival,
            Voice::Espeak {
                voice: "en-us+f4",
                pitch: 70,
                speed: 200,
            },
            Voice::Espeak {
                voice: "en-gb+m5",
                pitch: 25,
                speed: 120,
            },
        ];
        if let (Some(program), Some(model)) = (
            std::env::var_os("ZWEIBRETT_PIPER"),
            std::env::var_os("ZWEIBRETT_PIPER_MODEL"),
        ) {
            voices.push(Voice::Piper {
                program: program.into(),
                model: model.into(),
            });
        }
        voices
    } else {
        vec![
            Voice::Espeak {
                voice: "de",
                pitch: 20,
                speed: 115,
            },
            Voice::Espeak {
                voice: "de+f4",
                pitch: 75,
                speed: 200,
            },
            Voice::Espeak {
                voice: "de+m5",
                pitch: 40,
                speed: 165,
            },
            Voice::Espeak {
                voice: "de+croak",
                pitch: 50,
                speed: 145,
            },
            Voice::Espeak {
                voice: "de+f1",
                pitch: 60,
                speed: 125,
            },
        ]
    }
}

/// One recording of the room corpus.
#[derive(Clone, Debug)]
pub struct Recording {
    pub position: Chess,
    pub spoken: Spoken,
    pub pack: &'static str,
    /// "short", "long", or what the non-move is.
    pub form: &'static str,
    pub room: Room,
    pub voice: Voice,
    pub text: String,
    pub wav: PathBuf,
}

/// Says `text` (already in the pack's pronunciation) with `voice` into a
/// 16 kHz mono WAV at `out`.
pub fn synthesize(voice: &Voice, text: &str, out: &Path) {
    let raw = out.with_extension("raw.wav");
    let status = match voice {
        Voice::Espeak {
            voice,
            pitch,
            speed,
        } => Command::new("espeak-ng")
            .args([
                "-v",
                voice,
                "-p",
                &pitch.to_string(),
                "-s",
                &speed.to_string(),
                "-w",
            ])
            .arg(&raw)
            .arg(text)
            .status(),
        Voice::Flite(v) => Command::new("flite")
            .args(["-voice", v, "-t", text, "-o"])
            .arg(&raw)
            .status(),
        Voice::Festival => told(
            Command::new("text2wave").arg("-o").arg(&raw),
            text,
            "festival's text2wave runs (apt-get install festival festvox-kallpc16k)",
        ),
        Voice::Piper { program, model } => told(
            Command::new(program)
                .arg("-m")
                .arg(model)
                .arg("-f")
                .arg(&raw)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
            text,
            "piper runs",
        ),
    }
    .unwrap_or_else(|e| panic!("{} cannot run: {e}", voice.name()));
    assert!(status.success(), "{} failed on {text}", voice.name());
    sox(&[
        raw.as_os_str(),
        "-r".as_ref(),
        "16000".as_ref(),
        "-c".as_ref(),
        "1".as_ref(),
        "-b".as_ref(),
        "16".as_ref(),
        out.as_os_str(),
    ]);
    let _ = std::fs::remove_file(raw);
}

/// Runs `command` with `text` on its standard input.
fn told(
    command: &mut Command,
    text: &str,
    runs: &str,
) -> std::io::Result<std::process::ExitStatus> {
    use std::io::Write;
    let mut child = command
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect(runs);
    let written = child.stdin.take().unwrap().write_all(text.as_bytes());
    let status = child.wait();
    written.and(status)
}

fn sox(args: &[&std::ffi::OsStr]) {
    let status = Command::new("sox")
        .args(args)
        .status()
        .expect("sox runs (apt-get install sox)");
    assert!(status.success(), "sox {args:?} failed");
}

pub fn read(path: &Path) -> Sound {
    let bytes = std::fs::read(path).unwrap();
    zweibrett_core::wav::read(&bytes).unwrap()
}

pub fn write(path: &Path, sound: &Sound) {
    let mut file = std::fs::File::create(path).unwrap();
    zweibrett_core::wav::write(sound, &mut file).unwrap();
}

/// The loudness of the speech in `samples`: the mean square over the
/// frames within 30 dB of the loudest.
fn speech_power(samples: &[f32]) -> f64 {
    let frames: Vec<f64> = samples
        .chunks(160)
        .map(|f| f.iter().map(|&s| f64::from(s) * f64::from(s)).sum::<f64>() / f.len() as f64)
        .collect();
    let loudest = frames.iter().copied().fold(0.0, f64::max);
    let loud: Vec<f64> = frames
        .into_iter()
        .filter(|&e| e > loudest / 1000.0)
        .collect();
    loud.iter().sum::<f64>() / loud.len().max(1) as f64
}

/// Pink noise (Kellet's filter over white noise), `n` samples of unit
/// power.
fn pink(rng: &mut ChaCha8Rng, n: usize) -> Vec<f32> {
    let mut b = [0.0f64; 7];
    let noise: Vec<f64> = (0..n)
        .map(|_| {
            let white: f64 = rng.random_range(-1.0..1.0);
            b[0] = 0.99886 * b[0] + white * 0.0555179;
            b[1] = 0.99332 * b[1] + white * 0.0750759;
            b[2] = 0.96900 * b[2] + white * 0.1538520;
            b[3] = 0.86650 * b[3] + white * 0.3104856;
            b[4] = 0.55000 * b[4] + white * 0.5329522;
            b[5] = -0.7616 * b[5] - white * 0.0168980;
            let out = b.iter().sum::<f64>() + white * 0.5362;
            b[6] = white * 0.115926;
            out
        })
        .collect();
    unit(&noise)
}

/// Brown noise (white noise integrated, with a slight leak), `n` samples
/// of unit power.
fn brown(rng: &mut ChaCha8Rng, n: usize) -> Vec<f32> {
    let mut level = 0.0f64;
    let noise: Vec<f64> = (0..n)
        .map(|_| {
            level = 0.998 * level + rng.random_range(-1.0..1.0) * 0.05;
            level
        })
        .collect();
    unit(&noise)
}

fn unit(noise: &[f64]) -> Vec<f32> {
    let power = noise.iter().map(|s| s * s).sum::<f64>() / noise.len().max(1) as f64;
    let scale = 1.0 / power.sqrt().max(1e-12);
    noise.iter().map(|s| (s * scale) as f32).collect()
}

/// A cough: a burst of low noise, quickly up and slowly down, 0.3 s.
fn cough(rng: &mut ChaCha8Rng, loudness: f64) -> Vec<f32> {
    let n = RATE as usize * 3 / 10;
    let noise = brown(rng, n);
    let white: Vec<f32> = (0..n).map(|_| rng.random_range(-1.0f32..1.0)).collect();
    (0..n)
        .map(|i| {
            let t = i as f64 / n as f64;
            let envelope = if t < 0.05 {
                t / 0.05
            } else {
                (-(t - 0.05) * 9.0).exp()
            };
            ((f64::from(noise[i]) * 0.6 + f64::from(white[i]) * 0.8)
                * envelope
                * loudness.sqrt()
                * 2.0) as f32
        })
        .collect()
}

fn quiet(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| [0.00003f32, -0.00006, 0.00006, -0.00003][i % 4])
        .collect()
}

/// Puts the clean recording `clean` through `room` into `out`.
pub fn in_room(clean: &Path, room: Room, out: &Path, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match room {
        Room::Clean => {
            std::fs::copy(clean, out).unwrap();
        }
        Room::Reverb => sox(&[
            clean.as_os_str(),
            out.as_os_str(),
            "pad".as_ref(),
            "0".as_ref(),
            "0.4".as_ref(),
            "reverb".as_ref(),
            "60".as_ref(),
            "50".as_ref(),
            "80".as_ref(),
        ]),
        Room::Phone => sox(&[
            clean.as_os_str(),
            out.as_os_str(),
            "sinc".as_ref(),
            "300-3400".as_ref(),
        ]),
        Room::Band8k => sox(&[
            clean.as_os_str(),
            out.as_os_str(),
            "rate".as_ref(),
            "8000".as_ref(),
            "rate".as_ref(),
            "16000".as_ref(),
        ]),
        Room::Padded | Room::Cough | Room::Pink15 | Room::Brown5 => {
            let speech = read(clean);
            let power = speech_power(&speech.samples);
            let mut samples = Vec::new();
            match room {
                Room::Padded => {
                    samples.extend(quiet(RATE as usize));
                    samples.extend(&speech.samples);
                    samples.extend(quiet(RATE as usize));
                }
                Room::Cough => {
                    samples.extend(quiet(RATE as usize / 10));
                    samples.extend(cough(&mut rng, power));
                    samples.extend(quiet(RATE as usize / 4));
                    samples.extend(&speech.samples);
                }
                _ => {
                    let lead = RATE as usize * 3 / 10;
                    samples.extend(vec![0.0; lead]);
                    samples.extend(&speech.samples);
                    samples.extend(vec![0.0; lead]);
                    let (noise, snr_db) = if room == Room::Pink15 {
                        (pink(&mut rng, samples.len()), 15.0)
                    } else {
                        (brown(&mut rng, samples.len()), 5.0)
                    };
                    let gain = (power / 10f64.powf(snr_db / 10.0)).sqrt() as f32;
                    for (s, n) in samples.iter_mut().zip(noise) {
                        *s = (*s + n * gain).clamp(-1.0, 1.0);
                    }
                }
            }
            write(
                out,
                &Sound {
                    rate: speech.rate,
                    samples,
                },
            );
        }
    }
}

/// An illegal move in `position` in the pack's short form: a piece of
/// the side to move sent to a square no piece of its kind can reach, or
/// a pawn to a square no pawn can reach.
fn illegal_phrase(pack: &VoicePack, position: &Chess, rng: &mut ChaCha8Rng) -> Option<String> {
    let legal = position.legal_moves();
    let ours = position.board().by_color(position.turn());
    let roles: Vec<Role> = [
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
        Role::Pawn,
    ]
    .into_iter()
    .filter(|&r| (position.board().by_role(r) & ours).any())
    .collect();
    for _ in 0..50 {
        let role = roles[rng.random_range(0..roles.len())];
        let to = Square::new(rng.random_range(0..64));
        if legal.iter().any(|m| m.role() == role && m.to() == to) {
            continue;
        }
        if role == Role::Pawn && matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth)
        {
            continue;
        }
        let square = format!("{} {}", pack.file(to.file()), pack.rank(to.rank()));
        return Some(if role == Role::Pawn {
            square
        } else {
            format!("{} {square}", pack.piece(role))
        });
    }
    None
}

/// Chatter that is no move, in the pack's language.
fn chatter(pack: &str) -> &'static [&'static str] {
    if pack == "en" {
        &[
            "excuse me, is the clock running",
            "I think it is your move now",
            "could you speak a little louder please",
        ]
    } else {
        &[
            "Entschuldigung, läuft die Uhr",
            "ich glaube, Sie sind am Zug",
            "können Sie bitte etwas lauter sprechen",
        ]
    }
}

/// The room corpus: for each pack, `per_cell` moves for each form and
/// room, and non-moves (`per_cell` of each kind, clean and at pink noise
/// 15 dB); the same for the same seed. Synthesis runs on two threads.
pub fn generate(dir: &Path, per_cell: usize, seed: u64) -> Vec<Recording> {
    std::fs::create_dir_all(dir).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut recordings = Vec::new();
    let mut jobs: Vec<(Voice, String, PathBuf)> = Vec::new();
    let moves = positions(per_cell * Room::ALL.len() * 2, seed);
    for pack_id in ["fide", "en"] {
        let pack = VoicePack::builtin(pack_id);
        let voices = voices(pack_id);
        let mut k = 0usize;
        for room in Room::ALL {
            for (form_name, form) in [("short", Form::Short), ("long", Form::Long)] {
                for _ in 0..per_cell {
                    let (position, m) = moves[k % moves.len()].clone();
                    let voice = voices[k % voices.len()].clone();
                    k += 1;
                    let text = say(&pack, &position, m, form);
                    let clean = dir.join(format!("{pack_id}-{k:04}-clean.wav"));
                    let wav = dir.join(format!("{pack_id}-{k:04}-{room:?}.wav"));
                    jobs.push((voice.clone(), pack.pronounced(&text), clean));
                    recordings.push(Recording {
                        position,
                        spoken: Spoken::Move(m),
                        pack: pack_id,
                        form: form_name,
                        room,
                        voice,
                        text,
                        wav,
                    });
                }
            }
        }
        // What is no move, clean and in noise.
        for room in [Room::Clean, Room::Pink15] {
            for i in 0..per_cell {
                let (position, _) = moves[(k + i) % moves.len()].clone();
                let voice = voices[(k + i) % voices.len()].clone();
                let words = pack.command_words();
                let mut said = |form: &'static str, spoken: Spoken, text: String, synth: bool| {
                    k += 1;
                    let clean = dir.join(format!("{pack_id}-{k:04}-clean.wav"));
                    let wav = dir.join(format!("{pack_id}-{k:04}-{room:?}.wav"));
                    if synth {
                        jobs.push((voice.clone(), pack.pronounced(&text), clean));
                    }
                    recordings.push(Recording {
                        position: position.clone(),
                        spoken,
                        pack: pack_id,
                        form,
                        room,
                        voice: voice.clone(),
                        text,
                        wav,
                    });
                };
                if let Some(text) = illegal_phrase(&pack, &position, &mut rng) {
                    said("illegal move", Spoken::Illegal, text, true);
                }
                let command = ["time", "again"][i % 2];
                said(
                    "command",
                    Spoken::Command(command),
                    words.word(command).to_string(),
                    true,
                );
                let line = chatter(pack_id)[i % chatter(pack_id).len()];
                said("chatter", Spoken::Nothing, line.to_string(), true);
                said("cough alone", Spoken::Nothing, String::new(), false);
                said("silence", Spoken::Nothing, String::new(), false);
                said("noise alone", Spoken::Nothing, String::new(), false);
            }
        }
    }
    // Synthesis on two threads, then the rooms.
    let halves: Vec<Vec<(Voice, String, PathBuf)>> = vec![
        jobs.iter().step_by(2).cloned().collect(),
        jobs.iter().skip(1).step_by(2).cloned().collect(),
    ];
    std::thread::scope(|s| {
        for half in &halves {
            s.spawn(move || {
                for (voice, text, out) in half {
                    synthesize(voice, text, out);
                }
            });
        }
    });
    for (i, r) in recordings.iter().enumerate() {
        let clean = r.wav.with_file_name(
            r.wav
                .file_name()
                .unwrap()
                .to_string_lossy()
                .replace(&format!("{:?}", r.room), "clean"),
        );
        match r.form {
            "cough alone" => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ i as u64);
                let mut samples = quiet(RATE as usize / 5);
                samples.extend(cough(&mut rng, 0.01));
                samples.extend(quiet(RATE as usize / 5));
                write(
                    &r.wav,
                    &Sound {
                        rate: RATE,
                        samples,
                    },
                );
            }
            "silence" => write(
                &r.wav,
                &Sound {
                    rate: RATE,
                    samples: quiet(RATE as usize),
                },
            ),
            "noise alone" => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed ^ i as u64);
                let samples = pink(&mut rng, RATE as usize)
                    .into_iter()
                    .map(|s| s * 0.03)
                    .collect();
                write(
                    &r.wav,
                    &Sound {
                        rate: RATE,
                        samples,
                    },
                );
            }
            _ => {
                if r.wav != clean {
                    in_room(&clean, r.room, &r.wav, seed ^ i as u64);
                }
            }
        }
    }
    recordings
}
