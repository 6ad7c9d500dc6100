use super::*;
use crate::clock::Instant;
use crate::game::{Command, Impaired, Press, Repetition, Setup};
use crate::notation::VoicePack;

/// A game with `moves` announced and pressed, one second each.
fn game(moves: &[&str]) -> Game {
    let setup = Setup {
        impaired: Impaired::Both,
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Separate,
        ..Setup::default()
    };
    let mut g = Game::new(setup, VoicePack::fide()).unwrap();
    let mut t = 0;
    for san in moves {
        let before = g.moves().len();
        t += 1;
        g.apply(&Command::Move((*san).into()), Instant::from_secs(t));
        t += 1;
        g.apply(&Command::Press, Instant::from_secs(t));
        assert_eq!(g.moves().len(), before + 1, "{san} was not played");
    }
    g
}

const OPERA: &[&str] = &["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3"];

#[test]
fn the_last_move_is_numbered_underlined_until_a_key_and_followed_by_the_step() {
    let g = game(&OPERA[..6]);
    let mut view = BrailleView::new();
    let line = view.line(&g, 40);
    assert!(line.text.starts_with("⠒ ⠤⠇⠛⠲ "), "{}", line.text);
    assert_eq!(line.underlined, Some(0..6));
    let shown = line.window(0..40, 40);
    assert_eq!(shown.text.chars().count(), 40);
    assert_eq!(shown.marks.len(), 40);
    assert!(shown.text.starts_with('⠒'));
    assert_eq!(shown.marks[0], UNDERLINE, "⠒ with dots 7-8");
    assert_eq!(shown.marks[6], 0, "the step is not underlined");
    assert_eq!(shown.read(), line.text.trim_end());
    assert!(!view.has_read(&g));
    view.key(DisplayKey::Home, &g, 40);
    assert!(view.has_read(&g));
    assert_eq!(view.line(&g, 40).underlined, None);
}

#[test]
fn the_pan_keys_go_through_the_score_and_back_to_the_game() {
    let g = game(OPERA);
    let mut view = BrailleView::new();
    view.key(DisplayKey::PanLeft, &g, 40);
    assert_eq!(view.line(&g, 40).text, "⠲ ⠤⠇⠰⠋⠒");
    view.key(DisplayKey::PanLeft, &g, 40);
    assert_eq!(view.line(&g, 40).text, "⠲ ⠙⠰⠑⠢ ⠇⠰⠋⠒");
    for _ in 0..10 {
        view.key(DisplayKey::PanLeft, &g, 40);
    }
    let first = view.line(&g, 40);
    assert!(first.text.starts_with("⠂ ⠑⠲ ⠑⠢ ⠆ ⠎⠋⠒"), "{}", first.text);
    assert_eq!(first.moves[0], (0..4, 0));
    // Routing over Black's second move opens it, with its words.
    let (cells, index) = first.moves[3].clone();
    view.key(DisplayKey::Route(cells.start + 1), &g, 40);
    let opened = view.line(&g, 40);
    assert!(opened.text.starts_with("⠆ ⠤⠙⠖ "), "{}", opened.text);
    assert!(opened.text.contains(&g.moves()[index].words));
    for _ in 0..20 {
        view.key(DisplayKey::PanRight, &g, 40);
    }
    assert!(view.line(&g, 40).text.starts_with("⠲ ⠤⠇⠰⠋⠒ "));
}

#[test]
fn a_routing_key_over_no_move_changes_nothing() {
    let g = game(OPERA);
    let mut view = BrailleView::new();
    let before = view.line(&g, 40);
    view.key(DisplayKey::Route(39), &g, 40);
    assert_eq!(view.line(&g, 40).text, before.text);
}

#[test]
fn the_board_rank_by_rank_with_white_pieces_in_dot_seven() {
    let g = game(&["e4"]);
    let mut view = BrailleView::new();
    view.key(DisplayKey::LineDown, &g, 40);
    let eight = view.line(&g, 40);
    assert_eq!(eight.text, "⠦ ⠗⠎⠇⠟⠅⠇⠎⠗");
    assert!(eight.extra.is_empty(), "no White piece on rank 8");
    for _ in 0..4 {
        view.key(DisplayKey::LineDown, &g, 40);
    }
    let four = view.line(&g, 40);
    // a4 is light, e4 holds White's pawn.
    assert_eq!(four.text, "⠲ ⠄⠤⠄⠤⠏⠤⠄⠤");
    assert_eq!(four.extra, vec![(6, WHITE_PIECE)]);
    let shown = four.window(0..40, 40);
    assert_eq!(shown.text.chars().nth(6), Some('⠏'));
    assert_eq!(shown.marks[6], WHITE_PIECE);
    for _ in 0..10 {
        view.key(DisplayKey::LineDown, &g, 40);
    }
    assert!(view.line(&g, 40).text.starts_with("⠂ "), "stays on rank 1");
    for _ in 0..8 {
        view.key(DisplayKey::LineUp, &g, 40);
    }
    assert!(
        view.line(&g, 40).text.starts_with("⠂ ⠑⠲ "),
        "back to the game"
    );
}

#[test]
fn the_pieces_by_colour_in_the_packs_words() {
    let g = game(OPERA);
    let mut view = BrailleView::new();
    view.key(DisplayKey::Bottom, &g, 40);
    let black = view.line(&g, 80).text;
    assert!(black.starts_with("Schwarz"), "{black}");
    assert!(black.contains(" ⠅⠑⠦ ⠟⠙⠦ ⠗⠁⠦⠓⠦ ⠇⠋⠒⠋⠦ ⠎⠃⠦⠛⠦"), "{black}");
    view.key(DisplayKey::Top, &g, 40);
    assert!(view.line(&g, 80).text.contains(" ⠅⠑⠂ "));
}

#[test]
fn notices_take_the_line_in_turn_until_each_is_acknowledged() {
    let g = game(&OPERA[..2]);
    let mut view = BrailleView::new();
    view.hold("Remis angeboten");
    view.hold("Fallblättchen Weiß");
    assert_eq!(view.line(&g, 40).text, "Remis angeboten");
    view.key(DisplayKey::PanLeft, &g, 40);
    assert_eq!(view.line(&g, 40).text, "Fallblättchen Weiß");
    assert_eq!(view.held(), 1);
    view.key(DisplayKey::PanLeft, &g, 40);
    assert!(
        view.line(&g, 40).text.starts_with("⠂ ⠤⠑⠢"),
        "the key only acknowledged"
    );
}

#[test]
fn a_new_move_replaces_what_the_player_was_looking_at() {
    let mut g = game(&OPERA[..2]);
    let mut view = BrailleView::new();
    view.follow(&g);
    view.key(DisplayKey::PanLeft, &g, 40);
    view.key(DisplayKey::PanLeft, &g, 40);
    view.follow(&g);
    assert_eq!(view.line(&g, 40).text, "⠂ ⠑⠲ ⠑⠢");
    g.apply(&Command::Move("Nf3".into()), Instant::from_secs(100));
    g.apply(&Command::Press, Instant::from_secs(101));
    view.follow(&g);
    let line = view.line(&g, 40);
    assert!(line.text.starts_with("⠆ ⠎⠋⠒ "), "{}", line.text);
    assert_eq!(line.underlined, Some(0..5));
}

#[test]
fn reading_everything_the_pan_keys_read_the_messages_and_the_line_keys_show_the_board() {
    let g = game(&OPERA[..2]);
    let mut view = BrailleView::reading_everything();
    assert!(
        view.line(&g, 40).text.starts_with("⠂ ⠤⠑⠢"),
        "the game before any message"
    );
    view.said("Eva vier", Urgency::InTurn, &g);
    view.said("Eva fünf", Urgency::InTurn, &g);
    let first = view.line(&g, 40);
    assert_eq!(first.text, "Eva vier");
    assert_eq!(first.underlined, Some(0..first.text.chars().count()));
    view.key(DisplayKey::PanRight, &g, 40);
    assert_eq!(view.line(&g, 40).text, "Eva fünf");
    view.key(DisplayKey::LineDown, &g, 40);
    assert!(view.line(&g, 40).text.starts_with("⠦ "));
    view.key(DisplayKey::Home, &g, 40);
    assert_eq!(view.line(&g, 40).text, "Eva fünf");
    view.key(DisplayKey::Home, &g, 40);
    assert_eq!(view.messages().unwrap().unread(), 0);
}

#[test]
fn a_text_asked_for_stays_until_the_next_key() {
    let g = game(&OPERA[..2]);
    let mut view = BrailleView::new();
    view.key(DisplayKey::Clocks, &g, 40);
    view.show_text("Weiß 0:09:58.0 Schwarz 0:09:59.0");
    assert_eq!(view.line(&g, 40).text, "Weiß 0:09:58.0 Schwarz 0:09:59.0");
    view.key(DisplayKey::Home, &g, 40);
    assert!(view.line(&g, 40).text.starts_with("⠂ ⠤⠑⠢ "));
}

/// The cells a view shows, as text.
fn shown(view: &BrailleView, g: &Game, width: usize) -> String {
    view.shown(g, width).read()
}

/// Every window of the line a view shows, read by pan right from its
/// start until the line changes to another.
fn read_whole(view: &mut BrailleView, g: &Game, width: usize) -> Vec<String> {
    let whole = view.line(g, width).cells();
    let mut read = vec![shown(view, g, width)];
    loop {
        view.key(DisplayKey::PanRight, g, width);
        if view.line(g, width).cells() != whole {
            return read;
        }
        let next = shown(view, g, width);
        if Some(&next) == read.last() || read.len() > whole.len() {
            return read;
        }
        read.push(next);
    }
}

#[test]
fn a_ruling_is_read_whole_by_pan_right_at_20_and_40_cells_then_acknowledged() {
    let g = game(&OPERA[..2]);
    let ruling = "Der Schiedsrichter sieht das Fallblättchen von Weiß: Schwarz gewinnt, 0-1";
    for width in [20, 40] {
        let mut view = BrailleView::new();
        view.hold(ruling);
        let whole = ruling;
        let cells: Vec<char> = whole.chars().collect();
        let expected: Vec<String> = windows(&cells, width)
            .into_iter()
            .map(|r| cells[r].iter().collect())
            .collect();
        assert!(expected.len() > 1, "longer than {width} cells");
        let mut read = vec![shown(&view, &g, width)];
        for _ in 1..expected.len() {
            view.key(DisplayKey::PanRight, &g, width);
            read.push(shown(&view, &g, width));
            assert_eq!(view.held(), 1, "not acknowledged before its end");
        }
        assert_eq!(read, expected, "at {width} cells");
        assert!(read.concat().ends_with(&"0-1"));
        // Pan left reads back; the next key at the end acknowledges it.
        view.key(DisplayKey::PanLeft, &g, width);
        assert_eq!(shown(&view, &g, width), expected[expected.len() - 2]);
        view.key(DisplayKey::PanRight, &g, width);
        assert_eq!(view.held(), 1);
        view.key(DisplayKey::PanRight, &g, width);
        assert_eq!(view.held(), 0, "read to its end, then acknowledged");
        assert!(shown(&view, &g, width).starts_with("⠂ ⠤⠑⠢"));
    }
}

#[test]
fn the_pieces_the_clocks_and_the_step_are_read_whole_and_windows_break_between_words() {
    let g = game(OPERA);
    for width in [20, 40] {
        let mut view = BrailleView::new();
        view.key(DisplayKey::Top, &g, width);
        let whole = view.line(&g, width).cells();
        let read = read_whole(&mut view, &g, width);
        assert!(read.iter().all(|w| w.chars().count() <= width));
        let solid = |t: String| t.replace([' ', '⠀'], "");
        assert_eq!(
            solid(read.concat()),
            solid(whole.iter().collect()),
            "White's pieces at {width} cells: {read:?}"
        );
        // After the last window pan right goes on: back to the game.
        assert_eq!(
            view.line(&g, width).text,
            BrailleView::new().line(&g, width).text,
            "{read:?}"
        );

        let clocks = "Weiß: neun Minuten, achtundfünfzig Sekunden; Schwarz: neun Minuten, siebenundfünfzig Sekunden";
        view.key(DisplayKey::Clocks, &g, width);
        view.show_text(clocks);
        let read = read_whole(&mut view, &g, width);
        let words: Vec<String> = clocks.split(' ').map(String::from).collect();
        for window in &read {
            for piece in window.split(' ') {
                assert!(
                    words.iter().any(|w| w == piece),
                    "\"{piece}\" is a whole word at {width} cells: {read:?}"
                );
            }
        }
        assert_eq!(read.join(" "), clocks, "at {width} cells");
    }
    // The game line: the move, then the step, read on.
    let mut view = BrailleView::new();
    let read = read_whole(&mut view, &g, 20);
    assert_eq!(
        read.join(" "),
        view.line(&g, 20).text,
        "the status read whole at 20 cells"
    );
}

#[test]
fn reading_everything_a_move_comes_in_the_code_and_the_step_shows_once_all_is_read() {
    let g = game(&OPERA[..4]);
    let mut view = BrailleView::reading_everything();
    view.said_move(3, Urgency::InTurn, &g);
    view.said("Noch eine Minute", Urgency::InTurn, &g);
    // 2… d6 with its number and side, in the chess code.
    assert_eq!(view.line(&g, 40).text, "⠆ ⠤⠙⠖");
    assert_eq!(view.line(&g, 40).underlined, Some(0..5));
    view.key(DisplayKey::PanRight, &g, 40);
    assert_eq!(view.line(&g, 40).text, "Noch eine Minute");
    // Everything read: the game, its last move and the step.
    view.key(DisplayKey::PanRight, &g, 40);
    let step = view.line(&g, 40).text;
    assert!(step.starts_with("⠆ ⠤⠙⠖ Weiß am Zug"), "{step}");
    // Pan left goes back to the newest message.
    view.key(DisplayKey::PanLeft, &g, 40);
    assert_eq!(view.line(&g, 40).text, "Noch eine Minute");
}

#[test]
fn what_is_typed_shows_with_its_typing_point_and_back_gives_the_display_away_until_the_next_move() {
    let g = game(&OPERA[..2]);
    let mut view = BrailleView::new();
    view.typing("Nf3", 3);
    let shown = view.shown(&g, 20);
    assert_eq!(shown.read(), "Nf3");
    assert_eq!(shown.cursor, Some(3));
    // A line longer than the display: the window holds the typing point.
    let long = "Springer Felix drei mit Schach";
    view.typing(long, long.chars().count());
    let shown = view.shown(&g, 20);
    assert!(long.ends_with(&shown.read()), "{}", shown.read());
    assert_eq!(shown.cursor, Some(19));
    view.typing("", 0);
    assert!(view.shown(&g, 40).read().starts_with("⠂ ⠤⠑⠢"));
    // Back: given away until the next move, or until a letter is typed.
    view.key(DisplayKey::GiveBack, &g, 40);
    assert!(view.given_back());
    view.typing("N", 1);
    assert!(!view.given_back());
    view.typing("", 0);
    view.key(DisplayKey::GiveBack, &g, 40);
    let after = game(&OPERA[..3]);
    view.follow(&after);
    assert!(!view.given_back(), "the next move takes the display again");
}
