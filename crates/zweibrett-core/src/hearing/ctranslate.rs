//! Whisper's weights as CTranslate2 keeps them (`model.bin`, the format
//! the faster-whisper conversions ship in): the variables of the file,
//! read from its bytes and checked, before any of them becomes a tensor.
//!
//! The file is a version number, the model's specification and revision,
//! then each variable: its name, rank, dimensions, element type and bytes;
//! then aliases (the decoder's output projection is its embeddings).

use std::collections::HashMap;

/// Why the bytes are not a Whisper model this program reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ModelFileError(pub String);

/// One variable of the file: its dimensions and values.
#[derive(Debug)]
pub struct Variable {
    /// Its dimensions.
    pub dims: Vec<usize>,
    /// Its values.
    pub values: Values,
}

/// A variable's values: weights (16 or 32 bits, as 32), or a small
/// integer (a count of heads).
#[derive(Debug)]
pub enum Values {
    /// Weights, as many as the dimensions make.
    Floats(Vec<f32>),
    /// A small integer.
    Integer(i64),
    /// Anything else, not read.
    Other,
}

/// The bytes of the file, read from the front.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelFileError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len());
        let Some(end) = end else {
            return Err(ModelFileError(format!(
                "it ends at byte {} where {n} more were due",
                self.bytes.len()
            )));
        };
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn u8(&mut self) -> Result<u8, ModelFileError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ModelFileError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, ModelFileError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A name: its length, then its bytes, the last a NUL.
    fn name(&mut self) -> Result<String, ModelFileError> {
        let n = self.u16()? as usize;
        let bytes = self.take(n)?;
        let name = std::str::from_utf8(bytes)
            .map_err(|_| ModelFileError("a variable's name is not UTF-8".into()))?;
        Ok(name.trim_end_matches('\0').to_string())
    }
}

/// Element types as CTranslate2 numbers them.
const FLOAT32: u8 = 0;
const INT8: u8 = 1;
const INT16: u8 = 2;
const INT32: u8 = 3;
const FLOAT16: u8 = 4;

/// The variables of `bytes`, a CTranslate2 `model.bin` of a Whisper model.
pub fn variables(bytes: &[u8]) -> Result<HashMap<String, Variable>, ModelFileError> {
    let mut r = Reader { bytes, at: 0 };
    let version = r.u32()?;
    if !(5..=6).contains(&version) {
        return Err(ModelFileError(format!(
            "it is of version {version}; versions 5 and 6 are read"
        )));
    }
    let spec = r.name()?;
    if spec != "WhisperSpec" {
        return Err(ModelFileError(format!("it holds a {spec}, not Whisper")));
    }
    let _revision = r.u32()?;
    let count = r.u32()?;
    let mut variables = HashMap::new();
    for _ in 0..count {
        let name = r.name()?;
        let rank = r.u8()? as usize;
        let dims = (0..rank)
            .map(|_| r.u32().map(|d| d as usize))
            .collect::<Result<Vec<_>, _>>()?;
        let kind = r.u8()?;
        let size = r.u32()? as usize;
        let data = r.take(size)?;
        let values = match kind {
            FLOAT16 => Values::Floats(
                data.chunks_exact(2)
                    .map(|c| half::f16::from_le_bytes([c[0], c[1]]).to_f32())
                    .collect(),
            ),
            FLOAT32 => Values::Floats(
                data.chunks_exact(4)
                    .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect(),
            ),
            INT8 if size == 1 => Values::Integer(data[0] as i8 as i64),
            INT16 if size == 2 => Values::Integer(i16::from_le_bytes([data[0], data[1]]) as i64),
            INT32 if size == 4 => {
                Values::Integer(i32::from_le_bytes([data[0], data[1], data[2], data[3]]) as i64)
            }
            INT8 => {
                return Err(ModelFileError(format!(
                    "{name} is quantized to 8 bits; a conversion in 16 or 32 bits is read"
                )));
            }
            _ => Values::Other,
        };
        if let Values::Floats(floats) = &values {
            let promised = dims.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
            let width = if kind == FLOAT32 { 4 } else { 2 };
            if promised != Some(floats.len()) || size != floats.len() * width {
                return Err(ModelFileError(format!(
                    "{name} holds {} values where its dimensions {dims:?} make {}",
                    floats.len(),
                    promised.map_or("more than can be counted".to_string(), |n| n.to_string())
                )));
            }
        }
        variables.insert(name, Variable { dims, values });
    }
    Ok(variables)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of one variable, `name`, of `kind` with `data`.
    fn file(spec: &str, name: &str, kind: u8, data: &[u8]) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend(6u32.to_le_bytes());
        let spec = format!("{spec}\0");
        b.extend((spec.len() as u16).to_le_bytes());
        b.extend(spec.as_bytes());
        b.extend(3u32.to_le_bytes());
        b.extend(1u32.to_le_bytes());
        let name = format!("{name}\0");
        b.extend((name.len() as u16).to_le_bytes());
        b.extend(name.as_bytes());
        b.push(1);
        let width = if kind == FLOAT32 { 4 } else { 2 };
        b.extend(((data.len() / width) as u32).to_le_bytes());
        b.push(kind);
        b.extend((data.len() as u32).to_le_bytes());
        b.extend(data);
        b.extend(0u32.to_le_bytes());
        b
    }

    #[test]
    fn a_variable_in_sixteen_bits_is_read_as_its_values() {
        let one_and_a_half = half::f16::from_f32(1.5).to_le_bytes();
        let bytes = file("WhisperSpec", "x", FLOAT16, &one_and_a_half);
        let vars = variables(&bytes).unwrap();
        let Values::Floats(v) = &vars["x"].values else {
            panic!("not floats")
        };
        assert_eq!(v, &[1.5]);
        assert_eq!(vars["x"].dims, [1]);
    }

    #[test]
    fn weights_not_as_many_as_their_dimensions_are_refused() {
        let mut bytes = file("WhisperSpec", "x", FLOAT32, &[0; 8]);
        // The dimension promises 2 values; make it promise 3.
        let at = bytes.len() - 4 - 8 - 4 - 1 - 4;
        bytes[at..at + 4].copy_from_slice(&3u32.to_le_bytes());
        let error = variables(&bytes).unwrap_err().to_string();
        assert!(
            error.contains("x holds 2 values where its dimensions [3] make 3"),
            "{error}"
        );
    }

    #[test]
    fn another_model_a_cut_file_and_eight_bits_are_named() {
        let bytes = file("TransformerSpec", "x", FLOAT16, &[0, 0]);
        assert!(
            variables(&bytes)
                .unwrap_err()
                .to_string()
                .contains("TransformerSpec")
        );
        let bytes = file("WhisperSpec", "x", FLOAT16, &[0, 0]);
        let cut = &bytes[..bytes.len() - 7];
        assert!(
            variables(cut)
                .unwrap_err()
                .to_string()
                .contains("ends at byte")
        );
        let bytes = file("WhisperSpec", "x", INT8, &[0, 0]);
        assert!(
            variables(&bytes)
                .unwrap_err()
                .to_string()
                .contains("8 bits")
        );
    }

    proptest::proptest! {
        /// A valid file with any byte changed or cut anywhere is read or
        /// refused, never a panic, and what is read keeps its promises.
        #[test]
        fn a_changed_or_cut_file_is_read_whole_or_refused(
            at in 0usize..64,
            to in proptest::num::u8::ANY,
            cut in 0usize..64,
        ) {
            let mut bytes = file("WhisperSpec", "x", FLOAT32, &[0; 16]);
            let at = at % bytes.len();
            bytes[at] = to;
            bytes.truncate(bytes.len() - cut % bytes.len());
            if let Ok(read) = variables(&bytes) {
                for variable in read.values() {
                    if let Values::Floats(values) = &variable.values {
                        let promised: usize = variable.dims.iter().product();
                        proptest::prop_assert_eq!(promised, values.len());
                    }
                }
            }
        }
    }
}
