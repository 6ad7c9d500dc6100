//! How zweibrett's full screen looks to a player who sees poorly: theme
//! files read into a [`theme::ThemeDescription`], and the WCAG 2.1
//! contrast of every pair of colours a theme draws one on the other
//! ([`contrast`]). Nothing here draws on a terminal or knows chess; the
//! program turns a description into its styles and says a weak pair in
//! the voice pack's words.

#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod contrast;
pub mod palette;
pub mod theme;
