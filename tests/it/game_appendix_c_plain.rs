//! The example game of the Laws' Appendix C played through in plain mode as
//! a user types it: moves in SAN and in the pack's words, each announced
//! (D.2.1), the clock pressed and the move repeated by the opponent (strict
//! repetition, D.2.5), a slip of the tongue corrected before the press
//! (D.2.8), a repetition that does not match (a divergence settled by the
//! arbiter, D.2.9), a question for the time (D.2.6.1, D.2.10), questions on
//! the user's own board, help and quit. Every line of output is checked;
//! then the game is resumed with all its half-moves.

use crate::common;

use std::time::Duration;

use common::Sandbox;

const SCRIPT: &[&str] = &[
    "e4",
    "press",
    "repeat e4",
    "Eva fünf",
    "press",
    "repeat Eva fünf",
    "Springer Felix drei",
    "press",
    "repeat Nf3",
    "Nf6",
    "press",
    "repeat Springer Felix sechs",
    "d3",
    "correct d4",
    "press",
    "repeat d4",
    "exd4",
    "time",
    "press",
    "repeat exd4",
    "e5",
    "press",
    "repeat Nxd4",
    "align",
    "Springer Eva vier",
    "press",
    "repeat Ne4",
    "Qxd4",
    "press",
    "repeat Qxd4",
    "d5",
    "press",
    "repeat d5",
    "exd6",
    "press",
    "repeat exd6",
    "Nxd6",
    "press",
    "repeat Nxd6",
    "Bg5",
    "press",
    "repeat Bg5",
    "Nc6",
    "press",
    "repeat Nc6",
    "Qe3+",
    "press",
    "repeat Qe3",
    "Be7",
    "press",
    "repeat Be7",
    "Nbd2",
    "press",
    "repeat Nbd2",
    "O-O",
    "press",
    "repeat O-O",
    "Lange Rochade",
    "press",
    "repeat O-O-O",
    "Re8",
    "press",
    "repeat Re8",
    "Kb1",
    "press",
    "repeat Kb1",
    "pieces",
    "square e4",
    "rank 1",
    "help",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "more",
    "quit",
];

const EXPECTED: &[&str] = &[
    "note: Eine gewertete Partie: während der Partie nur, was Partieformular und eigenes Brett zeigen, keine Angreifer und keine möglichen Züge (11.3.1).",
    "journal: *.jsonl",
    // The talking clock names the whole control as the game opens.
    "clock: Bedenkzeit: neunzig Minuten für vierzig Züge, dann dreißig Minuten, dreißig Sekunden pro Zug ab Zug eins.",
    // Then the start, with who is to move.
    "start: Partie beginnt. Weiß am Zug.",
    // White's clock holds the first move's increment from the start.
    "clocks: Weiß 1:30:30.0 Schwarz 1:30:00.0, 0 Züge ausgeführt",
    "> Weiß am Zug: Zug eingeben, oder drücken startet die Uhr",
    "clock: Uhr läuft",
    "announced: 1. e4: Eva vier",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Eva vier",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 1... e5: Eva fünf",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Eva fünf",
    "> Weiß am Zug: Zug eingeben",
    "announced: 2. Nf3: Springer Felix drei",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer Felix drei",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 2... Nf6: Springer Felix sechs",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer Felix sechs",
    "> Weiß am Zug: Zug eingeben",
    "announced: 3. d3: David drei",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "corrected: 3. d4: Berichtigung: David vier",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: David vier",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 3... exd4: Eva schlägt David vier",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "answer: Weiß: eine Stunde *; Schwarz: eine Stunde *; zwei Züge",
    "clocks: Weiß #:##:##.# Schwarz #:##:##.#, 2 Züge ausgeführt",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Eva schlägt David vier",
    "> Weiß am Zug: Zug eingeben",
    "announced: 4. e5: Eva fünf",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "divergence: Die Bretter weichen voneinander ab. Angesagt: Eva fünf. Wiederholt: Springer schlägt David vier. Den Schiedsrichter rufen.",
    "ruling: Gilt der angesagte Zug (D.2.9): Das Brett von Weiß ist richtig. Das Brett von Schwarz wird berichtigt, 4 Felder: auf Felix drei Springer von Weiß hinstellen, auf David vier Springer von Weiß durch Bauer von Schwarz ersetzen und Bauer von Weiß von Eva vier nach Eva fünf stellen.",
    "clock: Uhr angehalten",
    "> die Bretter weichen ab: angleichen oder zurücknehmen",
    "ruling: Das Brett von Schwarz wird berichtigt, 4 Felder: auf Felix drei Springer von Weiß hinstellen, auf David vier Springer von Weiß durch Bauer von Schwarz ersetzen und Bauer von Weiß von Eva vier nach Eva fünf stellen.",
    "agreed: Die Bretter stimmen wieder überein.",
    "clock: Uhr läuft",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 4... Ne4: Springer Eva vier",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer Eva vier",
    "> Weiß am Zug: Zug eingeben",
    "announced: 5. Qxd4: Dame schlägt David vier",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Dame schlägt David vier",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 5... d5: David fünf",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: David fünf",
    "> Weiß am Zug: Zug eingeben",
    "announced: 6. exd6: Eva schlägt David sechs en passant",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Eva schlägt David sechs en passant",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 6... Nxd6: Springer schlägt David sechs",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer schlägt David sechs",
    "> Weiß am Zug: Zug eingeben",
    "announced: 7. Bg5: Läufer Gustav fünf",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Läufer Gustav fünf",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 7... Nc6: Springer Cesar sechs",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer Cesar sechs",
    "> Weiß am Zug: Zug eingeben",
    "announced: 8. Qe3+: Dame Eva drei Schach",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Dame Eva drei Schach",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 8... Be7: Läufer Eva sieben",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Läufer Eva sieben",
    "> Weiß am Zug: Zug eingeben",
    "announced: 9. Nbd2: Springer Bella David zwei",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Springer Bella David zwei",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 9... O-O: Kurze Rochade",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Kurze Rochade",
    "> Weiß am Zug: Zug eingeben",
    "announced: 10. O-O-O: Lange Rochade",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Lange Rochade",
    "> Schwarz am Zug: Zug eingeben",
    "announced: 10... Re8: Turm Eva acht",
    "> Schwarz: Uhr drücken oder den Zug berichtigen",
    "clock: Schwarz: eine Stunde * Minuten",
    "> Weiß: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: Turm Eva acht",
    "> Weiß am Zug: Zug eingeben",
    "announced: 11. Kb1: König Bella eins",
    "> Weiß: Uhr drücken oder den Zug berichtigen",
    "clock: Weiß: eine Stunde * Minuten",
    "> Schwarz: Zug wiederholen oder bestätigen, dann ziehen",
    "repeated: Wiederholt: König Bella eins",
    "> Schwarz am Zug: Zug eingeben",
    "answer: Weiß: König Bella eins, Dame Eva drei, Turm David eins und Hector eins, Läufer Felix eins und Gustav fünf, Springer David zwei und Felix drei und Bauer Anna zwei, Bella zwei, Cesar zwei, Felix zwei, Gustav zwei und Hector zwei",
    "> Schwarz am Zug: Zug eingeben",
    "answer: Eva vier: leer",
    "> Schwarz am Zug: Zug eingeben",
    "answer: Anna eins: leer; Bella eins: König von Weiß; Cesar eins: leer; David eins: Turm von Weiß; Eva eins: leer; Felix eins: Läufer von Weiß; Gustav eins: leer; Hector eins: Turm von Weiß",
    "> Schwarz am Zug: Zug eingeben",
    // The help, a part at a time, then once more than there are parts.
    "help: Hilfe, Teil 1 von 17: Züge.",
    "help: Sie sind als Schiedsrichter an der Tastatur: den Zug eingeben, dann drücken, dann die Wiederholung des Gegners: wiederholen und den Zug, oder bestätigen.",
    "help: Ein Zug in beliebiger Notation, so wie er angesagt wird.",
    "help: nochmal, wahlweise weiß oder schwarz: den letzten Zug noch einmal sagen.",
    "help: berichtigen, dann einen Zug: den letzten Zug berichtigen, so eingegeben, wie er gemeint war.",
    "help: wiederholen, dann einen Zug: die Wiederholung des Zuges durch den Gegner.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 2 von 17: Züge.",
    "help: bestätigen: bestätigen, dass der Gegner den Zug wiederholt hat.",
    "help: zurück: den letzten Halbzug zurücknehmen, einen nach dem Drücken bemerkten Versprecher.",
    "help: zurücknehmen, wahlweise die Zahl der Halbzüge, die bleiben: zurück bis dahin, wo die Partieformulare voneinander abweichen, sonst den letzten Halbzug; mit einer Zahl so viele Halbzüge behalten.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 3 von 17: berührte Figuren und Hängepartie.",
    "help: berührt, wahlweise eine Seite und eine Notiz mit den berührten Feldern: ein Spieler hat eine Figur berührt: der sehende Spieler, oder der sehbehinderte hat eine aus ihrem Loch genommen (D.2.2); eine Notiz darf mit der Seite beginnen, und die Felder, die sie der Reihe nach nennt, binden diesen Spieler (4.3, 4.4).",
    "help: abgeben, dann einen Zug: den Zug bei einer Hängepartie abgeben.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 4 von 17: die Uhr.",
    "help: Zeit, wahlweise weiß oder schwarz: die Zeit: als Spieler die eigene, sonst beide; mit weiß oder schwarz die dieser Seite.",
    "help: drücken: die Uhr drücken.",
    "help: Pause: die Uhren anhalten.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 5 von 17: die Uhr.",
    "help: weiter: die Uhren wieder starten.",
    "help: Inkrement, wahlweise vom Schiedsrichter zustimmen oder verweigern: in den letzten zwei Minuten fünf Sekunden je Zug beantragen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 6 von 17: Remisangebote und Reklamationen.",
    "help: Remis anbieten, wahlweise weiß oder schwarz: Remis anbieten; nach einem Zug bietet der Ziehende an.",
    "help: annehmen, wahlweise weiß oder schwarz: das angebotene Remis annehmen.",
    "help: ablehnen, wahlweise weiß oder schwarz: das angebotene Remis ablehnen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 7 von 17: Remisangebote und Reklamationen.",
    "help: beanspruchen, dann dreimalig oder fünfzig: Remis beanspruchen; der beabsichtigte Zug kann folgen und nicht mehr geändert werden.",
    "help: Endspurt, wahlweise vom Schiedsrichter unentschieden, abweisen oder verschieben: in den letzten zwei Minuten Remis beanspruchen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 8 von 17: Aufgabe, Blättchenfall und Ergebnis.",
    "help: aufgeben, wahlweise weiß oder schwarz: die Partie aufgeben.",
    "help: Blättchenfall: den Blättchenfall des Gegners reklamieren.",
    "help: unterschreiben, wahlweise weiß oder schwarz: das Ergebnis bestätigen, wie die Unterschrift auf den Partieformularen (8.7).",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 9 von 17: das eigene Brett.",
    "help: Figuren, wahlweise weiß, schwarz, meine oder alle: die Figuren auf dem eigenen Brett.",
    "help: Feld, dann ein Feld: was auf einem Feld steht.",
    "help: Reihe, dann eine Reihenzahl: eine Reihe, Feld für Feld.",
    "help: Linie, dann einen Linienbuchstaben: eine Linie, Feld für Feld.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 10 von 17: das eigene Brett.",
    "help: Diagonale, dann zwei Felder einer Diagonale: eine Diagonale, Feld für Feld.",
    "help: Könige, Damen, Türme, alle Läufer, alle Springer, Bauern: wo alle Figuren dieser Art stehen.",
    "help: Material: das Material beider Seiten.",
    "help: letzter: der letzte Zug.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 11 von 17: das Partieformular.",
    "help: Partieformular, wahlweise englisch, deutsch (die Figurenbuchstaben dieser Sprache) oder Figurinen (die Figurensymbole): das Partieformular, vorgelesen.",
    "help: Punktschrift: das Partieformular in Punktschrift.",
    "help: pgn: die Partie als PGN.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 12 von 17: das Partieformular.",
    "help: speichern, wahlweise pgn (die PGN-Datei) oder Punktschrift und vielleicht einen Dateinamen (das Partieformular in Punktschrift): die Partie in eine Datei neben ihrer Aufzeichnung schreiben.",
    "help: Prüfung: beide Bretter mit beiden Partieformularen vergleichen.",
    "help: Brett, dann weiß oder schwarz und was das Brett zeigt: was das Brett eines Spielers zeigt, verglichen mit den Partieformularen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 13 von 17: das Programm.",
    "help: zuhören: auf einen gesprochenen Zug hören, oder aufhören.",
    "help: Hilfe: diese Hilfe.",
    "help: mehr: der nächste Teil der Hilfe.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 14 von 17: das Programm.",
    "help: schneller, langsamer: die Stimme spricht schneller oder langsamer; für spätere Partien gespeichert.",
    "help: lauter, leiser: die Stimme spricht lauter oder leiser; für spätere Partien gespeichert.",
    "help: beenden: beenden; die Partie kann fortgesetzt werden.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 15 von 17: der Schiedsrichter.",
    "help: berührt-geführt, dann stattgeben oder bleibt: über eine berührte Figur entscheiden.",
    "help: regelwidrig, dann weiß oder schwarz: ein vollendeter regelwidriger Zug dieser Seite.",
    "help: Stellungsfehler, dann Könige, Grundreihe, besteht oder behoben: eine regelwidrige Stellung auf dem Brett.",
    "help: Zeitgutschrift, dann weiß oder schwarz und Sekunden: einer Uhr Sekunden gutschreiben oder abziehen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 16 von 17: der Schiedsrichter.",
    "help: Zeit stellen, dann weiß oder schwarz und eine Zeit (Sekunden, M:SS oder H:MM:SS): eine Uhr stellen.",
    "help: Züge stellen, dann weiß oder schwarz und eine Zahl von Zügen: die von einer Uhr gezählten Züge stellen.",
    "help: Bedenkzeit, dann eine Bedenkzeit (eine Vorgabe oder ein PGN-Tag): die Bedenkzeit ändern.",
    "help: Fallblättchen, dann beide: beide Fallblättchen sind gefallen.",
    "help: Weiter mit mehr.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Hilfe, Teil 17 von 17: der Schiedsrichter.",
    "help: angleichen: Brett und Partieformular des Wiederholenden folgen der Partie.",
    "help: öffnen: den abgegebenen Zug öffnen.",
    "help: Wiederaufnahme, dann Datum, Uhrzeit und Ort der Wiederaufnahme: Datum, Uhrzeit und Ort der Wiederaufnahme für den Umschlag angeben.",
    "help: verloren, dann eine Seite und der Artikel: 6.7.1, 11.3.2.2, 11.7 oder 12.9.6: die Partie für eine Seite als verloren erklären.",
    "help: Die englischen Befehlswörter gelten ebenso.",
    "> Schwarz am Zug: Zug eingeben",
    "help: Das war die ganze Hilfe; Hilfe sagt sie von vorn.",
    "> Schwarz am Zug: Zug eingeben",
    "clock: Uhr angehalten",
    "note: Die Partie ist gespeichert; zweibrett fortsetzen setzt sie fort.",
];

/// The 21 half-moves of Appendix C.
const SANS: &str =
    "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3+ Be7 Nbd2 O-O O-O-O Re8 Kb1";

const LIMIT: Duration = Duration::from_secs(60);

/// Whether `line` fits `pattern`: `#` stands for one digit, `*` for any
/// text (the clock's readings depend on how fast the program runs); every
/// other character must be there as it is.
fn fits(pattern: &str, line: &str) -> bool {
    fn go(p: &[char], l: &[char]) -> bool {
        match p.split_first() {
            None => l.is_empty(),
            Some(('*', rest)) => (0..=l.len()).any(|i| go(rest, &l[i..])),
            Some(('#', rest)) => l.first().is_some_and(char::is_ascii_digit) && go(rest, &l[1..]),
            Some((c, rest)) => l.first() == Some(c) && go(rest, &l[1..]),
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let l: Vec<char> = line.chars().collect();
    go(&p, &l)
}

fn stdout(output: &std::process::Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The half-moves of a PGN's movetext, without numbers, comments and result
/// (a wrapped movetext line may begin with a comment's `[%emt`).
fn pgn_moves(pgn: &str) -> Vec<String> {
    let movetext: String = pgn
        .lines()
        .filter(|l| {
            let header = l.starts_with('[') && l.ends_with("\"]");
            !header && !l.starts_with('>') && !l.starts_with("note: ")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|t| !t.ends_with('.') && *t != "*")
        .map(String::from)
        .collect()
}

#[test]
fn the_patterns_match_digits_and_text_only_where_asked() {
    assert!(fits("clocks: White #:##", "clocks: White 1:30"));
    assert!(!fits("clocks: White #:##", "clocks: White 1:3x"));
    assert!(fits("eine Stunde * Minuten", "eine Stunde zwei Minuten"));
    assert!(!fits("eine Stunde * Minuten", "eine Stunde zwei Sekunden"));
    assert!(!fits("Eva vier", "Eva vier!"));
}

#[test]
fn the_example_game_is_played_line_by_line_and_resumed() {
    let sandbox = Sandbox::new("appendix-c-plain");
    let script = SCRIPT.join("\n") + "\n";
    let played = sandbox.run_with_input(
        &[
            "--plain",
            "--speech",
            "none",
            "play",
            "--role",
            "arbiter",
            "--white",
            "Anna",
            "--black",
            "Bert",
            "--impaired",
            "white",
        ],
        &script,
        LIMIT,
    );
    let out = stdout(&played);
    let lines: Vec<&str> = out.lines().collect();
    for (n, (pattern, line)) in EXPECTED.iter().zip(&lines).enumerate() {
        assert!(
            fits(pattern, line),
            "line {}: expected {pattern:?}, got {line:?}\n{out}",
            n + 1
        );
    }
    assert_eq!(lines.len(), EXPECTED.len(), "{out}");

    let resumed = stdout(&sandbox.run_with_input(
        &["--plain", "--speech", "none", "fortsetzen"],
        "pgn\nquit\n",
        LIMIT,
    ));
    assert!(
        resumed.contains(&format!("resumed: 21 Halbzüge: {SANS}\n")),
        "{resumed}"
    );
    assert!(
        resumed.contains(
            "> Schwarz am Zug: Zug eingeben (die Uhr ist angehalten: weiter startet sie wieder)"
        ),
        "{resumed}"
    );
    // The answer, which is said, tells the clock stands and what starts it.
    assert!(
        resumed.contains("Schwarz am Zug. Die Uhr ist angehalten; weiter startet sie.\n"),
        "{resumed}"
    );
    let pgn = &resumed[resumed.find("[Event ").expect("the PGN is printed")..];
    assert!(
        pgn.contains("[White \"Anna\"]\n[Black \"Bert\"]\n"),
        "{pgn}"
    );
    assert!(
        pgn.contains("berichtigt von d3}"),
        "the slip is recorded beside the move: {pgn}"
    );
    // The PGN wraps its lines anywhere in a comment.
    let flowing = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flowing.contains("Schwarz hat auf dem eigenen Brett Nxd4 wiederholt"),
        "{pgn}"
    );
    assert_eq!(pgn_moves(pgn).join(" "), SANS);
}
