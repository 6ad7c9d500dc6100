//! Whisper's text decoder, reading many phrases at once: the phrases are
//! laid in a tree of their word pieces, so that the start of a transcript
//! and every piece two phrases begin with are read once, and each depth
//! of the tree is one step for all of its pieces. A phrase's score is
//! the same as if it were read alone; only the work shared is done once.

use std::collections::HashMap;

use candle_core::{D, Result, Tensor};
use candle_nn::{LayerNorm, Linear, Module, VarBuilder};
use candle_transformers::models::whisper::Config;

/// One attention of a block: to the phrase read so far, or to the sound.
struct Attention {
    query: Linear,
    key: Linear,
    value: Linear,
    out: Linear,
}

impl Attention {
    fn load(d: usize, vb: VarBuilder) -> Result<Attention> {
        Ok(Attention {
            query: candle_nn::linear(d, d, vb.pp("q_proj"))?,
            // Whisper's keys have no bias.
            key: candle_nn::linear_no_bias(d, d, vb.pp("k_proj"))?,
            value: candle_nn::linear(d, d, vb.pp("v_proj"))?,
            out: candle_nn::linear(d, d, vb.pp("out_proj"))?,
        })
    }
}

/// One of the decoder's layers.
struct Block {
    own: Attention,
    own_norm: LayerNorm,
    sound: Attention,
    sound_norm: LayerNorm,
    widen: Linear,
    narrow: Linear,
    mlp_norm: LayerNorm,
}

/// The decoder's weights.
pub(super) struct Decoder {
    embeddings: Tensor,
    positions: Tensor,
    blocks: Vec<Block>,
    norm: LayerNorm,
    /// The embeddings transposed once: the hidden state times this is
    /// every token's score.
    projection: Tensor,
    heads: usize,
}

/// The sound's keys and values for each layer, made once per utterance.
pub(super) struct Sound {
    layers: Vec<(Tensor, Tensor)>,
}

/// A word piece in the tree of phrases.
struct Piece {
    token: u32,
    parent: Option<usize>,
    depth: usize,
}

impl Decoder {
    /// The decoder under `vb` (candle's `model.decoder`).
    pub(super) fn load(vb: VarBuilder, config: &Config) -> Result<Decoder> {
        let d = config.d_model;
        let norm = |name: &str| candle_nn::layer_norm(d, 1e-5, vb.pp(name));
        let blocks = (0..config.decoder_layers)
            .map(|i| {
                let vb = vb.pp(format!("layers.{i}"));
                let norm = |name: &str| candle_nn::layer_norm(d, 1e-5, vb.pp(name));
                Ok(Block {
                    own: Attention::load(d, vb.pp("self_attn"))?,
                    own_norm: norm("self_attn_layer_norm")?,
                    sound: Attention::load(d, vb.pp("encoder_attn"))?,
                    sound_norm: norm("encoder_attn_layer_norm")?,
                    widen: candle_nn::linear(d, 4 * d, vb.pp("fc1"))?,
                    narrow: candle_nn::linear(4 * d, d, vb.pp("fc2"))?,
                    mlp_norm: norm("final_layer_norm")?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let embeddings = vb.get((config.vocab_size, d), "embed_tokens.weight")?;
        Ok(Decoder {
            projection: embeddings.t()?.contiguous()?,
            embeddings,
            positions: vb.get((config.max_target_positions, d), "embed_positions.weight")?,
            blocks,
            norm: norm("layer_norm")?,
            heads: config.decoder_attention_heads,
        })
    }

    fn head_size(&self) -> usize {
        self.embeddings.dim(1).unwrap_or(0) / self.heads.max(1)
    }

    /// The sound's keys and values in every layer, from the encoder's
    /// output `audio` (1, frames, width).
    pub(super) fn sound(&self, audio: &Tensor) -> Result<Sound> {
        let (_, frames, d) = audio.dims3()?;
        let scale = (self.head_size() as f64).powf(-0.25);
        let heads = |t: Tensor| {
            t.reshape((1, frames, self.heads, d / self.heads))?
                .transpose(1, 2)
        };
        let layers = self
            .blocks
            .iter()
            .map(|b| {
                let key = (heads(b.sound.key.forward(audio)?)? * scale)?
                    .transpose(2, 3)?
                    .contiguous()?;
                let value = heads(b.sound.value.forward(audio)?)?.contiguous()?;
                Ok((key, value))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Sound { layers })
    }

    /// For each of `sequences` (the transcript's start, then the
    /// phrase's word pieces), the mean log-probability of the tokens from
    /// `from` on and of `end` after them.
    pub(super) fn score(
        &self,
        sound: &Sound,
        sequences: &[Vec<u32>],
        from: usize,
        end: u32,
    ) -> Result<Vec<f32>> {
        if sequences.is_empty() {
            return Ok(Vec::new());
        }
        let (pieces, paths) = tree(sequences);
        let deepest = pieces.iter().map(|p| p.depth).max().unwrap_or(0);
        // Rows are numbered depth by depth, as the steps make them.
        let mut levels: Vec<Vec<usize>> = vec![Vec::new(); deepest + 1];
        for (i, p) in pieces.iter().enumerate() {
            levels[p.depth].push(i);
        }
        let mut row = vec![0u32; pieces.len()];
        for (n, i) in levels.iter().flatten().enumerate() {
            row[*i] = n as u32;
        }
        let device = self.embeddings.device();
        let mut keys: Vec<Option<(Tensor, Tensor)>> = vec![None; self.blocks.len()];
        let mut hidden = Vec::with_capacity(levels.len());
        for (depth, level) in levels.iter().enumerate() {
            let tokens: Vec<u32> = level.iter().map(|&i| pieces[i].token).collect();
            // Each piece attends to its own ancestors, root first.
            let mut lines = Vec::with_capacity(level.len() * (depth + 1));
            for &i in level {
                let start = lines.len();
                let mut at = Some(i);
                while let Some(p) = at {
                    lines.push(row[p]);
                    at = pieces[p].parent;
                }
                lines[start..].reverse();
            }
            let tokens = Tensor::new(tokens.as_slice(), device)?;
            let lines = Tensor::new(lines.as_slice(), device)?;
            let x = self
                .embeddings
                .index_select(&tokens, 0)?
                .broadcast_add(&self.positions.narrow(0, depth, 1)?)?;
            hidden.push(self.step(x, depth + 1, &lines, sound, &mut keys)?);
        }
        let hidden = Tensor::cat(&hidden, 0)?;
        // Each token scored is read from its parent's row.
        let mut wanted: HashMap<u32, usize> = HashMap::new();
        let mut picks: Vec<Vec<(usize, u32)>> = Vec::with_capacity(sequences.len());
        for (sequence, path) in sequences.iter().zip(&paths) {
            let targets = sequence[from.min(sequence.len())..]
                .iter()
                .copied()
                .chain([end]);
            let parents = path[from.min(path.len()).saturating_sub(1)..].iter();
            let picked = parents
                .zip(targets)
                .map(|(&parent, token)| {
                    let next = wanted.len();
                    (*wanted.entry(row[parent]).or_insert(next), token)
                })
                .collect();
            picks.push(picked);
        }
        let mut rows = vec![0u32; wanted.len()];
        for (&r, &n) in &wanted {
            rows[n] = r;
        }
        let rows = Tensor::new(rows.as_slice(), device)?;
        let logits = hidden.index_select(&rows, 0)?.matmul(&self.projection)?;
        let log_p = candle_nn::ops::log_softmax(&logits, D::Minus1)?.flatten_all()?;
        let vocabulary = self.projection.dim(1)?;
        let flat: Vec<u32> = picks
            .iter()
            .flatten()
            .map(|&(n, token)| (n * vocabulary) as u32 + token)
            .collect();
        let picked: Vec<f32> = log_p
            .index_select(&Tensor::new(flat.as_slice(), device)?, 0)?
            .to_vec1()?;
        let mut at = 0;
        Ok(picks
            .iter()
            .map(|p| {
                let mine = &picked[at..at + p.len()];
                at += p.len();
                mine.iter().sum::<f32>() / mine.len() as f32
            })
            .collect())
    }

    /// Whisper's own reading of the sound, left free: from `prompt`, the
    /// word piece it likes best, one after another, until `end` or `most`
    /// pieces; the pieces, and their mean log-probability with the end's
    /// as [`Decoder::score`] gives a phrase's, so that the two compare: a
    /// phrase far below the free reading is not what was said.
    pub(super) fn free_reading(
        &self,
        sound: &Sound,
        prompt: &[u32],
        end: u32,
        most: usize,
    ) -> Result<(Vec<u32>, f32)> {
        let device = self.embeddings.device();
        let mut keys: Vec<Option<(Tensor, Tensor)>> = vec![None; self.blocks.len()];
        let mut read = Vec::new();
        let mut picked = Vec::new();
        let mut token = *prompt.first().unwrap_or(&end);
        for depth in 0..(prompt.len() + most).min(self.positions.dim(0)?) {
            // The last depth only reads the end's probability.
            let lines: Vec<u32> = (0..=depth as u32).collect();
            let x = self
                .embeddings
                .index_select(&Tensor::new(&[token], device)?, 0)?
                .broadcast_add(&self.positions.narrow(0, depth, 1)?)?;
            let hidden = self.step(
                x,
                depth + 1,
                &Tensor::new(lines.as_slice(), device)?,
                sound,
                &mut keys,
            )?;
            if let Some(&next) = prompt.get(depth + 1) {
                token = next;
                continue;
            }
            let log_p = candle_nn::ops::log_softmax(&hidden.matmul(&self.projection)?, D::Minus1)?
                .flatten_all()?;
            let best = log_p.argmax(0)?.to_scalar::<u32>()?;
            picked.push(log_p.get(best as usize)?.to_scalar::<f32>()?);
            if best == end {
                break;
            }
            if read.len() == most {
                break;
            }
            read.push(best);
            token = best;
        }
        let mean = picked.iter().sum::<f32>() / picked.len().max(1) as f32;
        Ok((read, mean))
    }

    /// One depth of the tree through every layer: `x` (pieces, width) at
    /// `length` tokens from the root, `lines` each piece's ancestors'
    /// rows; `keys` gathers every row's keys and values so far.
    fn step(
        &self,
        mut x: Tensor,
        length: usize,
        lines: &Tensor,
        sound: &Sound,
        keys: &mut [Option<(Tensor, Tensor)>],
    ) -> Result<Tensor> {
        let (n, d) = x.dims2()?;
        let size = d / self.heads;
        let scale = (size as f64).powf(-0.25);
        for ((block, kept), (sound_key, sound_value)) in
            self.blocks.iter().zip(keys.iter_mut()).zip(&sound.layers)
        {
            let h = block.own_norm.forward(&x)?;
            let (k, v) = (block.own.key.forward(&h)?, block.own.value.forward(&h)?);
            let (all_k, all_v) = match kept.take() {
                Some((ks, vs)) => (Tensor::cat(&[&ks, &k], 0)?, Tensor::cat(&[&vs, &v], 0)?),
                None => (k, v),
            };
            let q = (block
                .own
                .query
                .forward(&h)?
                .reshape((n, 1, self.heads, size))?
                * scale)?
                .transpose(1, 2)?;
            let gather = |t: &Tensor| {
                t.index_select(lines, 0)?
                    .reshape((n, length, self.heads, size))?
                    .transpose(1, 2)
            };
            let k = (gather(&all_k)? * scale)?.transpose(2, 3)?;
            let v = gather(&all_v)?.contiguous()?;
            let w = candle_nn::ops::softmax_last_dim(&q.contiguous()?.matmul(&k.contiguous()?)?)?;
            let own = w.matmul(&v)?.transpose(1, 2)?.reshape((n, d))?;
            *kept = Some((all_k, all_v));
            x = (x + block.own.out.forward(&own)?)?;
            let h = block.sound_norm.forward(&x)?;
            let q = (block
                .sound
                .query
                .forward(&h)?
                .reshape((1, n, self.heads, size))?
                * scale)?
                .transpose(1, 2)?
                .contiguous()?;
            let w = candle_nn::ops::softmax_last_dim(&q.matmul(sound_key)?)?;
            let heard = w.matmul(sound_value)?.transpose(1, 2)?.reshape((n, d))?;
            x = (x + block.sound.out.forward(&heard)?)?;
            let h = block.mlp_norm.forward(&x)?;
            let mlp = block.narrow.forward(&block.widen.forward(&h)?.gelu()?)?;
            x = (x + mlp)?;
        }
        self.norm.forward(&x)
    }
}

/// The tree of `sequences`' tokens, and each sequence's path through it.
fn tree(sequences: &[Vec<u32>]) -> (Vec<Piece>, Vec<Vec<usize>>) {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut children: HashMap<(Option<usize>, u32), usize> = HashMap::new();
    let paths = sequences
        .iter()
        .map(|sequence| {
            let mut parent = None;
            sequence
                .iter()
                .enumerate()
                .map(|(depth, &token)| {
                    let next = pieces.len();
                    let at = *children.entry((parent, token)).or_insert(next);
                    if at == next {
                        pieces.push(Piece {
                            token,
                            parent,
                            depth,
                        });
                    }
                    parent = Some(at);
                    at
                })
                .collect()
        })
        .collect();
    (pieces, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{DType, Device, IndexOp};
    use candle_nn::VarMap;
    use candle_transformers::models::whisper::model::Whisper;

    fn small() -> Config {
        Config {
            num_mel_bins: 4,
            max_source_positions: 16,
            d_model: 16,
            encoder_attention_heads: 2,
            encoder_layers: 1,
            vocab_size: 40,
            max_target_positions: 24,
            decoder_attention_heads: 2,
            decoder_layers: 2,
            suppress_tokens: Vec::new(),
        }
    }

    /// Every phrase read alone by candle's own decoder, as the second
    /// opinion first did.
    fn alone(
        model: &mut Whisper,
        audio: &Tensor,
        sequences: &[Vec<u32>],
        from: usize,
        end: u32,
    ) -> Vec<f32> {
        let projection = model
            .decoder
            .final_linear(
                &Tensor::eye(16, DType::F32, &Device::Cpu)
                    .unwrap()
                    .unsqueeze(0)
                    .unwrap(),
            )
            .unwrap()
            .i(0)
            .unwrap();
        sequences
            .iter()
            .map(|s| {
                let input = Tensor::new(s.as_slice(), &Device::Cpu)
                    .unwrap()
                    .unsqueeze(0)
                    .unwrap();
                let hidden = model.decoder.forward(&input, audio, true).unwrap();
                let hidden = hidden.i((0, from - 1.., ..)).unwrap();
                let log_p =
                    candle_nn::ops::log_softmax(&hidden.matmul(&projection).unwrap(), D::Minus1)
                        .unwrap();
                let targets: Vec<u32> = s[from..].iter().copied().chain([end]).collect();
                let index = Tensor::new(targets.as_slice(), &Device::Cpu)
                    .unwrap()
                    .unsqueeze(1)
                    .unwrap();
                let picked: Vec<f32> = log_p
                    .gather(&index, 1)
                    .unwrap()
                    .flatten_all()
                    .unwrap()
                    .to_vec1()
                    .unwrap();
                picked.iter().sum::<f32>() / picked.len() as f32
            })
            .collect()
    }

    /// Values drawn from a seeded generator, so that a failure repeats:
    /// candle's own cannot be seeded on the CPU.
    fn drawn(dims: &[usize], scale: f32, seed: u64) -> Tensor {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n: usize = dims.iter().product();
        let values: Vec<f32> = (0..n)
            .map(|_| (rng.random::<f32>() * 2.0 - 1.0) * scale * 1.7)
            .collect();
        Tensor::from_vec(values, dims, &Device::Cpu).unwrap()
    }

    /// A small model of weights drawn at random, so that no layer is the
    /// identity: candle's, and the decoder on the same weights.
    fn random_model() -> (Whisper, Decoder) {
        let device = Device::Cpu;
        let varmap = VarMap::new();
        let vb = VarBuilder::from_varmap(&varmap, DType::F32, &device);
        let config = small();
        let model = Whisper::load(&vb, config.clone()).unwrap();
        for var in varmap.all_vars() {
            var.set(&drawn(var.shape().dims(), 0.5, var.elem_count() as u64))
                .unwrap();
        }
        let decoder = Decoder::load(vb.pp("model.decoder"), &config).unwrap();
        (model, decoder)
    }

    #[test]
    fn phrases_read_as_a_tree_score_as_each_read_alone() {
        let (mut model, decoder) = random_model();
        let audio = drawn(&[1, 7, 16], 1.0, 99);
        let sequences: Vec<Vec<u32>> = vec![
            vec![1, 2, 3, 4, 10, 11, 12],
            vec![1, 2, 3, 4, 10, 11, 13],
            vec![1, 2, 3, 4, 10, 14],
            vec![1, 2, 3, 4, 20, 11, 12, 15, 16],
            vec![1, 2, 3, 4],
            vec![1, 2, 3, 4, 10, 11, 12],
        ];
        let sound = decoder.sound(&audio).unwrap();
        let together = decoder.score(&sound, &sequences, 4, 39).unwrap();
        let each = alone(&mut model, &audio, &sequences, 4, 39);
        assert_eq!(together.len(), each.len());
        for (a, b) in together.iter().zip(&each) {
            assert!(
                (a - b).abs() < 1e-4 * b.abs().max(1.0),
                "{together:?} {each:?}"
            );
        }
        assert_eq!(
            together[0], together[5],
            "the same phrase twice scores the same"
        );
        assert!(decoder.score(&sound, &[], 4, 39).unwrap().is_empty());
    }

    #[test]
    fn the_free_reading_scores_as_its_pieces_read_as_a_phrase() {
        let (_, decoder) = random_model();
        let prompt = [1, 2, 3, 4];
        let mut pieces_read = 0;
        for seed in 0..4 {
            let audio = drawn(&[1, 7, 16], 1.0 + seed as f32, seed);
            let sound = decoder.sound(&audio).unwrap();
            // Read freely once, then again with its third piece (or, where
            // it stopped sooner, its own end) as the end, so that the
            // reading ends there.
            let (first, _) = decoder.free_reading(&sound, &prompt, 39, 6).unwrap();
            let end = first.get(2).copied().unwrap_or(39);
            let (read, free) = decoder.free_reading(&sound, &prompt, end, 6).unwrap();
            assert!(
                read.len() <= 2 && first.starts_with(&read),
                "{first:?} {read:?}"
            );
            let mut whole = prompt.to_vec();
            whole.extend(&read);
            let scored = decoder.score(&sound, &[whole], 4, end).unwrap()[0];
            assert!((scored - free).abs() < 1e-4, "{scored} {free} {read:?}");
            pieces_read += read.len();
        }
        assert!(pieces_read > 0, "no reading went past its start");
    }

    #[test]
    fn the_tree_shares_every_common_start() {
        let (pieces, paths) = tree(&[vec![1, 2, 3], vec![1, 2, 4], vec![1, 5]]);
        assert_eq!(pieces.len(), 5);
        assert_eq!(paths[0][..2], paths[1][..2]);
        assert_eq!(paths[2][0], paths[0][0]);
        assert_eq!(pieces[paths[1][2]].depth, 2);
    }
}
