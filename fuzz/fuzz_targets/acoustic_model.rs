//! The acoustic model's files as outside bytes: a `sendump` becomes mixture
//! weights only when every count it promises holds, never panicking, and
//! the weights then are as many as promised, each within (0, 1]; an MLLR
//! transform is accepted only when every number is finite and every count
//! fits the model.

#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_core::hearing::acoustic::{
    FeatureSettings, check_transform, mixture_weights_of_sendump,
};

fuzz_target!(|data: &[u8]| {
    // Bounded: the real files are 2 MB and 8 kB; a few kilobytes find
    // every path through the readers.
    let data = &data[..data.len().min(64 * 1024)];
    if let Ok(mixw) = mixture_weights_of_sendump(data) {
        let end = mixw.windows(7).position(|w| w == b"endhdr\n").unwrap() + 11;
        let dims: Vec<usize> = mixw[end..end + 16]
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()) as usize)
            .collect();
        assert_eq!(dims[0] * dims[1] * dims[2], dims[3]);
        assert_eq!(mixw.len(), end + 16 + 4 * dims[3]);
        for value in mixw[end + 16..].chunks(4) {
            let w = f32::from_le_bytes(value.try_into().unwrap());
            assert!((0.0..=1.0).contains(&w), "{w}");
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(settings) = FeatureSettings::read(text) {
        let streams = settings.streams().unwrap();
        assert!(streams.iter().all(|&n| n > 0));
    }
    if check_transform(text, &[13, 13, 13]).is_ok() {
        let numbers: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(numbers.len(), 2 + 3 * (1 + 13 * 15));
    }
});
