//! alsa-lib prints its own messages to standard error ("ALSA lib
//! confmisc.c:855:(parse_card) cannot find card '0'", eight lines on a
//! machine without a sound card), where a screen reader reads every one.
//! The program says the fault once in its own words (the sound device
//! cannot be opened); alsa-lib's lines go to the debug log instead,
//! through its per-thread handler, set on each thread that opens or
//! plays a device.

use std::cell::Cell;
use std::ffi::{CStr, c_char, c_int};

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// From now on, alsa-lib's messages on this thread go to the debug log.
pub fn on_this_thread() {
    if QUIET.with(|q| q.replace(true)) {
        return;
    }
    // SAFETY: sets alsa-lib's thread-local handler to a function of the
    // type it calls (no variadic arguments: the arguments come as a
    // va_list, which the handler leaves alone).
    unsafe {
        alsa_sys::snd_lib_error_set_local(Some(to_log));
    }
}

/// The text at `text`, or nothing for a null pointer.
///
/// # Safety
/// `text` is null or a NUL-terminated string.
unsafe fn text(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: as the caller promises.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

unsafe extern "C" fn to_log(
    file: *const c_char,
    line: c_int,
    function: *const c_char,
    error: c_int,
    format: *const c_char,
    _arguments: *mut alsa_sys::__va_list_tag,
) {
    // SAFETY: alsa-lib passes its source file, function and format as
    // NUL-terminated strings, or null.
    let (file, function, format) = unsafe { (text(file), text(function), text(format)) };
    log::debug!(target: "alsa", "{file}:{line} ({function}) {format} [error {error}]");
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_handler_is_set_once_per_thread() {
        std::thread::spawn(|| {
            super::on_this_thread();
            assert!(super::QUIET.with(std::cell::Cell::get));
            super::on_this_thread();
        })
        .join()
        .unwrap();
        assert!(
            !super::QUIET.with(std::cell::Cell::get),
            "another thread's own"
        );
    }
}
