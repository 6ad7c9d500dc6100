use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::Position;
use ratatui::style::Modifier;

pub(crate) mod languages;
mod selection;

use super::*;
use crate::session::config::Config;
use crate::ui::screen::theme::Theme;

const DATE: &str = "2026.11.21";

fn press(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn packs() -> Vec<String> {
    ["fide", "pt", "es", "en"].map(String::from).to_vec()
}

/// The English pack: these tests read the form's English words.
fn english() -> crate::notation::VoicePack {
    crate::notation::VoicePack::builtin("en")
}

fn form() -> SetupForm {
    SetupForm::in_pack(SetupDefaults::default(), packs(), english())
}

fn said(outcome: SetupOutcome) -> String {
    match outcome {
        SetupOutcome::Say(text) => text,
        other => panic!("expected a sentence, got {other:?}"),
    }
}

fn type_text(form: &mut SetupForm, text: &str) {
    for c in text.chars() {
        assert_eq!(
            form.key(press(KeyCode::Char(c)), DATE),
            SetupOutcome::Nothing
        );
    }
}

/// Moves the focus down to `label`.
fn focus_on(form: &mut SetupForm, label: &str) {
    for _ in 0..FIELDS.len() {
        if form.label(form.focus) == label {
            return;
        }
        form.key(press(KeyCode::Tab), DATE);
    }
    panic!("no field {label}");
}

fn draw(form: &SetupForm, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| form.render(frame, frame.area(), &Theme::standard()))
        .unwrap();
    terminal
}

#[test]
fn the_intro_names_the_form_and_the_first_field() {
    assert_eq!(
        form().intro(),
        "New game: eighteen settings. Tab moves between them, Enter on Start begins. \
         White's name: White, selected. Typing replaces it; the arrows or Backspace edit it. \
         1 of 19."
    );
}

#[test]
fn tab_down_up_and_shift_tab_move_and_say_each_field() {
    let mut form = form();
    assert_eq!(
        said(form.key(press(KeyCode::Tab), DATE)),
        "Black's name: Black, selected. Typing replaces it; the arrows or Backspace edit it. \
         2 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Down), DATE)),
        "Visually impaired: White. Choice, Left and Right change it. 3 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Enter), DATE)),
        "Assistant: no. No assistant at the table. Choice, Left and Right change it. 4 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Down), DATE)),
        "Who types (role): player. You are the visually impaired player: you type your own \
         move, then your opponent's move as you heard it, one text and Enter each (D.2.1, \
         D.2.7). Choice, Left and Right change it. 5 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Down), DATE)),
        "Time control: standard, selected. Ninety minutes for forty moves, then thirty \
         minutes, thirty seconds per move from move one. Typing replaces it, as you would say \
         it, such as 15 plus 10; Left and Right choose a preset. 6 of 19."
    );
    form.key(press(KeyCode::Up), DATE);
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Assistant: no. No assistant at the table. Choice, Left and Right change it. 4 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::BackTab), DATE)),
        "Visually impaired: White. Choice, Left and Right change it. 3 of 19."
    );
    for _ in 0..16 {
        form.key(press(KeyCode::Tab), DATE);
    }
    assert_eq!(form.focus, Field::Start);
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Electronic board: empty. No electronic board: every move is typed. Text, type to \
         change it. 18 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Piece letters: English. Moves are typed with the piece letters K Q R B N; a letter \
         that two of them give to two pieces is asked about. Choice, Left and Right change it. \
         17 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Training game: no. A rated game: during play only what the score and your own board \
         give, no attackers or legal moves (11.3.1). Choice, Left and Right change it. 16 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Chess960: no. The usual rules of castling. Choice, Left and Right change it. 15 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Start position (FEN): empty. Text, type to change it. 14 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Quickplay finish: no. Guidelines III are not announced. \
         Choice, Left and Right change it. 13 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Event rules: competition, A.4 and B.2. Rapid and blitz under the Competition Rules: \
         an arbiter for at most three games, and the Laws as in standard play. \
         Choice, Left and Right change it. 12 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Clock press: automatic. Automatic press: the clock is pressed as soon as the move \
         is announced. Choice, Left and Right change it. 11 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Up), DATE)),
        "Repetition of moves: off. Only the arbiter enters the repetition (D.2.1); in this \
         role the opponent's move as typed is the repetition. \
         Choice, Left and Right change it. 10 of 19."
    );
    for _ in 0..8 {
        form.key(press(KeyCode::Down), DATE);
    }
    assert_eq!(
        said(form.key(press(KeyCode::Tab), DATE)),
        "Start the game. Button, Enter starts the game. 19 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Tab), DATE)),
        "White's name: White, selected. Typing replaces it; the arrows or Backspace edit it. \
         1 of 19.",
        "Tab goes round from the last field to the first"
    );
    assert_eq!(
        said(form.key(press(KeyCode::BackTab), DATE)),
        "Start the game. Button, Enter starts the game. 19 of 19.",
        "and Shift-Tab back"
    );
}

#[test]
fn choices_cycle_both_ways_and_say_the_new_value() {
    let mut form = form();
    focus_on(&mut form, "Visually impaired");
    let mut turn = |code| said(form.key(press(code), DATE));
    assert_eq!(turn(KeyCode::Right), "Black.");
    assert_eq!(turn(KeyCode::Char(' ')), "Both.");
    assert_eq!(turn(KeyCode::Right), "White.");
    assert_eq!(turn(KeyCode::Left), "Both.");
    assert_eq!(
        turn(KeyCode::Down),
        "Assistant: no. No assistant at the table. Choice, Left and Right change it. 4 of 19."
    );
    let yes = "yes. An assistant relays the moves and keeps the score for the visually \
               impaired player (D.2.10).";
    assert_eq!(turn(KeyCode::Right), yes);
    assert_eq!(turn(KeyCode::Left), "no. No assistant at the table.");
    assert_eq!(turn(KeyCode::Char(' ')), yes);
    turn(KeyCode::Down);
    turn(KeyCode::Down);
    turn(KeyCode::Down);
    assert_eq!(turn(KeyCode::Right), "pt.");
    assert_eq!(turn(KeyCode::Left), "fide.");
    assert_eq!(turn(KeyCode::Left), "en.");
    turn(KeyCode::Down);
    let reader = "my screen reader. Your screen reader speaks: the program says nothing \
                  itself and writes each text once, on a line of its own (in line mode).";
    assert_eq!(turn(KeyCode::Right), reader);
    assert_eq!(
        turn(KeyCode::Left),
        "the program's voice. The program speaks with its own voice."
    );
    turn(KeyCode::Down);
    assert_eq!(
        turn(KeyCode::Right),
        "verbose. Every step is said, and the time after each press."
    );
    assert!(turn(KeyCode::Right).starts_with("quiet. Only the moves"));
    assert!(turn(KeyCode::Left).starts_with("verbose."));
    turn(KeyCode::Down);
    // The player does not enter the repetition: the field says so and
    // stays as it is.
    let not_for_player = "off. Only the arbiter enters the repetition (D.2.1); in this role \
                          the opponent's move as typed is the repetition.";
    assert_eq!(turn(KeyCode::Right), not_for_player);
    assert_eq!(turn(KeyCode::Left), not_for_player);
    turn(KeyCode::Down);
    let automatic =
        "automatic. Automatic press: the clock is pressed as soon as the move is announced.";
    // The player's own press, automatic, is where the choice starts.
    assert!(turn(KeyCode::Right).starts_with("separate. Separate press: "));
    assert_eq!(turn(KeyCode::Right), automatic);
    assert!(turn(KeyCode::Left).starts_with("separate. Separate press: "));
    assert_eq!(form.impaired, Impaired::Both);
    assert!(form.assistant);
    assert_eq!(form.voice, "en");
    assert!(!form.reader());
    assert_eq!(form.profile(), SpeechProfile::Verbose);
    assert_eq!(form.role.repetition(form.repetition), Repetition::Off);
    assert_eq!(form.press, Press::Separate);
}

#[test]
fn typing_edits_at_the_typing_point_silently_and_leaving_says_the_value() {
    let mut form = form();
    for _ in 0..5 {
        assert_eq!(
            form.key(press(KeyCode::Backspace), DATE),
            SetupOutcome::Nothing
        );
    }
    assert_eq!(form.white.text(), "");
    type_text(&mut form, "Ana Lma");
    form.key(press(KeyCode::Left), DATE);
    form.key(press(KeyCode::Left), DATE);
    type_text(&mut form, "i");
    assert_eq!(form.white.text(), "Ana Lima");
    assert_eq!(form.white.before_caret(), "Ana Li");
    form.key(press(KeyCode::Home), DATE);
    form.key(press(KeyCode::Delete), DATE);
    type_text(&mut form, "Jo");
    form.key(press(KeyCode::Right), DATE);
    form.key(press(KeyCode::End), DATE);
    type_text(&mut form, "ß");
    assert_eq!(form.white.text(), "Jona Limaß");
    form.key(press(KeyCode::Backspace), DATE);
    // A control chord is not text.
    let ctrl_a = KeyEvent::new(KeyCode::Char('a'), KeyModifiers::CONTROL);
    assert_eq!(form.key(ctrl_a, DATE), SetupOutcome::Nothing);
    // A key release is not a second key press.
    let mut release = press(KeyCode::Char('x'));
    release.kind = KeyEventKind::Release;
    assert_eq!(form.key(release, DATE), SetupOutcome::Nothing);
    assert_eq!(form.white.text(), "Jona Lima");
    assert_eq!(
        said(form.key(press(KeyCode::Tab), DATE)),
        "White's name: Jona Lima. Black's name: Black, selected. Typing replaces it; the \
         arrows or Backspace edit it. 2 of 19."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Tab), DATE)),
        "Visually impaired: White. Choice, Left and Right change it. 3 of 19.",
        "an unchanged name is not said again"
    );
}

#[test]
fn left_and_right_choose_a_time_control_preset() {
    let mut form = form();
    focus_on(&mut form, "Time control");
    assert_eq!(
        said(form.key(press(KeyCode::Right), DATE)),
        "standard-120, classical: 2 hours for 40 moves, 1 hour for 20, then 15 minutes with 30 seconds per move."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Left), DATE)),
        "standard, FIDE standard: 90 minutes for 40 moves, then 30 minutes, 30 seconds per move from move one."
    );
    assert_eq!(
        said(form.key(press(KeyCode::Left), DATE)),
        "blitz-5, 5 minutes, 3 seconds per move."
    );
    assert_eq!(form.time.text(), "blitz-5");
    // A tag can be typed; in it Left and Right move the typing point.
    for _ in 0.."blitz-5".len() {
        form.key(press(KeyCode::Backspace), DATE);
    }
    type_text(&mut form, "30d5");
    assert_eq!(form.key(press(KeyCode::Left), DATE), SetupOutcome::Nothing);
    assert_eq!(form.key(press(KeyCode::Left), DATE), SetupOutcome::Nothing);
    type_text(&mut form, "0");
    assert_eq!(form.time.text(), "300d5");
    assert_eq!(form.fault(Field::Time), None);
    form.key(press(KeyCode::Up), DATE);
    assert_eq!(
        said(form.key(press(KeyCode::Down), DATE)),
        "Time control: 300d5, selected. Five minutes, a delay of five seconds per move from \
         move one. Typing replaces it, as you would say it, such as 15 plus 10; Left and Right \
         edit it. 6 of 19."
    );
    // Home starts editing the selected tag instead of replacing it.
    // Emptied, Right begins again with the first preset.
    form.key(press(KeyCode::Home), DATE);
    for _ in 0..5 {
        form.key(press(KeyCode::Delete), DATE);
    }
    assert_eq!(form.time.text(), "");
    form.key(press(KeyCode::Right), DATE);
    assert_eq!(form.time.text(), "standard");
}

#[test]
fn an_invalid_time_control_stops_the_start_and_is_said() {
    let mut form = form();
    focus_on(&mut form, "Time control");
    form.key(press(KeyCode::End), DATE);
    type_text(&mut form, "x");
    assert_eq!(form.time.text(), "standardx");
    let fault = form
        .fault(Field::Time)
        .expect("standardx is no time control");
    focus_on(&mut form, "Start the game");
    let sentence = said(form.key(press(KeyCode::Enter), DATE));
    assert_eq!(form.focus, Field::Time, "the focus goes to the fault");
    assert_eq!(
        sentence,
        format!(
            "The game cannot start: Time control: {fault}. Time control: standardx, selected. \
             Typing replaces it, as you would say it, such as 15 plus 10; Left and Right edit \
             it. 6 of 19."
        )
    );
    // F10 from anywhere finds the first invalid field, here the empty name.
    for _ in 0..4 {
        form.key(press(KeyCode::Up), DATE);
    }
    assert_eq!(form.focus, Field::Black);
    for _ in 0..5 {
        form.key(press(KeyCode::Backspace), DATE);
    }
    form.key(press(KeyCode::Down), DATE);
    let sentence = said(form.key(press(KeyCode::F(10)), DATE));
    assert_eq!(form.focus, Field::Black);
    assert!(
        sentence.starts_with("The game cannot start: Black's name: a name is needed"),
        "{sentence}"
    );
}

#[test]
fn a_voice_pack_not_offered_is_a_fault() {
    let defaults = SetupDefaults {
        voice: "klingon".into(),
        ..SetupDefaults::default()
    };
    let mut form = SetupForm::in_pack(defaults, packs(), english());
    let sentence = said(form.key(press(KeyCode::F(10)), DATE));
    assert_eq!(form.focus, Field::Voice);
    assert!(
        sentence.contains("there is no voice pack called klingon; there are fide, pt, es, en"),
        "{sentence}"
    );
    assert_eq!(said(form.key(press(KeyCode::Right), DATE)), "fide.");
    assert!(matches!(
        form.key(press(KeyCode::F(10)), DATE),
        SetupOutcome::Start(_)
    ));
}

#[test]
fn start_gives_the_setup_of_the_form() {
    let mut form = form();
    for _ in 0..5 {
        form.key(press(KeyCode::Backspace), DATE);
    }
    type_text(&mut form, "  Ana Lima ");
    form.key(press(KeyCode::Enter), DATE);
    for _ in 0..5 {
        form.key(press(KeyCode::Backspace), DATE);
    }
    type_text(&mut form, "Rui Paz");
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Right), DATE); // impaired: Black
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Right), DATE); // assistant: yes
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Left), DATE); // role: arbiter, its press separate
    form.key(press(KeyCode::Enter), DATE);
    type_text(&mut form, "5400+30"); // replaces the selected default
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Right), DATE); // voice: pt
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Enter), DATE); // speech: the program's voice
    form.key(press(KeyCode::Enter), DATE); // profile: normal
    form.key(press(KeyCode::Right), DATE); // repetition: quick
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Right), DATE); // press: automatic
    form.key(press(KeyCode::Enter), DATE);
    // The form speaks the chosen pack's language from now on.
    assert_eq!(
        form.key(press(KeyCode::Right), DATE),
        SetupOutcome::Say(
            "A.5 e B.3. Partidas rápidas e de blitz sem essa supervisão: a regulação do relógio \
             mantém-se depois de dez lances de cada jogador, um lance ilegal mantém-se depois de \
             o adversário jogar, e a vitória por tempo é reclamada."
                .into()
        )
    );
    form.key(press(KeyCode::Enter), DATE);
    assert!(
        said(form.key(press(KeyCode::Char(' ')), DATE))
            .starts_with("sim. O evento anuncia as Diretrizes III")
    );
    form.key(press(KeyCode::Enter), DATE);
    type_text(&mut form, CHESS960_FEN);
    form.key(press(KeyCode::Enter), DATE);
    form.key(press(KeyCode::Right), DATE); // Chess960: yes
    form.key(press(KeyCode::Enter), DATE);
    // A training game: every question answered (11.3.1 holds a rated one).
    assert!(said(form.key(press(KeyCode::Right), DATE)).starts_with("sim. Uma partida de treino"));
    form.key(press(KeyCode::Enter), DATE);
    // Piece letters: the Spanish ones beside the pack's and English.
    assert!(said(form.key(press(KeyCode::Right), DATE)).starts_with("Deutsch, English."));
    assert!(said(form.key(press(KeyCode::Right), DATE)).starts_with("español, English."));
    form.key(press(KeyCode::Enter), DATE);
    // No electronic board.
    form.key(press(KeyCode::Enter), DATE);
    assert_eq!(form.focus, Field::Start);
    assert_eq!(form.board(), None);
    assert_eq!(
        form.key(press(KeyCode::Enter), DATE),
        SetupOutcome::Start(Setup {
            white: "Ana Lima".into(),
            black: "Rui Paz".into(),
            impaired: Impaired::Black,
            assistant: true,
            role: Role::Arbiter,
            time: "5400+30".into(),
            voice: "pt".into(),
            repetition: Repetition::Quick,
            press: Press::Auto,
            event: "?".into(),
            site: "?".into(),
            date: DATE.into(),
            fen: Some(CHESS960_FEN.into()),
            rules: crate::game::EventRules::A5,
            quickplay_finish: true,
            chess960: true,
            piece_letters: vec!["es".into()],
            training: true,
            pairing: crate::game::Pairing::default(),
            live_copy: None,
        })
    );
}

/// A Chess960 position with both castlings possible (Guidelines II).
const CHESS960_FEN: &str = "1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1";

#[test]
fn a_bad_fen_keeps_its_field_and_says_why_the_game_cannot_start() {
    let mut form = form();
    for _ in 0..13 {
        form.key(press(KeyCode::Tab), DATE);
    }
    assert_eq!(form.focus, Field::Position);
    type_text(&mut form, "4k3/8/8 w - - 0 1");
    let said = said(form.key(press(KeyCode::F(10)), DATE));
    assert_eq!(
        said,
        "The game cannot start: Start position (FEN): The FEN cannot be read: the board \
         is not as FEN writes it. Start position (FEN): 4k3/8/8 w - - 0 1, selected. \
         Typing replaces it; the arrows or Backspace edit it. 14 of 19.",
        "the fault is said once"
    );
    assert_eq!(form.focus, Field::Position, "the focus goes to the fault");
    assert_eq!(
        form.position.text(),
        "4k3/8/8 w - - 0 1",
        "the text is kept"
    );
    // Emptied, the field is the usual starting position again.
    for _ in 0.."4k3/8/8 w - - 0 1".len() {
        form.key(press(KeyCode::Backspace), DATE);
    }
    assert!(matches!(
        form.key(press(KeyCode::F(10)), DATE),
        SetupOutcome::Start(Setup { fen: None, .. })
    ));
}

#[test]
fn f10_starts_from_any_field_with_the_defaults() {
    let mut form = form();
    form.key(press(KeyCode::Tab), DATE);
    assert_eq!(
        form.key(press(KeyCode::F(10)), "2027.01.02"),
        SetupOutcome::Start(Setup {
            date: "2027.01.02".into(),
            role: Role::Player,
            press: Press::Auto,
            // Only the arbiter enters the repetition.
            repetition: Repetition::Off,
            ..Setup::default()
        })
    );
}

#[test]
fn escape_cancels_and_f1_asks_for_help() {
    let mut form = form();
    assert_eq!(form.key(press(KeyCode::Esc), DATE), SetupOutcome::Cancel);
    assert_eq!(form.key(press(KeyCode::F(1)), DATE), SetupOutcome::Help);
    assert_eq!(form.focus, Field::White, "neither changes the form");
}

#[test]
fn defaults_come_from_the_configuration() {
    let defaults = SetupDefaults::from_config(&Config::defaults()).unwrap();
    assert_eq!(
        defaults,
        SetupDefaults {
            white: "White".into(),
            black: "Black".into(),
            impaired: Impaired::White,
            assistant: false,
            role: Role::Player,
            time: "standard".into(),
            voice: "fide".into(),
            repetition: Repetition::Strict,
            press: None,
            rules: crate::game::EventRules::Competition,
            quickplay_finish: false,
            piece_letters: Vec::new(),
            training: false,
        }
    );
    let user = "voice = \"pt\"\n[clock]\ntime = \"rapid\"\n\
                [game]\nblack = \"Rui Paz\"\nimpaired = \"both\"\nassistant = true\n\
                repetition = \"off\"\npress = \"auto\"\nrules = \"a5\"\n\
                quickplay_finish = true\nrole = \"assistant\"\n\
                piece_letters = [\"es\", \"fr\"]\ntraining = true\n";
    let config = Config::with_user_text(user, "mine.toml").unwrap();
    assert_eq!(
        SetupDefaults::from_config(&config).unwrap(),
        SetupDefaults {
            white: "White".into(),
            black: "Rui Paz".into(),
            impaired: Impaired::Both,
            assistant: true,
            role: Role::Assistant,
            time: "rapid".into(),
            voice: "pt".into(),
            repetition: Repetition::Off,
            press: Some(Press::Auto),
            rules: crate::game::EventRules::A5,
            quickplay_finish: true,
            piece_letters: vec!["es".into(), "fr".into()],
            training: true,
        }
    );
}

#[test]
fn a_bad_default_names_the_key_and_the_allowed_values() {
    let refused = |text: &str| {
        let config = Config::with_user_text(text, "mine.toml").unwrap();
        SetupDefaults::from_config(&config).unwrap_err().to_string()
    };
    assert_eq!(
        refused("[game]\nimpaired = \"nobody\"\n"),
        "mine.toml, line 2: [game] impaired = \"nobody\" is not allowed; it may be \"white\", \"black\", \"both\""
    );
    assert_eq!(
        refused("[game]\nrepetition = \"twice\"\n"),
        "mine.toml, line 2: [game] repetition = \"twice\" is not allowed; it may be \"strict\", \"quick\", \"off\""
    );
    assert_eq!(
        refused("[game]\npress = \"foot\"\n"),
        "mine.toml, line 2: [game] press = \"foot\" is not allowed; it may be \"separate\", \"auto\""
    );
    assert_eq!(
        refused("[game]\nrules = \"b5\"\n"),
        "mine.toml, line 2: [game] rules = \"b5\" is not allowed; it may be \"a4\", \"a5\""
    );
    let e = refused("[game]\nassistant = \"maybe\"\n");
    assert!(e.contains("mine.toml") && e.contains("[game]"), "{e}");
    let e = refused("[game]\nreferee = \"Ana\"\n");
    assert!(e.contains("referee"), "{e}");
    let e = refused("[clock]\ntime = \"forever\"\n");
    assert!(
        e.starts_with("mine.toml, line 2: [clock] time: time control \"forever\"")
            && e.contains("blitz-5"),
        "{e}"
    );
    let e = refused("[clock]\ntime = \"0+0\"\n");
    assert!(
        e.starts_with(
            "mine.toml, line 2: [clock] time: time control \"0+0\": period 1: no time at all"
        ),
        "{e}"
    );
    let e = refused("[clock]\ntime = \"99999999999+0\"\n");
    assert!(e.starts_with("mine.toml, line 2: [clock] time:"), "{e}");
}

#[test]
fn the_opening_screen() {
    let form = form();
    let mut terminal = draw(&form, 72, 24);
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(
        terminal.get_cursor_position().unwrap(),
        Position::new(3 + 21 + 1 + 5, 1),
        "the cursor is at the end of White's name"
    );
    let buffer = terminal.backend().buffer();
    assert!(
        buffer[(0, 1)].modifier.contains(Modifier::REVERSED),
        "the focused field is in reverse video"
    );
    assert!(!buffer[(0, 2)].modifier.contains(Modifier::REVERSED));
    // The selected name is underlined; the label is not.
    assert!(
        buffer[(3 + 21 + 1, 1)]
            .modifier
            .contains(Modifier::UNDERLINED)
    );
    assert!(!buffer[(3, 1)].modifier.contains(Modifier::UNDERLINED));
}

#[test]
fn an_invalid_time_control_shows_its_fault() {
    let mut form = form();
    focus_on(&mut form, "Time control");
    for _ in 0.."standard".len() {
        form.key(press(KeyCode::Backspace), DATE);
    }
    type_text(&mut form, "40/5400+30:1800x");
    form.key(press(KeyCode::Left), DATE);
    form.key(press(KeyCode::Home), DATE);
    form.key(press(KeyCode::Delete), DATE);
    type_text(&mut form, "4");
    let terminal = draw(&form, 72, 24);
    insta::assert_snapshot!(terminal.backend());
    let mut terminal = terminal;
    assert_eq!(
        terminal.get_cursor_position().unwrap(),
        Position::new(3 + 21 + 1 + 1, 6),
        "the cursor is after the typed 4"
    );
}

#[test]
fn the_cursor_sits_on_a_choice_and_on_the_button() {
    let mut form = form();
    focus_on(&mut form, "Visually impaired");
    let mut terminal = draw(&form, 72, 24);
    assert_eq!(
        terminal.get_cursor_position().unwrap(),
        Position::new(3 + 21 + 2, 3)
    );
    focus_on(&mut form, "Start the game");
    let mut terminal = draw(&form, 72, 24);
    assert_eq!(
        terminal.get_cursor_position().unwrap(),
        Position::new(5, 19)
    );
}

#[test]
fn a_window_too_small_says_so() {
    let (w, h) = SetupForm::min_size();
    let mut terminal = draw(&form(), w - 1, h);
    let first: String = (0..w - 1)
        .map(|x| terminal.backend().buffer()[(x, 0)].symbol().to_string())
        .collect();
    assert!(first.starts_with("The window is too small"), "{first}");
    assert_eq!(terminal.get_cursor_position().unwrap(), Position::new(0, 0));
}

#[test]
fn the_electronic_board_is_named_looked_for_or_none_and_a_line_not_there_is_said() {
    let mut form = form().with_board(Some("/dev/ttyUSB97".into()));
    assert_eq!(form.board().as_deref(), Some("/dev/ttyUSB97"));
    focus_on(&mut form, "Electronic board");
    let described = form.describe(Field::Board);
    assert!(
        described.starts_with(
            "Electronic board: /dev/ttyUSB97, selected. The DGT board on /dev/ttyUSB97: the \
             sighted player's moves are read from it and announced. There is no /dev/ttyUSB97 \
             now: the game looks for the board there until it is plugged in."
        ),
        "{described}"
    );
    // A line not there is no fault: the game may start before the board
    // is plugged in.
    assert_eq!(form.fault(Field::Board), None);
    type_text(&mut form, "auto");
    let left = said(form.key(press(KeyCode::Tab), DATE));
    assert!(
        left.starts_with(
            "Electronic board: auto. The first serial line a DGT board answers on: the sighted \
             player's moves are read from it and announced."
        ),
        "{left}"
    );
    assert_eq!(form.board().as_deref(), Some("auto"));
    // Emptied, no board.
    form.key(press(KeyCode::BackTab), DATE);
    for _ in 0.."auto".len() {
        form.key(press(KeyCode::Backspace), DATE);
    }
    assert_eq!(form.board(), None);
}
