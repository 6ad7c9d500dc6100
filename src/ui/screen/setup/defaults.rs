//! What the setup form shows before anything is changed: the `[game]`
//! section of the configuration, with `[clock] time` and the top-level
//! `voice`.

use serde::Deserialize;

use crate::clock::TimeControl;
use crate::clock::TimeControlError;
use crate::clock::schedule::ClockSettings;
use crate::game::{EventRules, Impaired, Press, Repetition, Role};
use crate::session::config::{Config, ConfigError};

/// Why the configured defaults of a new game cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DefaultsError {
    /// A section cannot be read.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `[clock] time` is no time control (6.1).
    #[error("{place}: [clock] time: {source}; the presets are {presets}")]
    Time {
        /// The file and line the value came from.
        place: String,
        /// Why the time control cannot be read.
        source: TimeControlError,
        /// The presets' names, comma-separated.
        presets: String,
    },
    /// A `[game]` key has a value it does not allow.
    #[error("{place}: [game] {key} = \"{text}\" is not allowed; it may be {allowed}")]
    NotAllowed {
        /// The file and line the value came from.
        place: String,
        /// The key.
        key: String,
        /// The value as written.
        text: String,
        /// The values allowed, quoted and comma-separated.
        allowed: String,
    },
}

/// The `[game]` section as written; each value is checked by
/// [`SetupDefaults::from_config`] so that a fault names the key and the
/// values it allows.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct GameSection {
    white: String,
    black: String,
    impaired: String,
    assistant: bool,
    role: String,
    repetition: String,
    press: String,
    rules: String,
    quickplay_finish: bool,
    piece_letters: Vec<String>,
    training: bool,
}

impl Default for GameSection {
    fn default() -> GameSection {
        GameSection {
            white: "White".into(),
            black: "Black".into(),
            impaired: "white".into(),
            assistant: false,
            role: "player".into(),
            repetition: "strict".into(),
            press: String::new(),
            rules: "a4".into(),
            quickplay_finish: false,
            piece_letters: Vec::new(),
            training: false,
        }
    }
}

/// The values a new game's setup form starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupDefaults {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Who is visually impaired (D.1).
    pub impaired: Impaired,
    /// Whether an assistant relays moves and keeps the score (D.2.10,
    /// D.2.11).
    pub assistant: bool,
    /// Who types at the keyboard (D.2.7, D.2.10, D.2.9).
    pub role: Role,
    /// The time control: a preset name or a PGN `TimeControl` tag.
    pub time: String,
    /// The voice pack's id.
    pub voice: String,
    /// How the opponent repeats an announced move (D.2.1).
    pub repetition: Repetition,
    /// How the clock is pressed after the announcement (D.2.4); `None`
    /// for the role's own way ([`Role::press`]).
    pub press: Option<Press>,
    /// Which rules for rapid and blitz the event applies (A.6, B.4).
    pub rules: EventRules,
    /// Whether the event announces Guidelines III (III.2.1).
    pub quickplay_finish: bool,
    /// The languages whose piece letters moves are typed in (Appendix
    /// C.3); empty for the voice pack's own.
    pub piece_letters: Vec<String>,
    /// Whether a new game is a training game rather than a rated one
    /// (11.3.1).
    pub training: bool,
}

impl Default for SetupDefaults {
    /// The shipped configuration's values.
    fn default() -> SetupDefaults {
        SetupDefaults::from_config(&Config::defaults())
            .expect("the shipped [game] section is valid")
    }
}

impl SetupDefaults {
    /// The name of the player of `side`.
    pub fn name(&self, side: shakmaty::Color) -> &str {
        match side {
            shakmaty::Color::White => &self.white,
            shakmaty::Color::Black => &self.black,
        }
    }

    /// Reads `[game]`, `[clock] time` and `voice`. A value that cannot be
    /// used is refused with a message naming the key and what it allows.
    pub fn from_config(config: &Config) -> Result<SetupDefaults, DefaultsError> {
        let game: GameSection = config.section("game")?;
        let time = config.section::<ClockSettings>("clock")?.time;
        // A control with no time at all ("0+0") is the core's to refuse,
        // as on the command line.
        let control = TimeControl::named_or_parsed(&time);
        if let Err(source) = control {
            return Err(DefaultsError::Time {
                place: place(config, &["clock", "time"]),
                source,
                presets: crate::clock::control::PRESETS
                    .iter()
                    .map(|(name, _, _)| *name)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        Ok(SetupDefaults {
            white: game.white,
            black: game.black,
            impaired: one_of(
                config,
                "impaired",
                &game.impaired,
                &[
                    ("white", Impaired::White),
                    ("black", Impaired::Black),
                    ("both", Impaired::Both),
                ],
            )?,
            assistant: game.assistant,
            role: one_of(
                config,
                "role",
                &game.role,
                &[
                    ("player", Role::Player),
                    ("assistant", Role::Assistant),
                    ("arbiter", Role::Arbiter),
                ],
            )?,
            time,
            voice: config.voice(None),
            repetition: one_of(
                config,
                "repetition",
                &game.repetition,
                &[
                    ("strict", Repetition::Strict),
                    ("quick", Repetition::Quick),
                    ("off", Repetition::Off),
                ],
            )?,
            press: match game.press.trim() {
                "" => None,
                text => Some(one_of(
                    config,
                    "press",
                    text,
                    &[("separate", Press::Separate), ("auto", Press::Auto)],
                )?),
            },
            rules: one_of(
                config,
                "rules",
                &game.rules,
                &[("a4", EventRules::Competition), ("a5", EventRules::A5)],
            )?,
            quickplay_finish: game.quickplay_finish,
            training: game.training,
            piece_letters: match crate::notation::TypedLetters::named(&game.piece_letters) {
                Ok(_) => game.piece_letters,
                Err(e) => {
                    return Err(DefaultsError::NotAllowed {
                        place: place(config, &["game", "piece_letters"]),
                        key: "piece_letters".to_string(),
                        text: e.name,
                        allowed: format!("\"every\" or language subtags: {}", e.known),
                    });
                }
            },
        })
    }
}

/// The value named by `text` among `allowed`, or a message naming the key
/// and the allowed words.
fn one_of<T: Copy>(
    config: &Config,
    key: &str,
    text: &str,
    allowed: &[(&str, T)],
) -> Result<T, DefaultsError> {
    allowed
        .iter()
        .find(|(word, _)| word.eq_ignore_ascii_case(text.trim()))
        .map(|(_, value)| *value)
        .ok_or_else(|| {
            let words: Vec<String> = allowed.iter().map(|(w, _)| format!("\"{w}\"")).collect();
            DefaultsError::NotAllowed {
                place: place(config, &["game", key]),
                key: key.to_string(),
                text: text.to_string(),
                allowed: words.join(", "),
            }
        })
}

/// "FILE, line N" of a key, for messages.
fn place(config: &Config, path: &[&str]) -> String {
    let (file, line) = config.place(path);
    format!("{file}, line {line}")
}
