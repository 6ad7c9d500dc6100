//! A configuration file with a misspelt section or key, a value of the
//! wrong kind or a number out of range is refused before any game starts,
//! naming the file, the line and the key, and no journal is left behind.

mod common;

use std::path::PathBuf;

fn home(name: &str) -> PathBuf {
    common::empty_home(&format!("config-faults-{name}"))
}

/// What `zweibrett --plain play` says on stderr with `text` as the user's
/// configuration, and its exit status.
fn refused(name: &str, text: &str) -> (String, Option<i32>) {
    let d = home(name);
    let dir = d.join("config").join("zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), text).unwrap();
    let out = common::quiet_zweibrett(&d)
        .args(["--plain", "play"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let games = d.join("data").join("zweibrett").join("games");
    let journals = std::fs::read_dir(&games).map_or(0, |d| d.count());
    assert_eq!(journals, 0, "a refused start left a journal: {stderr}");
    let _ = std::fs::remove_dir_all(&d);
    (stderr, out.status.code())
}

#[test]
fn each_kind_of_fault_is_named_with_file_line_and_key() {
    let cases = [
        (
            "section",
            "voice = \"en\"\n[speach]\nrate = 10\n",
            "config.toml, line 2: unknown section [speach] (did you mean `speech`?)",
        ),
        (
            "key",
            "[speech]\nrate = 10\nvoise = \"en\"\n",
            "config.toml, line 3: unknown key `voise` in [speech] (did you mean `voice`?); known: backend,",
        ),
        (
            "type",
            "[speech]\nrate = \"x\"\n",
            "config.toml, line 2: [speech] rate: invalid type: string \"x\", expected i32",
        ),
        (
            "range",
            "[speech]\n\nrate = 1000\n",
            "config.toml, line 3: [speech] rate = 1000 is out of range; it may be from -100 to 100",
        ),
        (
            "volume",
            "[speech]\nvolume = 400\n",
            "config.toml, line 2: [speech] volume = 400 is out of range; it may be from 0 to 100",
        ),
        (
            "time",
            "[clock]\ntime = \"0+0\"\n",
            "config.toml, line 2: [clock] time = \"0+0\" gives no time at all",
        ),
    ];
    for (name, text, expected) in cases {
        let (stderr, code) = refused(name, text);
        assert_eq!(code, Some(1), "{name}: {stderr}");
        assert!(stderr.contains(expected), "{name}: {stderr}");
    }
}
