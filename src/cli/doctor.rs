//! `zweibrett doctor`: why speech, sound, listening or the engine does or
//! does not work on this machine, one line per check, printed and spoken.
//! A check fails when something the user asked for (in the configuration
//! or on the command line) cannot work; what was not asked for and is
//! missing is a note. The lines are in the voice pack's language (its
//! `[doctor]` sentences); what another part reports in its own words (an
//! error of the sound system or of the configuration) is quoted as it is.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::EXIT_WRONG_INPUT;
use super::speak::SpeechOptions;
use crate::config::{Settings, SettingsError};
use crate::notation::VoicePack;
use crate::notation::pack::{DEFAULT_ID, DoctorSentence as D, ScreenSentence, Sentences};
use crate::printable::printable;
use crate::session::board::{self, BoardFault};
use crate::session::voice::Announce;
use crate::speech::output::{self, ActiveVoice, SpeechOutput};
use crate::speech::settings::Backend;
use crate::utterance::{Priority, Utterance};

/// The pack's sentences for the doctor's lines.
type Words = Sentences<D>;

/// How one check came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It works.
    Works,
    /// It is missing, but nothing asked for needs it.
    Note,
    /// Something asked for cannot work.
    Fails,
}

/// One line of the report: what was looked at, how it came out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// What was looked at ("speech", "sound").
    pub what: D,
    /// How it came out.
    pub outcome: Outcome,
    /// What was found, or what to do.
    pub detail: String,
}

impl Check {
    fn new(what: D, outcome: Outcome, detail: impl Into<String>) -> Check {
        Check {
            what,
            outcome,
            detail: detail.into(),
        }
    }

    /// The line printed and said, in the pack's words: the outcome
    /// first, as a listener wants it.
    pub fn line(&self, words: &Words) -> String {
        let outcome = words.say(
            match self.outcome {
                Outcome::Works => D::Works,
                Outcome::Note => D::Note,
                Outcome::Fails => D::Fails,
            },
            &[],
        );
        let what = words.say(self.what, &[]);
        words.say(
            D::Line,
            &[
                ("outcome", &outcome),
                ("what", &what),
                ("detail", &self.detail),
            ],
        )
    }
}

/// `zweibrett doctor`.
#[derive(clap::Args, Debug)]
pub struct DoctorArgs {
    /// The voice pack whose language speech is checked in; default: the
    /// configured one.
    #[arg(long, value_parser = super::values::Suggested::packs(), hide_possible_values = true, value_name = "PACK")]
    pub voice: Option<String>,
    /// Speech as it is to be checked.
    #[command(flatten)]
    pub speech: SpeechOptions,
    /// Listening asked for: a missing recogniser or microphone then fails.
    #[command(flatten)]
    pub listening: super::speak::ListenOptions,
    /// After the checks, what a bug report needs: the version and optional
    /// parts, the system, the terminal, the locale and what the
    /// configuration changes, the home folder written ~.
    #[arg(long)]
    pub report: bool,
}

/// How long the test sentence may take to be said to its end: two or
/// three words, which any voice says in about a second.
const SAID_WITHIN: Duration = Duration::from_secs(4);

/// Runs `zweibrett doctor`: every check, even when the configuration or
/// the voice pack cannot be used (the shipped defaults stand in for it,
/// and its line fails). The whole check takes a few seconds at most: the
/// time the system speech has to answer, then [`SAID_WITHIN`].
pub fn run(options: &SpeechOptions, voice: Option<&str>, report: bool) -> ExitCode {
    // The sound libraries, and a speech server started by this check,
    // write their own warnings to standard error, at any time while the
    // speech thread opens the sound device; the lines below say what they
    // mean, once each.
    let quiet = crate::speech::stderr::quiet_stderr(None).ok();
    if matches!(options.backend, None | Some(Backend::Auto)) {
        crate::speech::reader::look_early();
    }
    let loaded = Settings::load();
    let unnamed = loaded.as_ref().ok().and_then(|s| s.check_names().err());
    let settings = loaded
        .as_ref()
        .map_or_else(|_| Settings::shipped(), Clone::clone);
    let (pack, pack_error) = match crate::config::load_voice(&settings.voice(voice)) {
        Ok(pack) => (pack, None),
        Err(e) => (VoicePack::builtin(DEFAULT_ID), Some(e.to_string())),
    };
    let words = pack.doctor_sentences();
    let readable = loaded.is_ok();
    // The board is asked on its own thread while the voice is tried: a
    // silent line takes seconds to be known as such.
    let board_port = settings.board.port();
    let board = std::thread::spawn({
        let port = board_port.clone();
        move || {
            board::identify(
                port.as_deref().unwrap_or(board::AUTO),
                board::Dgt::boxed,
                BOARD_WITHIN,
            )
        }
    });
    let mut checks = vec![configuration(words, loaded.err().or(unnamed))];
    checks.push(match pack_error {
        None => Check::new(
            D::VoicePack,
            Outcome::Works,
            format!("{} ({})", pack.name, pack.id),
        ),
        Some(why) => Check::new(D::VoicePack, Outcome::Fails, why),
    });
    checks.push(sound(&pack));
    let speech = options.settle(settings.speech.clone(), &pack);
    let (output, _said) = SpeechOutput::start(speech.clone(), &pack);
    let active = output.wait_until_ready(speech.system_timeout() + Duration::from_secs(1));
    let said = said_to_end(&output, &active, words);
    checks.push(spoken(&pack, &active, said, speech.backend));
    checks.push(screen_reader(words));
    checks.push(braille_display(&pack, settings.braille));
    checks.push(recogniser(words, &pack, options.listen.is_some()));
    checks.push(adaptation(words, &pack, options.listen.is_some()));
    checks.push(second_opinion(
        words,
        &settings.hearing,
        options.second_opinion,
        &pack,
    ));
    checks.push(microphone(words, options.listen.is_some()));
    checks.push(engine(words));
    checks.push(games_folder(words));
    checks.push(electronic_board(
        words,
        board_port.as_deref(),
        board
            .join()
            .unwrap_or(Err(BoardFault::Other(String::new()))),
    ));
    // The lines are said only by a voice that was just heard to the end
    // of its test sentence: one that was not would keep the user waiting
    // in silence.
    let heard = matches!(said, Said::ToEnd(_));
    for check in &checks {
        let line = check.line(words);
        if report {
            println!("{}", printable(&super::report::private(&line)));
        } else {
            println!("{}", printable(&line));
        }
        if heard {
            output.announce(Utterance::new(line, Priority::Answer));
        }
    }
    if report {
        let config = readable.then_some(&settings.config);
        for line in super::report::lines(config) {
            println!("{}", printable(&line));
        }
    }
    drop(settings);
    if heard {
        output.finish(Duration::from_secs(60));
    }
    drop(output);
    drop(quiet);
    if checks.iter().any(|c| c.outcome == Outcome::Fails) {
        ExitCode::from(EXIT_WRONG_INPUT)
    } else {
        ExitCode::SUCCESS
    }
}

/// Whether the voice said the test sentence to its end.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Said {
    /// Nothing sounds by choice (speech off, or left to the screen
    /// reader): nothing was said.
    NotTried,
    /// Said to its end, as the voice itself reported (speech-dispatcher's
    /// end of the text, the sound device's last sample), in this time.
    ToEnd(Duration),
    /// Taken, but not said to its end within [`SAID_WITHIN`].
    NotToEnd,
}

/// Says the pack's test sentence with the voice that was settled on and
/// waits, at most [`SAID_WITHIN`], for that voice to report its end. A
/// voice that fails on it (and hands it to another) did not say it.
fn said_to_end(output: &SpeechOutput, active: &ActiveVoice, words: &Words) -> Said {
    if matches!(active, ActiveVoice::Silent(_)) {
        return Said::NotTried;
    }
    let started = std::time::Instant::now();
    output.announce(Utterance::new(
        words.say(D::SpeechTest, &[]),
        Priority::Answer,
    ));
    let quiet = output.wait_until_quiet(SAID_WITHIN);
    let took = started.elapsed();
    if quiet && output.active_voice() == *active {
        Said::ToEnd(took)
    } else {
        Said::NotToEnd
    }
}

/// The braille display BRLTTY has, which a game shows itself on: a fault
/// only when the configuration asks for one. Why there is none is said in
/// the pack's words, as a game says it.
fn braille_display(pack: &VoicePack, settings: crate::braille::BrailleSettings) -> Check {
    use crate::braille::DisplaySetting;
    let words = pack.doctor_sentences();
    let asked = settings.display == DisplaySetting::On || settings.deafblind;
    match crate::braille::probe() {
        _ if settings.display == DisplaySetting::Off => Check::new(
            D::BrailleDisplay,
            Outcome::Note,
            words.say(D::BrailleOff, &[]),
        ),
        Ok(cells) => {
            let focus = match crate::braille::focus() {
                crate::braille::Focus::Own => words.say(D::FocusOwn, &[]),
                crate::braille::Focus::Console(n) => {
                    words.say(D::FocusConsole, &[("console", &n.to_string())])
                }
                crate::braille::Focus::Nowhere => words.say(D::FocusNowhere, &[]),
            };
            let cells = words.say(D::BrailleCells, &[("cells", &cells.to_string())]);
            Check::new(
                D::BrailleDisplay,
                Outcome::Works,
                format!("{cells}; {focus}"),
            )
        }
        Err(e) => Check::new(
            D::BrailleDisplay,
            needed(asked),
            e.say(pack.line_sentences()),
        ),
    }
}

/// A fault when it was asked for, else a note.
fn needed(asked: bool) -> Outcome {
    if asked { Outcome::Fails } else { Outcome::Note }
}

/// The configuration file in use, and whether it can be used (`error`:
/// why not, as reading it said).
fn configuration(words: &Words, error: Option<SettingsError>) -> Check {
    let source = crate::config::config_source();
    let file = source
        .file()
        .map_or_else(|| words.say(D::NoFile, &[]), |p| p.display().to_string());
    match error {
        Some(e) => Check::new(D::Configuration, Outcome::Fails, e.to_string()),
        None if source.file().is_some_and(Path::exists) => {
            Check::new(D::Configuration, Outcome::Works, file)
        }
        None => Check::new(
            D::Configuration,
            Outcome::Works,
            words.say(D::ConfigMissing, &[("file", &file)]),
        ),
    }
}

/// The default sound device, which the built-in voice and the tones use.
fn sound(pack: &VoicePack) -> Check {
    let words = pack.doctor_sentences();
    match crate::speech::audio::Player::open() {
        Ok(player) => Check::new(
            D::Sound,
            Outcome::Works,
            words.say(D::SoundRate, &[("rate", &player.rate().to_string())]),
        ),
        Err(e) => {
            let why = e.say(pack);
            Check::new(
                D::Sound,
                Outcome::Note,
                words.say(D::SoundNone, &[("why", &why)]),
            )
        }
    }
}

/// Which voice speaks, against the backend asked for, and whether it
/// was heard: a voice that took the test sentence and did not say it to
/// its end fails, whichever backend was asked for, since speech is on and
/// nothing is heard.
fn spoken(pack: &VoicePack, active: &ActiveVoice, said: Said, backend: Backend) -> Check {
    let words = pack.doctor_sentences();
    let asked_system = backend == Backend::System;
    let say = |key| words.say(key, &[]);
    let name = match active {
        ActiveVoice::System(engine) => ActiveVoice::system_named(engine, pack),
        _ => say(D::BuiltinSpeaks),
    };
    let seconds = |took: Duration| {
        let point = pack
            .screen_sentences()
            .say(ScreenSentence::DecimalPoint, &[]);
        let tenths = took.as_millis().div_ceil(100);
        format!("{}{point}{}", tenths / 10, tenths % 10)
    };
    let unheard = |advice: D| {
        let detail = words.say(
            D::SpeechUnheard,
            &[
                ("name", &name),
                ("seconds", &SAID_WITHIN.as_secs().to_string()),
                ("advice", &say(advice)),
            ],
        );
        Check::new(D::Speech, Outcome::Fails, detail)
    };
    let heard = |took| {
        words.say(
            D::SaidToEnd,
            &[("name", &name), ("seconds", &seconds(took))],
        )
    };
    match (active, said) {
        (ActiveVoice::System(_), Said::ToEnd(took)) => {
            Check::new(D::Speech, Outcome::Works, heard(took))
        }
        (ActiveVoice::System(_), _) => unheard(D::ServerMute),
        (ActiveVoice::Builtin(None), Said::ToEnd(took)) => {
            Check::new(D::Speech, Outcome::Works, heard(took))
        }
        (ActiveVoice::Builtin(None), _) => unheard(D::SoundMute),
        (ActiveVoice::Builtin(Some(why)), said) => {
            let detail = words.say(
                D::SystemSilent,
                &[("why", why), ("advice", &say(speech_server_advice()))],
            );
            match said {
                Said::ToEnd(_) => Check::new(D::Speech, needed(asked_system), detail),
                _ => Check::new(D::Speech, Outcome::Fails, detail),
            }
        }
        (ActiveVoice::Starting, _) => Check::new(D::Speech, Outcome::Note, say(D::SystemStarting)),
        (ActiveVoice::Silent(why), _) if why == output::SWITCHED_OFF => {
            Check::new(D::Speech, Outcome::Works, say(D::SpeechOff))
        }
        (ActiveVoice::Silent(why), _) if why == output::LEFT_TO_READER => {
            Check::new(D::Speech, Outcome::Works, say(D::SpeechToReader))
        }
        (ActiveVoice::Silent(why), _) => Check::new(D::Speech, Outcome::Fails, why.clone()),
    }
}

/// Whether a screen reader runs (Orca, Speakup, Fenrir, BRLTTY).
fn screen_reader(words: &Words) -> Check {
    let variable = crate::speech::reader::READER_VARIABLE;
    let named = std::env::var(variable).ok();
    let detail = match named.as_deref() {
        Some(name) if !name.is_empty() => {
            words.say(D::ReaderNamed, &[("name", name), ("variable", variable)])
        }
        _ => match crate::speech::reader::running_reader() {
            Some(found) => words.say(D::ReaderRunning, &[("name", &found.0.to_string())]),
            None => words.say(D::ReaderNone, &[]),
        },
    };
    Check::new(D::ScreenReader, Outcome::Works, detail)
}

/// The speech recogniser and its model, which listening needs.
fn recogniser(words: &Words, pack: &VoicePack, asked: bool) -> Check {
    match crate::hearing::Recogniser::for_pack(pack) {
        Ok(recogniser) => Check::new(
            D::Listening,
            Outcome::Works,
            words.say(
                D::RecogniserReady,
                &[("generation", &recogniser.generation().to_string())],
            ),
        ),
        Err(e) => Check::new(D::Listening, needed(asked), e.to_string()),
    }
}

/// The adaptation of listening to the player's voice, which enrolment
/// makes, and the training tools enrolment needs.
fn adaptation(words: &Words, pack: &VoicePack, asked: bool) -> Check {
    use crate::hearing::adapt::{kept_transform, missing_tools};
    match kept_transform(&pack.id) {
        Ok(Some(path)) => Check::new(
            D::Adaptation,
            Outcome::Works,
            words.say(D::Adapted, &[("path", &path.display().to_string())]),
        ),
        Ok(None) => {
            let missing = missing_tools().packages;
            let detail = match missing.as_slice() {
                [] => words.say(D::AdaptationNone, &[]),
                _ => words.say(D::AdaptationNeeds, &[("packages", &missing.join(" "))]),
            };
            Check::new(D::Adaptation, Outcome::Note, detail)
        }
        Err(e) => Check::new(D::Adaptation, needed(asked), e.to_string()),
    }
}

/// Whisper, the second opinion on a spoken move. Not asked for, a note
/// either way, as listening works without it; asked for (`--second-opinion`
/// or `[hearing] second_opinion`), the model is read as a game reads it,
/// and fails when it cannot be.
fn second_opinion(
    words: &Words,
    hearing: &crate::hearing::HearingSettings,
    asked: bool,
    pack: &VoicePack,
) -> Check {
    use crate::hearing::second_opinion::{SecondOpinion, is_installed};
    let asked = asked || hearing.second_opinion;
    let Some(dir) = hearing.model_dir().ok().flatten() else {
        return Check::new(
            D::SecondOpinion,
            needed(asked),
            words.say(D::WhisperNoHome, &[]),
        );
    };
    let path = dir.display().to_string();
    let path = [("path", path.as_str())];
    match (asked, is_installed(&dir)) {
        (false, true) => Check::new(
            D::SecondOpinion,
            Outcome::Works,
            words.say(D::WhisperReady, &path),
        ),
        (false, false) => Check::new(
            D::SecondOpinion,
            Outcome::Note,
            words.say(D::WhisperNone, &path),
        ),
        (true, false) => Check::new(
            D::SecondOpinion,
            Outcome::Fails,
            words.say(D::WhisperMissing, &path),
        ),
        (true, true) => match SecondOpinion::load(&dir, &pack.language) {
            Ok(_) => Check::new(
                D::SecondOpinion,
                Outcome::Works,
                words.say(D::WhisperAsked, &path),
            ),
            Err(why) => Check::new(
                D::SecondOpinion,
                Outcome::Fails,
                words.say(D::WhisperUnreadable, &[path[0], ("why", &why.to_string())]),
            ),
        },
    }
}

/// The default input device, which listening records from.
fn microphone(words: &Words, asked: bool) -> Check {
    use cpal::traits::{DeviceTrait, HostTrait};
    #[cfg(target_os = "linux")]
    crate::speech::alsa_quiet::on_this_thread();
    match cpal::default_host().default_input_device() {
        Some(device) => match device.default_input_config() {
            Ok(config) => Check::new(
                D::Microphone,
                Outcome::Works,
                words.say(
                    D::MicrophoneRate,
                    &[("rate", &config.sample_rate().to_string())],
                ),
            ),
            Err(e) => Check::new(
                D::Microphone,
                needed(asked),
                words.say(D::MicrophoneRefused, &[("why", &e.to_string())]),
            ),
        },
        None => Check::new(
            D::Microphone,
            needed(asked),
            words.say(D::MicrophoneNone, &[]),
        ),
    }
}

/// What to do when the system speech does not answer: start the server
/// that is installed, or install one.
fn speech_server_advice() -> D {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    let installed =
        std::env::split_paths(&paths).any(|dir| dir.join("speech-dispatcher").is_file());
    if installed {
        D::ServerSilent
    } else {
        D::ServerMissing
    }
}

/// The chess engine `analyse` asks (stockfish on PATH).
fn engine(words: &Words) -> Check {
    match crate::engine::find_engine(None) {
        Some(path) => Check::new(D::Engine, Outcome::Works, path.display().to_string()),
        None => Check::new(D::Engine, Outcome::Note, words.say(D::EngineNone, &[])),
    }
}

/// How long the board named may take to say who it is: longer than a
/// silent line takes to be known as such ([`board::SILENCE`]).
const BOARD_WITHIN: Duration = Duration::from_secs(5);

/// The sighted player's electronic board: the one named in `[board] port`
/// (a fault when it cannot be read, or, for `auto`, when none answers),
/// else the first that answers on the machine's serial lines (a note when
/// none does), with its serial number and version.
fn electronic_board(
    words: &Words,
    named: Option<&str>,
    found: Result<board::BoardIdentity, BoardFault>,
) -> Check {
    let port = named.unwrap_or(board::AUTO);
    let identity = match found {
        Ok(identity) => identity,
        // Looked for and not found: a fault only when `auto` was asked.
        Err(BoardFault::NotThere) if port == board::AUTO => {
            return Check::new(
                D::ElectronicBoard,
                needed(named.is_some()),
                words.say(D::BoardNone, &[]),
            );
        }
        Err(fault) => {
            let line = [("port", port)];
            let detail = match fault {
                BoardFault::NotThere => words.say(D::BoardNotThere, &line),
                BoardFault::Busy => words.say(D::BoardBusy, &line),
                BoardFault::NotAllowed => words.say(D::BoardNotAllowed, &line),
                BoardFault::Silent | BoardFault::Lost => words.say(D::BoardSilent, &line),
                BoardFault::Other(why) => {
                    words.say(D::BoardFailed, &[("port", port), ("why", &why)])
                }
            };
            return Check::new(D::ElectronicBoard, needed(named.is_some()), detail);
        }
    };
    let unsaid = words.say(D::BoardUnsaid, &[]);
    Check::new(
        D::ElectronicBoard,
        Outcome::Works,
        words.say(
            D::BoardIdentity,
            &[
                ("maker", &identity.maker),
                ("port", &identity.port),
                ("serial", identity.serial.as_deref().unwrap_or(&unsaid)),
                ("version", identity.version.as_deref().unwrap_or(&unsaid)),
            ],
        ),
    )
}

/// The folder games are kept in: it must take a file.
fn games_folder(words: &Words) -> Check {
    let Some(dir) = crate::session::journal::games_dir() else {
        return Check::new(D::GamesFolder, Outcome::Fails, words.say(D::NoHome, &[]));
    };
    let probe = dir.join(format!(".doctor-{}", std::process::id()));
    let written = crate::files::private_dir(&dir)
        .and_then(|()| crate::files::write_private(&probe, b"zweibrett"));
    let _ = std::fs::remove_file(&probe);
    match written {
        Ok(()) => Check::new(D::GamesFolder, Outcome::Works, dir.display().to_string()),
        Err(e) => Check::new(
            D::GamesFolder,
            Outcome::Fails,
            words.say(
                D::GamesUnwritable,
                &[
                    ("folder", &dir.display().to_string()),
                    ("why", &e.to_string()),
                ],
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_the_outcome_first_in_the_packs_words() {
        let check = Check::new(D::Engine, Outcome::Note, "kein stockfish");
        let english = VoicePack::builtin("en");
        assert_eq!(
            check.line(english.doctor_sentences()),
            "note: engine: kein stockfish"
        );
        let german = VoicePack::builtin("fide");
        assert_eq!(
            check.line(german.doctor_sentences()),
            "Hinweis: Schachprogramm: kein stockfish"
        );
    }

    #[test]
    fn the_built_in_voice_fails_only_when_the_system_engine_was_asked_for() {
        let pack = VoicePack::builtin("en");
        let fallback = ActiveVoice::Builtin(Some("no speech-dispatcher".into()));
        let heard = Said::ToEnd(Duration::from_millis(900));
        let outcome = |backend| spoken(&pack, &fallback, heard, backend).outcome;
        assert_eq!(outcome(Backend::System), Outcome::Fails);
        assert_eq!(outcome(Backend::Auto), Outcome::Note);
        let off = ActiveVoice::Silent(output::SWITCHED_OFF.to_string());
        let off = spoken(&pack, &off, Said::NotTried, Backend::Auto);
        assert_eq!(off.outcome, Outcome::Works);
    }

    #[test]
    fn a_voice_is_ok_only_when_it_said_the_test_sentence_to_its_end() {
        let english = VoicePack::builtin("en");
        let system = ActiveVoice::System("speech-dispatcher, espeak-ng".into());
        let heard = spoken(
            &english,
            &system,
            Said::ToEnd(Duration::from_millis(850)),
            Backend::Auto,
        );
        assert_eq!(heard.outcome, Outcome::Works);
        assert_eq!(
            heard.detail,
            "the system speech engine (speech-dispatcher, espeak-ng) said a test sentence to its end in 0.9 seconds"
        );
        let unheard = spoken(&english, &system, Said::NotToEnd, Backend::Auto);
        assert_eq!(unheard.outcome, Outcome::Fails);
        assert!(
            unheard
                .detail
                .starts_with("the system speech engine (speech-dispatcher, espeak-ng) took a test sentence but did not say it to its end within 4 seconds: nothing is heard. speech-dispatcher answers but plays nothing"),
            "{}",
            unheard.detail
        );
        let builtin = ActiveVoice::Builtin(None);
        let mute = spoken(&english, &builtin, Said::NotToEnd, Backend::Builtin);
        assert_eq!(mute.outcome, Outcome::Fails);
        assert!(
            mute.detail.starts_with("the built-in voice took"),
            "{}",
            mute.detail
        );
        // The figure is written as the pack writes decimals.
        let german = VoicePack::builtin("fide");
        let heard = spoken(
            &german,
            &builtin,
            Said::ToEnd(Duration::from_millis(1210)),
            Backend::Auto,
        );
        assert_eq!(
            heard.detail,
            "die eingebaute Stimme hat einen Probesatz in 1,3 Sekunden zu Ende gesprochen"
        );
    }
}
