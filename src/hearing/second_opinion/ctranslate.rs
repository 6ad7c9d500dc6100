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

use zweibrett_core::hearing::ctranslate::{Values, variables};

use super::ModelError;

/// The tensors of the model in `bytes` under candle's names, and the
/// model's shape, read from the tensors themselves.
pub(super) fn tensors(
    bytes: &[u8],
    device: &Device,
) -> Result<(HashMap<String, Tensor>, Config), ModelError> {
    let vars = variables(bytes).map_err(|e| ModelError::Malformed(e.0))?;
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

    #[test]
    fn a_model_without_its_layers_is_refused() {
        let mut b = Vec::new();
        b.extend(6u32.to_le_bytes());
        let spec = "WhisperSpec\0";
        b.extend((spec.len() as u16).to_le_bytes());
        b.extend(spec.as_bytes());
        b.extend(3u32.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        let error = tensors(&b, &Device::Cpu).unwrap_err().to_string();
        assert!(error.contains("decoder/embeddings/weight"), "{error}");
    }
}
