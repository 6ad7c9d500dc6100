//! The keys of the pack's `[browse]` section: the full screen for going through games: the list of games, the game, the help of its keys.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[browse]` section: the full screen for going through games: the list of games, the game, the help of its keys.
    pub enum BrowseSentence in "browse" {
        /// "Games in {file}: {shown} shown of {total}"
        GamesShown = "games_shown" ["file", "shown", "total"],
    }
}
