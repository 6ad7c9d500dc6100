//! A seat from another machine: `ssh HOST zweibrett join` through a real
//! SSH server on this machine (its own host key, a key of the test's
//! own, this user), as a tournament's arbiter or opponent joins a game at
//! a table they do not sit at. The seat reaches the game's user-only
//! socket as the game's own user, plays its side, and leaves; the game
//! goes on.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use common::seats::{Running, home};

/// OpenSSH's server, as Debian installs it.
const SSHD: &str = "/usr/sbin/sshd";

/// A local SSH server, stopped when dropped.
struct Sshd {
    child: Child,
    port: u16,
    key: PathBuf,
}

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn keygen(path: &Path) {
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success(), "ssh-keygen");
}

/// A server on a free port of this machine that lets this user in with a
/// key made here; `None` (said) when OpenSSH's server is not installed.
fn sshd(dir: &Path) -> Option<Sshd> {
    if !Path::new(SSHD).exists() || Command::new("ssh").arg("-V").output().is_err() {
        common::cannot_run("OpenSSH's server or client is missing (scripts/setup installs them)");
        return None;
    }
    std::fs::create_dir_all(dir).unwrap();
    keygen(&dir.join("host_key"));
    keygen(&dir.join("client_key"));
    std::fs::copy(dir.join("client_key.pub"), dir.join("authorized_keys")).unwrap();
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let config = format!(
        "Port {port}\nListenAddress 127.0.0.1\nHostKey {dir}/host_key\nPidFile {dir}/sshd.pid\n\
         AuthorizedKeysFile {dir}/authorized_keys\nStrictModes no\nUsePAM no\n\
         PasswordAuthentication no\nKbdInteractiveAuthentication no\nPubkeyAuthentication yes\n\
         PermitRootLogin prohibit-password\nAllowTcpForwarding no\nX11Forwarding no\nPrintMotd no\n",
        dir = dir.display()
    );
    std::fs::write(dir.join("sshd_config"), config).unwrap();
    // The server's own folder for its privilege separation, as root.
    let _ = std::fs::create_dir_all("/run/sshd");
    let child = Command::new(SSHD)
        .args(["-D", "-e", "-f"])
        .arg(dir.join("sshd_config"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("sshd.log")).unwrap())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < until,
            "sshd did not listen: {}",
            std::fs::read_to_string(dir.join("sshd.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Sshd {
        child,
        port,
        key: dir.join("client_key"),
    })
}

/// `ssh -p PORT 127.0.0.1 'zweibrett … join …'`: the remote command
/// names the user's directories, as a login on that machine has them.
fn ssh_join(server: &Sshd, home: &Path, role: &str) -> Running {
    let remote = format!(
        "env XDG_DATA_HOME={data} XDG_CONFIG_HOME={config} XDG_RUNTIME_DIR={run} \
         ZWEIBRETT_LABELS=english ZWEIBRETT_SCREEN_READER=none \
         {program} --plain --speech none --voice en join --role {role}",
        data = home.join("data").display(),
        config = home.join("config").display(),
        run = home.join("run").display(),
        program = env!("CARGO_BIN_EXE_zweibrett"),
    );
    let mut ssh = Command::new("ssh");
    ssh.args(["-T", "-p", &server.port.to_string(), "-i"])
        .arg(&server.key)
        .args([
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "127.0.0.1",
            &remote,
        ]);
    Running::start(ssh)
}

#[test]
fn the_opponent_joins_over_ssh_plays_and_leaves_and_the_game_goes_on() {
    let home = home("ssh");
    let Some(server) = sshd(&home.join("ssh")) else {
        return;
    };
    let mut game = Running::game(&home);
    game.type_line("e4");
    game.wait_for("> Black to move");
    let mut seat = ssh_join(&server, &home, "opponent");
    seat.wait_for("said: You sit at the opponent's seat and play Black");
    game.wait_for("seat: The opponent has taken their seat");
    seat.type_line("e5");
    game.wait_for("announced: 1... e5:");
    seat.wait_for("announced: 1... e5:");
    game.type_line("Nf3");
    seat.wait_for("announced: 2. Nf3:");
    seat.type_line("quit");
    game.wait_for("The opponent has left their seat");
    let (status, seen) = seat.finish();
    assert_eq!(status, 0, "{seen}");
    // The game goes on at its own keyboard.
    game.type_line("Nc6");
    game.wait_for("announced: 2... Nc6:");
    game.type_line("quit");
    let _ = std::fs::remove_dir_all(&home);
}
