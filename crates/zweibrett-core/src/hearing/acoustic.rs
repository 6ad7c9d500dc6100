//! The files of an acoustic model that adapting it to one voice reads and
//! writes: its feature settings (`feat.params`), its mixture weights
//! (stored quantised as `sendump` in the US English model, wanted whole by
//! the training tools) and the MLLR transform the adaptation makes, which
//! the recogniser applies to the model's means and variances.
//!
//! Pure: bytes and text in, bytes and text out, each bounded and checked,
//! as they come from files outside the program.

/// Why a model file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelFileError {
    /// The file ends before what its header promises.
    #[error("it ends early, at byte {0}")]
    Short(usize),
    /// A header or count is not what the format allows.
    #[error("{0}")]
    Malformed(String),
    /// A form of the format this program does not read.
    #[error("{0} is not supported")]
    Unsupported(String),
}

/// The feature settings of a model: how sound becomes the vectors the
/// model's Gaussians score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSettings {
    /// The feature type (`1s_c_d_dd`).
    pub feature: String,
    /// The sub-vector specification (`0-12/13-25/26-38`), if the model
    /// splits the vector into streams.
    pub subvectors: Option<String>,
    /// Automatic gain control (`none`).
    pub agc: String,
    /// Cepstral mean normalisation (`batch`, `live`, `current`).
    pub cmn: String,
    /// The model's kind: `ptm`, `cont` or `semi`.
    pub model: String,
}

impl FeatureSettings {
    /// Reads a `feat.params` text: one `-name value` per line.
    pub fn read(text: &str) -> Result<FeatureSettings, ModelFileError> {
        let value = |name: &str| {
            text.lines().find_map(|line| {
                let mut parts = line.split_whitespace();
                (parts.next() == Some(name))
                    .then(|| parts.next().map(str::to_string))
                    .flatten()
            })
        };
        let settings = FeatureSettings {
            feature: value("-feat").unwrap_or_else(|| "1s_c_d_dd".to_string()),
            subvectors: value("-svspec"),
            agc: value("-agc").unwrap_or_else(|| "none".to_string()),
            cmn: value("-cmn").unwrap_or_else(|| "live".to_string()),
            model: value("-model").unwrap_or_else(|| "cont".to_string()),
        };
        settings.streams()?;
        settings.tied_states()?;
        Ok(settings)
    }

    /// The length of each stream of the feature vector.
    pub fn streams(&self) -> Result<Vec<usize>, ModelFileError> {
        let Some(spec) = &self.subvectors else {
            return match self.feature.as_str() {
                "1s_c_d_dd" => Ok(vec![39]),
                other => Err(ModelFileError::Unsupported(format!("the feature {other}"))),
            };
        };
        spec.split('/')
            .map(|stream| {
                stream.split(',').try_fold(0usize, |n, range| {
                    let (a, b) = range.split_once('-').unwrap_or((range, range));
                    match (a.trim().parse::<usize>(), b.trim().parse::<usize>()) {
                        (Ok(a), Ok(b)) if a <= b && b < 1000 => Ok(n + b - a + 1),
                        _ => Err(ModelFileError::Malformed(format!(
                            "the sub-vectors \"{spec}\""
                        ))),
                    }
                })
            })
            .collect()
    }

    /// The training tools' name for how tied states share Gaussians.
    pub fn tied_states(&self) -> Result<&'static str, ModelFileError> {
        match self.model.as_str() {
            "ptm" => Ok(".ptm."),
            "semi" => Ok(".semi."),
            "cont" => Ok(".cont."),
            other => Err(ModelFileError::Unsupported(format!(
                "the model kind {other}"
            ))),
        }
    }
}

/// Reads little- or big-endian 32-bit counts from a `sendump`.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    big_endian: Option<bool>,
}

impl Reader<'_> {
    fn count(&mut self) -> Result<usize, ModelFileError> {
        let raw: [u8; 4] = self
            .bytes
            .get(self.at..self.at + 4)
            .and_then(|b| b.try_into().ok())
            .ok_or(ModelFileError::Short(self.at))?;
        self.at += 4;
        // The byte order is the one that makes the first length small.
        let big = *self
            .big_endian
            .get_or_insert_with(|| u32::from_le_bytes(raw) > 65_536);
        let n = if big {
            u32::from_be_bytes(raw)
        } else {
            u32::from_le_bytes(raw)
        };
        Ok(n as usize)
    }

    fn text(&mut self, n: usize) -> Result<&str, ModelFileError> {
        let bytes = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or(ModelFileError::Short(self.at))?;
        self.at += n;
        let bytes = bytes.strip_suffix(&[0]).unwrap_or(bytes);
        std::str::from_utf8(bytes)
            .map_err(|_| ModelFileError::Malformed("a header line is not text".to_string()))
    }
}

/// The most header lines and bytes in a header line of a `sendump`.
const MOST_HEADER_LINES: usize = 200;
const MOST_HEADER_BYTES: usize = 4096;

/// The mixture weights of a `sendump` (the model's quantised weights) as
/// a Sphinx-III `mixture_weights` file, the form the training tools read.
/// Each stored byte `b` is the weight 1.0001^-(b << shift), the shift
/// given in the header (10 when not).
pub fn mixture_weights_of_sendump(bytes: &[u8]) -> Result<Vec<u8>, ModelFileError> {
    let mut reader = Reader {
        bytes,
        at: 0,
        big_endian: None,
    };
    let (mut shift, mut features, mut clusters) = (10u32, 1usize, 0usize);
    for line in 0.. {
        if line > MOST_HEADER_LINES {
            return Err(ModelFileError::Malformed(
                "the header has no end".to_string(),
            ));
        }
        let n = reader.count()?;
        if n == 0 {
            break;
        }
        if n > MOST_HEADER_BYTES {
            return Err(ModelFileError::Malformed(format!(
                "a header line of {n} bytes"
            )));
        }
        let text = reader.text(n)?;
        let mut words = text.split_whitespace();
        let number = |w: Option<&str>| {
            w.and_then(|w| w.parse::<usize>().ok())
                .ok_or_else(|| ModelFileError::Malformed(format!("the header line \"{text}\"")))
        };
        match words.next() {
            Some("mixw_shift") => {
                shift = u32::try_from(number(words.next())?)
                    .ok()
                    .filter(|s| *s < 24)
                    .ok_or_else(|| ModelFileError::Malformed(format!("\"{text}\"")))?;
            }
            Some("feature_count") => features = number(words.next())?,
            Some("cluster_count") => clusters = number(words.next())?,
            _ => {}
        }
    }
    if clusters != 0 {
        return Err(ModelFileError::Unsupported(
            "a sendump with clustered weights".to_string(),
        ));
    }
    let codewords = reader.count()?;
    let pdfs = reader.count()?;
    let wanted = features
        .checked_mul(codewords)
        .and_then(|n| n.checked_mul(pdfs))
        .filter(|n| *n > 0 && features <= 16 && codewords <= 4096)
        .ok_or_else(|| {
            ModelFileError::Malformed(format!(
                "{features} streams of {codewords} codewords for {pdfs} states"
            ))
        })?;
    let weights = &bytes[reader.at..];
    if weights.len() != wanted {
        return Err(ModelFileError::Malformed(format!(
            "{} bytes of weights where {wanted} were promised",
            weights.len()
        )));
    }
    let table: Vec<f32> = (0..256u32)
        .map(|b| 1.0001f64.powf(-f64::from(b << shift)) as f32)
        .collect();
    let mut out = s3_header("version 1.0\n");
    for n in [pdfs, features, codewords, wanted] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    // Stored stream by stream, codeword by codeword, each a run over
    // the states; written state by state, stream by stream.
    for pdf in 0..pdfs {
        for feature in 0..features {
            for codeword in 0..codewords {
                let b = weights[(feature * codewords + codeword) * pdfs + pdf];
                out.extend_from_slice(&table[usize::from(b)].to_le_bytes());
            }
        }
    }
    Ok(out)
}

/// The start of a Sphinx-III binary file: its header lines, padded so
/// that the data is aligned to four bytes, and the byte-order mark.
fn s3_header(lines: &str) -> Vec<u8> {
    let mut out = format!("s3\n{lines}").into_bytes();
    let end = b"endhdr\n";
    let off = (out.len() + end.len()) % 4;
    if off != 0 {
        out.extend(std::iter::repeat_n(b' ', 4 - off));
    }
    out.extend_from_slice(end);
    out.extend_from_slice(&0x1122_3344u32.to_le_bytes());
    out
}

/// Why an MLLR transform cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// Something that is not a number where one belongs.
    #[error("\"{0}\" is not a number")]
    NotANumber(String),
    /// A count that does not fit the model.
    #[error("{0}")]
    Mismatch(String),
    /// Fewer numbers than the counts promise.
    #[error("it ends early")]
    Short,
    /// More numbers than the counts promise.
    #[error("it goes on past its end")]
    Long,
}

/// The most bytes of an MLLR transform: one for a model of three streams
/// of 13 takes about 8 kB.
pub const MOST_TRANSFORM_BYTES: usize = 256 * 1024;

/// Checks the text of an MLLR transform (one class) against the lengths
/// of the model's streams, before the recogniser, which does not check
/// it, is given it: the number of classes, of streams, then for each
/// stream its length and its matrix A, vector b and variance scale h, all
/// finite numbers.
pub fn check_transform(text: &str, streams: &[usize]) -> Result<(), TransformError> {
    if text.len() > MOST_TRANSFORM_BYTES {
        return Err(TransformError::Mismatch(format!(
            "{} bytes, more than a transform holds",
            text.len()
        )));
    }
    let mut words = text.split_whitespace();
    fn count<'a>(words: &mut impl Iterator<Item = &'a str>) -> Result<usize, TransformError> {
        let w = words.next().ok_or(TransformError::Short)?;
        w.parse::<usize>()
            .map_err(|_| TransformError::NotANumber(w.to_string()))
    }
    let classes = count(&mut words)?;
    if classes != 1 {
        return Err(TransformError::Mismatch(format!(
            "{classes} classes; the recogniser takes one"
        )));
    }
    let n = count(&mut words)?;
    if n != streams.len() {
        return Err(TransformError::Mismatch(format!(
            "{n} streams where the model has {}",
            streams.len()
        )));
    }
    for &length in streams {
        let given = count(&mut words)?;
        if given != length {
            return Err(TransformError::Mismatch(format!(
                "a stream of {given} where the model's is {length}"
            )));
        }
        for _ in 0..length * (length + 2) {
            let w = words.next().ok_or(TransformError::Short)?;
            match w.parse::<f64>() {
                Ok(x) if x.is_finite() => {}
                _ => return Err(TransformError::NotANumber(w.to_string())),
            }
        }
    }
    match words.next() {
        Some(_) => Err(TransformError::Long),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const US_ENGLISH: &str = "-lowerf 130\n-upperf 6800\n-nfilt 25\n-transform dct\n\
        -lifter 22\n-feat 1s_c_d_dd\n-svspec 0-12/13-25/26-38\n-agc none\n-cmn batch\n\
        -varnorm no\n-model ptm\n-cmninit 41.00,-5.29\n";

    #[test]
    fn the_us_english_settings_are_three_streams_of_thirteen() {
        let settings = FeatureSettings::read(US_ENGLISH).unwrap();
        assert_eq!(settings.streams().unwrap(), vec![13, 13, 13]);
        assert_eq!(settings.tied_states().unwrap(), ".ptm.");
        assert_eq!(settings.cmn, "batch");
        let single = FeatureSettings::read("-feat 1s_c_d_dd\n").unwrap();
        assert_eq!(single.streams().unwrap(), vec![39]);
        assert!(FeatureSettings::read("-svspec 0-x\n").is_err());
        assert!(FeatureSettings::read("-model hmm\n").is_err());
    }

    /// A `sendump` of `features` streams, `codewords` codewords and the
    /// given weight bytes, in the byte order asked.
    fn sendump(features: u32, codewords: u32, pdfs: u32, weights: &[u8], big: bool) -> Vec<u8> {
        let n = |v: u32| {
            if big {
                v.to_be_bytes()
            } else {
                v.to_le_bytes()
            }
        };
        let mut out = Vec::new();
        for line in [
            "BEGIN FILE FORMAT DESCRIPTION".to_string(),
            "cluster_count 0".to_string(),
            format!("feature_count {features}"),
            "mixw_shift 10".to_string(),
        ] {
            out.extend(n(line.len() as u32 + 1));
            out.extend(line.as_bytes());
            out.push(0);
        }
        out.extend(n(0));
        out.extend(n(codewords));
        out.extend(n(pdfs));
        out.extend(weights);
        out
    }

    fn floats(mixw: &[u8]) -> (Vec<u32>, Vec<f32>) {
        let data = mixw
            .windows(11)
            .position(|w| w == b"endhdr\n\x44\x33\x22\x11")
            .map(|i| i + 11)
            .unwrap();
        assert_eq!(data % 4, 0, "the data is aligned");
        let words: Vec<[u8; 4]> = mixw[data..]
            .chunks(4)
            .map(|c| c.try_into().unwrap())
            .collect();
        let dims = words[..4].iter().map(|w| u32::from_le_bytes(*w)).collect();
        let values = words[4..].iter().map(|w| f32::from_le_bytes(*w)).collect();
        (dims, values)
    }

    #[test]
    fn a_sendump_becomes_weights_state_by_state() {
        // Two streams, two codewords, three states: stored stream by
        // stream, codeword by codeword, a run of the three states each.
        let weights = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
        for big in [false, true] {
            let mixw = mixture_weights_of_sendump(&sendump(2, 2, 3, &weights, big)).unwrap();
            assert!(mixw.starts_with(b"s3\nversion 1.0\n"));
            let (dims, values) = floats(&mixw);
            assert_eq!(dims, vec![3, 2, 2, 12]);
            let expect = |b: u32| 1.0001f64.powf(-f64::from(b << 10)) as f32;
            // State 1, stream 1, codeword 0 was stored at (1*2+0)*3+1.
            assert_eq!(values[4 + 2], expect(7));
            assert_eq!(values[0], 1.0);
        }
    }

    #[test]
    fn a_sendump_that_breaks_its_promises_is_refused() {
        let weights = [0u8; 12];
        let good = sendump(2, 2, 3, &weights, false);
        assert!(mixture_weights_of_sendump(&good[..good.len() - 1]).is_err());
        assert!(mixture_weights_of_sendump(&good[..10]).is_err());
        let mut longer = good.clone();
        longer.push(0);
        assert!(mixture_weights_of_sendump(&longer).is_err());
        assert!(mixture_weights_of_sendump(&sendump(0, 2, 3, &[], false)).is_err());
        assert!(mixture_weights_of_sendump(&[]).is_err());
        assert!(mixture_weights_of_sendump(&[255; 64]).is_err());
    }

    fn transform(streams: &[usize], value: &str) -> String {
        let mut text = format!("1\n{}\n", streams.len());
        for &n in streams {
            text.push_str(&format!("{n}\n"));
            for _ in 0..n + 2 {
                text.push_str(&vec![value; n].join(" "));
                text.push('\n');
            }
        }
        text
    }

    #[test]
    fn a_transform_must_fit_the_model() {
        assert_eq!(
            check_transform(&transform(&[13, 13, 13], "0.5"), &[13; 3]),
            Ok(())
        );
        assert!(check_transform(&transform(&[13, 13], "0.5"), &[13; 3]).is_err());
        assert!(check_transform(&transform(&[13, 13, 12], "0.5"), &[13; 3]).is_err());
        assert!(matches!(
            check_transform(&transform(&[13; 3], "nan"), &[13; 3]),
            Err(TransformError::NotANumber(_))
        ));
        let whole = transform(&[13; 3], "1");
        assert_eq!(
            check_transform(&whole[..whole.len() - 4], &[13; 3]),
            Err(TransformError::Short)
        );
        assert_eq!(
            check_transform(&format!("{whole} 1"), &[13; 3]),
            Err(TransformError::Long)
        );
        assert!(check_transform(&whole.replacen('1', "2", 1), &[13; 3]).is_err());
    }
}
