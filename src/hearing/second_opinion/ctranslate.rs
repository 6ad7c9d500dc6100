//! Whisper's weights as CTranslate2 keeps them (`model.bin`, the format
//! the faster-whisper conversions ship in), read into the tensors of
//! candle's Whisper under the names it loads them by.
//!
//! The file is a version number, the model's specification and revision,
//! then each variable: its name, rank, dimensions, element type and bytes;
//! then aliases (the decoder's output projection is its embeddings).
//! CTranslate2 joins the query, key and value of self-attention into one
//! matrix, and the key and value of the attention over the sound into
//! another; candle keeps them apart.

use std::collections::HashMap;

use candle_core::{Device, Tensor};
use candle_transformers::models::whisper::Config;

use super::ModelError;

/// One variable of the file: its dimensions and values.
#[derive(Debug)]
struct Variable {
    dims: Vec<usize>,
    values: Values,
}

/// A variable's values: weights (16 or 32 bits, as 32), or a small
/// integer (a count of heads).
#[derive(Debug)]
enum Values {
    Floats(Vec<f32>),
    Integer(i64),
    Other,
}

/// The bytes of the file, read from the front.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len());
        let Some(end) = end else {
            return Err(ModelError::Malformed(format!(
                "it ends at byte {} where {n} more were due",
                self.bytes.len()
            )));
        };
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn u8(&mut self) -> Result<u8, ModelError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ModelError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u32(&mut self) -> Result<u32, ModelError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A name: its length, then its bytes, the last a NUL.
    fn name(&mut self) -> Result<String, ModelError> {
        let n = self.u16()? as usize;
        let bytes = self.take(n)?;
        let name = std::str::from_utf8(bytes)
            .map_err(|_| ModelError::Malformed("a variable's name is not UTF-8".into()))?;
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
fn variables(bytes: &[u8]) -> Result<HashMap<String, Variable>, ModelError> {
    let mut r = Reader { bytes, at: 0 };
    let version = r.u32()?;
    if !(5..=6).contains(&version) {
        return Err(ModelError::Malformed(format!(
            "it is of version {version}; versions 5 and 6 are read"
        )));
    }
    let spec = r.name()?;
    if spec != "WhisperSpec" {
        return Err(ModelError::Malformed(format!(
            "it holds a {spec}, not Whisper"
        )));
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
                return Err(ModelError::Malformed(format!(
                    "{name} is quantized to 8 bits; a conversion in 16 or 32 bits is read"
                )));
            }
            _ => Values::Other,
        };
        variables.insert(name, Variable { dims, values });
    }
    Ok(variables)
}

/// The tensors of the model in `bytes` under candle's names, and the
/// model's shape, read from the tensors themselves.
pub(super) fn tensors(
    bytes: &[u8],
    device: &Device,
) -> Result<(HashMap<String, Tensor>, Config), ModelError> {
    let vars = variables(bytes)?;
    let missing = |name: &str| ModelError::Malformed(format!("it has no {name}"));
    let floats = |name: &str| -> Result<Tensor, ModelError> {
        let var = vars.get(name).ok_or_else(|| missing(name))?;
        let Values::Floats(values) = &var.values else {
            return Err(ModelError::Malformed(format!("{name} holds no weights")));
        };
        Ok(Tensor::from_slice(values, var.dims.as_slice(), device)?)
    };
    let integer = |name: &str| -> Result<usize, ModelError> {
        match vars.get(name).map(|v| &v.values) {
            Some(Values::Integer(n)) if *n > 0 => Ok(*n as usize),
            _ => Err(missing(name)),
        }
    };
    let layers = |side: &str| {
        (0..)
            .take_while(|i| vars.contains_key(&format!("{side}/layer_{i}/ffn/linear_0/weight")))
            .count()
    };
    let embeddings = vars
        .get("decoder/embeddings/weight")
        .ok_or_else(|| missing("decoder/embeddings/weight"))?;
    let [vocab_size, d_model] = embeddings.dims[..] else {
        return Err(ModelError::Malformed(
            "the embeddings are not a matrix".into(),
        ));
    };
    let conv1 = vars
        .get("encoder/conv1/weight")
        .ok_or_else(|| missing("encoder/conv1/weight"))?;
    let positions = |name: &str| -> Result<usize, ModelError> {
        vars.get(name)
            .and_then(|v| v.dims.first().copied())
            .ok_or_else(|| missing(name))
    };
    let config = Config {
        num_mel_bins: conv1.dims.get(1).copied().unwrap_or(0),
        max_source_positions: positions("encoder/position_encodings/encodings")?,
        d_model,
        encoder_attention_heads: integer("encoder/num_heads")?,
        encoder_layers: layers("encoder"),
        vocab_size,
        max_target_positions: positions("decoder/position_encodings/encodings")?,
        decoder_attention_heads: integer("decoder/num_heads")?,
        decoder_layers: layers("decoder"),
        suppress_tokens: Vec::new(),
    };
    if config.encoder_layers == 0 || config.decoder_layers == 0 || config.num_mel_bins == 0 {
        return Err(ModelError::Malformed("it has no layers".into()));
    }
    let mut out = HashMap::new();
    let linear = |to: &str, from: &str, out: &mut HashMap<String, Tensor>| {
        out.insert(format!("{to}.weight"), floats(&format!("{from}/weight"))?);
        if vars.contains_key(&format!("{from}/bias")) {
            out.insert(format!("{to}.bias"), floats(&format!("{from}/bias"))?);
        }
        Ok::<(), ModelError>(())
    };
    let norm = |to: &str, from: &str, out: &mut HashMap<String, Tensor>| {
        out.insert(format!("{to}.weight"), floats(&format!("{from}/gamma"))?);
        out.insert(format!("{to}.bias"), floats(&format!("{from}/beta"))?);
        Ok::<(), ModelError>(())
    };
    // The joined projections, cut into their parts, in order.
    let split = |to: &str, parts: &[&str], from: &str, out: &mut HashMap<String, Tensor>| {
        let weight = floats(&format!("{from}/weight"))?;
        let bias = floats(&format!("{from}/bias"))?;
        for (i, part) in parts.iter().enumerate() {
            let rows = |t: &Tensor| t.narrow(0, i * d_model, d_model)?.contiguous();
            out.insert(format!("{to}.{part}.weight"), rows(&weight)?);
            // The key has no bias in Whisper; CTranslate2 keeps zeros.
            if *part != "k_proj" {
                out.insert(format!("{to}.{part}.bias"), rows(&bias)?);
            }
        }
        Ok::<(), ModelError>(())
    };
    linear("model.encoder.conv1", "encoder/conv1", &mut out)?;
    linear("model.encoder.conv2", "encoder/conv2", &mut out)?;
    norm("model.encoder.layer_norm", "encoder/layer_norm", &mut out)?;
    norm("model.decoder.layer_norm", "decoder/layer_norm", &mut out)?;
    out.insert(
        "model.decoder.embed_tokens.weight".into(),
        floats("decoder/embeddings/weight")?,
    );
    out.insert(
        "model.decoder.embed_positions.weight".into(),
        floats("decoder/position_encodings/encodings")?,
    );
    for side in ["encoder", "decoder"] {
        for i in 0..layers(side) {
            let to = format!("model.{side}.layers.{i}");
            let from = format!("{side}/layer_{i}");
            let qkv = ["q_proj", "k_proj", "v_proj"];
            split(
                &format!("{to}.self_attn"),
                &qkv,
                &format!("{from}/self_attention/linear_0"),
                &mut out,
            )?;
            linear(
                &format!("{to}.self_attn.out_proj"),
                &format!("{from}/self_attention/linear_1"),
                &mut out,
            )?;
            norm(
                &format!("{to}.self_attn_layer_norm"),
                &format!("{from}/self_attention/layer_norm"),
                &mut out,
            )?;
            linear(
                &format!("{to}.fc1"),
                &format!("{from}/ffn/linear_0"),
                &mut out,
            )?;
            linear(
                &format!("{to}.fc2"),
                &format!("{from}/ffn/linear_1"),
                &mut out,
            )?;
            norm(
                &format!("{to}.final_layer_norm"),
                &format!("{from}/ffn/layer_norm"),
                &mut out,
            )?;
            if side == "decoder" {
                linear(
                    &format!("{to}.encoder_attn.q_proj"),
                    &format!("{from}/attention/linear_0"),
                    &mut out,
                )?;
                split(
                    &format!("{to}.encoder_attn"),
                    &["k_proj", "v_proj"],
                    &format!("{from}/attention/linear_1"),
                    &mut out,
                )?;
                linear(
                    &format!("{to}.encoder_attn.out_proj"),
                    &format!("{from}/attention/linear_2"),
                    &mut out,
                )?;
                norm(
                    &format!("{to}.encoder_attn_layer_norm"),
                    &format!("{from}/attention/layer_norm"),
                    &mut out,
                )?;
            }
        }
    }
    Ok((out, config))
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
        b.extend(((data.len() / 2) as u32).to_le_bytes());
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

    #[test]
    fn a_model_without_its_layers_is_refused() {
        let bytes = file("WhisperSpec", "x", FLOAT16, &[0, 0]);
        let error = tensors(&bytes, &Device::Cpu).unwrap_err().to_string();
        assert!(error.contains("decoder/embeddings/weight"), "{error}");
    }
}
