//! Time beyond what a clock may show, typed by the arbiter or found in a
//! journal: refused with a clear message, and nothing changes.

use std::path::PathBuf;

use crate::common;

use common::plain::{data_dir, zweibrett};

fn data(name: &str) -> PathBuf {
    let d = data_dir("clock-extremes", name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_arbiter_cannot_add_or_set_time_beyond_the_bound() {
    let d = data("live");
    let out = zweibrett(&d)
        .args([
            "play", "--voice", "en", "--role", "arbiter", "--time", "5400",
        ])
        .write_stdin(
            "addtime white 9223372036854775807\naddtime black -9223372036854775808\n\
             settime white 999:00:00\naddtime white 86400\ntime\nquit\n",
        )
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let _ = std::fs::remove_dir_all(&d);
    for line in [
        "not done: 9223372036854775807 seconds is more than can be added or taken away at once, at most a day",
        "not done: -9223372036854775808 seconds is more than can be added or taken away at once, at most a day",
        "not done: a clock cannot be set to 999:00:00; it shows at most a hundred hours",
    ] {
        assert!(stdout.contains(line), "{line}\n{stdout}");
    }
    // A day is allowed: White's clock shows a day and an hour and a half.
    assert!(stdout.contains("White 25:30:00"), "{stdout}");
}

#[test]
fn a_journal_adding_time_beyond_the_bound_is_not_resumed() {
    let d = data("journal");
    let path = d.join("game.jsonl");
    std::fs::write(
        &path,
        "{\"journal\":2,\"setup\":{\"white\":\"W\",\"black\":\"B\",\"impaired\":\"white\",\
         \"assistant\":false,\"time\":\"5400\",\"voice\":\"en\",\"repetition\":\"off\",\
         \"press\":\"auto\",\"event\":\"?\",\"site\":\"?\",\"date\":\"2026.01.01\",\
         \"rules\":\"competition\",\"quickplay_finish\":false},\"wall_ms\":0}\n\
         {\"t_ms\":0,\"wall_ms\":0,\"cmd\":{\"move\":\"e4\"},\"uci\":\"e2e4\"}\n\
         {\"t_ms\":1000,\"wall_ms\":1000,\"cmd\":{\"add_time\":{\"side\":\"white\",\"seconds\":9223372036854775807}}}\n",
    )
    .unwrap();
    let out = zweibrett(&d)
        .arg("resume")
        .arg(&path)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let _ = std::fs::remove_dir_all(&d);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{}, line 3: 9223372036854775807 seconds added at once, more than a day",
            path.display()
        )),
        "{stderr}"
    );
}
