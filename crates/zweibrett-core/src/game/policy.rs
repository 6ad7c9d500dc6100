//! The speech policy: what is said without being asked, for each role at
//! the keyboard and each profile. Everything is shown; this decides what
//! is also spoken. The player alone hears the echo of their own move and
//! the opponent's move as they heard it, and is left the silence in which
//! the opponent announces the reply (D.2.1); the assistant tells the time
//! only on request (D.2.10.4); the arbiter, who keeps the whole protocol,
//! hears each step.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::event::EventKind;
use super::rules::Termination;
use super::setup::Role;

/// How much is said without being asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpeechProfile {
    /// The moves, the results, the warnings: nothing else.
    Quiet,
    /// What the role needs (the default).
    #[default]
    Normal,
    /// Every step as well: the prompts and the time after each press.
    Verbose,
}

impl SpeechProfile {
    /// The profile's name as the configuration writes it.
    pub fn name(self) -> &'static str {
        match self {
            SpeechProfile::Quiet => "quiet",
            SpeechProfile::Normal => "normal",
            SpeechProfile::Verbose => "verbose",
        }
    }
}

impl std::str::FromStr for SpeechProfile {
    type Err = String;
    fn from_str(text: &str) -> Result<SpeechProfile, String> {
        [
            SpeechProfile::Quiet,
            SpeechProfile::Normal,
            SpeechProfile::Verbose,
        ]
        .into_iter()
        .find(|p| p.name().eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| text.trim().to_string())
    }
}

/// What is said unasked in one game: who is at the keyboard, and how much
/// they want to hear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpeechPolicy {
    /// Who is at the keyboard.
    pub role: Role,
    /// How much they want to hear.
    pub profile: SpeechProfile,
}

/// The silence after the player's own move, in which the opponent
/// announces the reply (D.2.1).
const OPPONENT_ANNOUNCES: Duration = Duration::from_secs(3);

impl SpeechPolicy {
    /// Whether the mover's time is said after each press (D.2.6.1), where
    /// the configuration does not say: for the arbiter; for the player only
    /// when verbose, who asks with `time` and hears the thresholds; never
    /// for the assistant, who tells it on request (D.2.10.4).
    pub fn time_after_press(self) -> bool {
        match (self.role, self.profile) {
            (_, SpeechProfile::Quiet) | (Role::Assistant, _) => false,
            (Role::Arbiter, _) => true,
            (Role::Player, profile) => profile == SpeechProfile::Verbose,
        }
    }

    /// Whether the step that follows a command (whose turn, what to
    /// enter) is said as well as shown: for the assistant and the arbiter,
    /// who enter every step; for the player only when verbose.
    pub fn says_prompt(self) -> bool {
        match (self.role, self.profile) {
            (_, SpeechProfile::Quiet) => false,
            (Role::Player, profile) => profile == SpeechProfile::Verbose,
            _ => true,
        }
    }

    /// Whether an event of `kind` is said, among the events of one
    /// command (`with`): the clock starting with a move is heard in the
    /// move's own echo, for the player and when quiet; a game ended on time
    /// is heard in the one sentence that ends it.
    pub fn says_event(self, kind: &EventKind, with: &[EventKind]) -> bool {
        // A game lost or drawn on time is one sentence (6.9): the flag
        // seen, the time up and the clock stopped are shown, not said.
        let on_time = |k: &EventKind| matches!(k, EventKind::Over(o) if o.termination == Termination::FlagFall);
        if with.iter().any(on_time) {
            return on_time(kind);
        }
        let quiet = self.profile == SpeechProfile::Quiet
            || (self.role == Role::Player && self.profile == SpeechProfile::Normal);
        !(quiet
            && matches!(kind, EventKind::ClockSwitched(_))
            && with.contains(&EventKind::Announced))
    }

    /// How long nothing else starts to speak after the echo of the
    /// player's own move; clock notices wait until then.
    pub fn quiet_after_own_move(self) -> Duration {
        match (self.role, self.profile) {
            (Role::Player, SpeechProfile::Verbose) | (Role::Assistant | Role::Arbiter, _) => {
                Duration::ZERO
            }
            (Role::Player, _) => OPPONENT_ANNOUNCES,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Color;

    fn policy(role: Role, profile: SpeechProfile) -> SpeechPolicy {
        SpeechPolicy { role, profile }
    }

    #[test]
    fn the_player_hears_the_moves_and_keeps_the_silence_after_their_own() {
        let p = policy(Role::Player, SpeechProfile::Normal);
        assert!(!p.time_after_press());
        assert!(!p.says_prompt());
        assert_eq!(p.quiet_after_own_move(), Duration::from_secs(3));
        let started = EventKind::ClockSwitched(Color::White);
        assert!(!p.says_event(&started, &[started.clone(), EventKind::Announced]));
        assert!(
            p.says_event(&started, std::slice::from_ref(&started)),
            "a press alone"
        );
        let verbose = policy(Role::Player, SpeechProfile::Verbose);
        assert!(verbose.time_after_press() && verbose.says_prompt());
        assert_eq!(verbose.quiet_after_own_move(), Duration::ZERO);
    }

    #[test]
    fn a_game_ended_on_time_is_heard_in_one_sentence() {
        use crate::game::{GameResult, Outcome};
        let on_time = EventKind::Over(Outcome {
            result: GameResult::WhiteWins,
            termination: Termination::FlagFall,
        });
        let with = [EventKind::Clock, EventKind::Ruling, on_time.clone()];
        for role in [Role::Player, Role::Assistant, Role::Arbiter] {
            let p = policy(role, SpeechProfile::Verbose);
            assert!(p.says_event(&on_time, &with));
            assert!(!p.says_event(&EventKind::Clock, &with));
            assert!(!p.says_event(&EventKind::Ruling, &with));
            // Under A.5 the flag waits for a claim: the time up is said.
            assert!(p.says_event(&EventKind::Clock, &[EventKind::Clock]));
        }
    }

    #[test]
    fn the_assistant_tells_the_time_on_request_and_the_arbiter_hears_each_step() {
        let assistant = policy(Role::Assistant, SpeechProfile::Verbose);
        assert!(!assistant.time_after_press(), "D.2.10.4");
        assert!(assistant.says_prompt());
        let arbiter = policy(Role::Arbiter, SpeechProfile::Normal);
        assert!(arbiter.time_after_press() && arbiter.says_prompt());
        let quiet = policy(Role::Arbiter, SpeechProfile::Quiet);
        assert!(!quiet.time_after_press() && !quiet.says_prompt());
        assert_eq!("Verbose".parse(), Ok(SpeechProfile::Verbose));
        assert_eq!("loud".parse::<SpeechProfile>(), Err("loud".to_string()));
    }
}
