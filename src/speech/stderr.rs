//! Keeping the sound libraries' chatter off a full-screen terminal.
//!
//! alsa-lib and the speech-dispatcher client print warnings straight to
//! file descriptor 2 ("ALSA lib pcm.c: Unknown PCM …"), from any thread and
//! at any time; in a full-screen UI those lines scribble over the screen. The
//! UI calls [`quiet_stderr`] before it enters raw mode and keeps the guard
//! while it runs: descriptor 2 then points at a log file (or nowhere) and is
//! restored when the guard is dropped.

use std::fs::OpenOptions;
use std::io;
use std::os::fd::AsRawFd;
use std::path::Path;

/// While it lives, standard error goes to a log file or to nowhere.
#[derive(Debug)]
pub struct StderrGuard {
    saved: libc::c_int,
}

/// Points standard error (descriptor 2) at `log` (appended to) or, without
/// one, at the null device, until the returned guard is dropped.
pub fn quiet_stderr(log: Option<&Path>) -> io::Result<StderrGuard> {
    let target = match log {
        Some(path) => OpenOptions::new().create(true).append(true).open(path)?,
        None => OpenOptions::new().write(true).open("/dev/null")?,
    };
    // SAFETY: plain descriptor calls; `target` stays open until dup2 has
    // copied it, and the saved descriptor is owned by the guard.
    unsafe {
        let saved = libc::dup(2);
        if saved < 0 {
            return Err(io::Error::last_os_error());
        }
        if libc::dup2(target.as_raw_fd(), 2) < 0 {
            let err = io::Error::last_os_error();
            libc::close(saved);
            return Err(err);
        }
        Ok(StderrGuard { saved })
    }
}

impl Drop for StderrGuard {
    fn drop(&mut self) {
        // SAFETY: `saved` is a descriptor this guard duplicated and owns.
        unsafe {
            libc::dup2(self.saved, 2);
            libc::close(self.saved);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_fd2(text: &str) {
        // SAFETY: writes a valid buffer to descriptor 2.
        unsafe { libc::write(2, text.as_ptr().cast(), text.len()) };
    }

    #[test]
    fn chatter_goes_to_the_log_while_the_guard_lives() {
        let log = std::env::temp_dir().join(format!("zweibrett-stderr-{}", std::process::id()));
        let _ = std::fs::remove_file(&log);
        {
            let _guard = quiet_stderr(Some(&log)).unwrap();
            write_fd2("ALSA lib pcm.c: Unknown PCM default\n");
        }
        write_fd2("");
        let logged = std::fs::read_to_string(&log).unwrap();
        std::fs::remove_file(&log).unwrap();
        assert_eq!(logged, "ALSA lib pcm.c: Unknown PCM default\n");
        // Restored: descriptor 2 is no longer the log file.
        let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: fstat fills the buffer for a valid descriptor.
        assert_eq!(unsafe { libc::fstat(2, stat.as_mut_ptr()) }, 0);
        let log_gone = !log.exists();
        assert!(log_gone);
    }
}
