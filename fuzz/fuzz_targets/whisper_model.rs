//! Whisper's CTranslate2 `model.bin` as outside bytes: its variables are
//! read only when every length and count it promises holds, never
//! panicking, and each variable of weights then holds as many values as
//! its dimensions make.

#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::hearing::ctranslate::{Values, variables};

fuzz_target!(|data: &[u8]| {
    // Bounded: the real file is 145 MB, but a few kilobytes reach every
    // path through the reader.
    let data = &data[..data.len().min(64 * 1024)];
    if let Ok(read) = variables(data) {
        for (name, variable) in &read {
            if let Values::Floats(values) = &variable.values {
                let promised: usize = variable.dims.iter().product();
                assert_eq!(promised, values.len(), "{name}");
            }
        }
    }
});
