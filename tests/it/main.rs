//! The program's integration tests, one binary: each module is one group of tests (tests/README.md), and `common` holds what they share.

mod common;

/// The program picks its voice pack from the locale where nothing names
/// one: every test runs it in one locale, whatever the machine's, set
/// before the test binary's main and so before any thread.
#[used]
#[unsafe(link_section = ".init_array")]
static ONE_LOCALE: extern "C" fn() = one_locale;

extern "C" fn one_locale() {
    // SAFETY: run before main, on the process's only thread.
    unsafe {
        std::env::remove_var("LC_ALL");
        std::env::remove_var("LC_MESSAGES");
        std::env::set_var("LANG", "C.UTF-8");
    }
}

mod analyse_explorer_plain;
mod analyse_follow;
mod analyse_own_moves_plain;
mod analyse_plain;
mod analyse_position_plain;
mod analyse_steps_plain;
mod analyse_tags_plain;
mod analysis_questions;
mod analysis_replay;
mod appendix_c;
mod audit_cli;
mod board_line;
mod board_plain;
mod board_screen_tmux;
mod board_speech_capture;
mod braille_analysis;
mod braille_brltty;
mod braille_deafblind;
mod braille_reader;
mod braille_stalled;
mod builtin_rate;
mod builtin_voice;
mod cli_moves;
mod cli_options;
mod clock_extremes_plain;
mod clock_plain;
mod clock_realtime;
mod clock_sim;
mod config_cli;
mod config_faults;
mod doctor;
mod doctor_speech;
mod dumb_terminal_tmux;
mod engine_extremes;
mod enrol_plain;
mod game_answers_plain;
mod game_appendix_c_plain;
mod game_clock_laws_plain;
mod game_crash;
mod game_dead_position;
mod game_files;
mod game_laws_plain;
mod game_pgn;
mod game_plain;
mod game_position_plain;
mod game_rated_plain;
mod game_roles_plain;
mod game_session;
mod game_transcript_plain;
mod generated_files;
mod guide_headings;
mod hall_braille;
mod hall_faults;
mod hall_plain;
mod hall_screen_tmux;
mod hall_speech_capture;
mod hear_corpus;
mod hear_enrolment;
mod hear_generations;
mod hear_lost_words;
mod hear_neighbours;
mod hear_other_side;
mod hear_plain;
mod hear_room;
mod hear_screen_tmux;
mod hear_second_opinion;
mod hear_streamed;
mod idle_audio;
mod journal_faults;
mod layers;
mod live_input_plain;
mod low_vision_tmux;
mod map;
mod mistakes_plain;
mod one_language_forms_tmux;
mod one_language_plain;
mod one_language_screen_tmux;
mod output_faults;
mod outside_text;
mod parser_props;
mod pgn_bounds;
mod pgn_files;
mod pgn_found;
mod pgn_generated;
mod pgn_met_plain;
mod phrased_round_trip;
mod private_files;
mod round_trip;
mod say_real_games;
mod score_cli;
mod screen_journal_tmux;
mod screen_log_tmux;
mod screen_paste_tmux;
mod screen_reader_found;
mod screen_roles_tmux;
mod screen_tmux;
mod screen_transcript_tmux;
mod seat_faults;
mod seat_flood_tmux;
mod seat_join;
mod seat_screen_tmux;
mod seat_ssh;
mod signals_tmux;
mod speech;
mod speech_retry_capture;
mod suspend_tmux;
mod system_speech;
mod system_speech_client;
mod system_voice_capture;
mod table_speech_capture;
mod time_control_props;
mod typed_letters_plain;
