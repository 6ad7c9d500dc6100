//! The core's integration tests, one binary.

mod national_letters;
mod never_a_guess;
