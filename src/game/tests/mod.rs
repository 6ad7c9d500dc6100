//! Protocol tests.
