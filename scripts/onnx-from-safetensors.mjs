// A BERT ONNX graph (opset 17) written from sentence-transformers safetensors weights, for the
// one model no reachable package ships as ONNX (all-minilm-l6-v2: scripts/fetch-model.mjs says
// why). Apart from the fetcher because it is a different thing: a small protobuf writer for the
// few ONNX messages needed and the graph itself, with no I/O.

// --- protobuf writer for the few ONNX messages we need (field numbers from onnx.proto) ---
function varint(n) {
  const bytes = [];
  let v = BigInt(n);
  if (v < 0n) v += 1n << 64n;
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    bytes.push(b);
  } while (v > 0n);
  return Buffer.from(bytes);
}
const key = (field, wire) => varint((field << 3) | wire);
const int = (field, n) => Buffer.concat([key(field, 0), varint(n)]);
const bytes = (field, b) => Buffer.concat([key(field, 2), varint(b.length), b]);
const str = (field, s) => bytes(field, Buffer.from(s, 'utf8'));
const msg = (field, parts) => bytes(field, Buffer.concat(parts));
function float(field, f) {
  const b = Buffer.alloc(4);
  b.writeFloatLE(f);
  return Buffer.concat([key(field, 5), b]);
}

function attr(name, value) {
  if (Array.isArray(value)) return msg(5, [str(1, name), ...value.map((v) => int(8, v)), int(20, 7)]);
  if (Number.isInteger(value)) return msg(5, [str(1, name), int(3, value), int(20, 2)]);
  return msg(5, [str(1, name), float(2, value), int(20, 1)]);
}
function tensor(name, dims, type, raw) {
  return [...dims.map((d) => int(1, d)), int(2, type), str(8, name), bytes(9, raw)];
}
function valueInfo(field, name, elemType, dims) {
  const dim = dims.map((d) => msg(1, [typeof d === 'string' ? str(2, d) : int(1, d)]));
  return msg(field, [str(1, name), msg(2, [msg(1, [int(1, elemType), msg(2, dim)])])]);
}

/** Builds the BERT encoder graph; outputs last_hidden_state [batch, seq, 384]. */
export function buildOnnx(weights, cfg, int8) {
  const H = cfg.hidden_size;
  const heads = cfg.num_attention_heads;
  const nodes = [];
  const inits = [];
  let n = 0;
  const node = (op, inputs, attrs = {}, domain = '') => {
    const out = `t${n++}`;
    nodes.push(msg(1, [...inputs.map((i) => str(1, i)), str(2, out), str(3, `${op}_${n}`), str(4, op),
      ...Object.entries(attrs).map(([k, v]) => attr(k, v)), ...(domain ? [str(7, domain)] : [])]));
    return out;
  };
  const f32 = (name, dims, arr) => { inits.push(msg(5, tensor(name, dims, 1, Buffer.from(arr.buffer, arr.byteOffset, arr.byteLength)))); return name; };
  const i64 = (name, values) => { inits.push(msg(5, tensor(name, [values.length], 7, Buffer.from(BigInt64Array.from(values.map(BigInt)).buffer)))); return name; };
  const w = (k) => weights(k);
  // PyTorch Linear stores [out, in]; MatMul wants [in, out].
  const linear = (x, prefix) => {
    const { data, shape: [o, i] } = w(`${prefix}.weight`);
    const t = new Float32Array(o * i);
    for (let r = 0; r < o; r++) for (let c = 0; c < i; c++) t[c * o + r] = data[r * i + c];
    if (int8) return quantizedLinear(x, prefix, t, i, o);
    return node('Add', [node('MatMul', [x, f32(`${prefix}.wT`, [i, o], t)]), f32(`${prefix}.b`, [o], w(`${prefix}.bias`).data)]);
  };
  // int8 variant: symmetric per-output-column weight scales, activations quantized at run time
  // by onnxruntime's DynamicQuantizeMatMul (com.microsoft); about 2-3x faster on CPUs with VNNI.
  const quantizedLinear = (x, prefix, t, i, o) => {
    const scales = new Float32Array(o);
    for (let c = 0; c < o; c++) {
      let max = 0;
      for (let r = 0; r < i; r++) max = Math.max(max, Math.abs(t[r * o + c]));
      scales[c] = max / 127 || 1;
    }
    const q = new Int8Array(i * o);
    for (let r = 0; r < i; r++) for (let c = 0; c < o; c++) q[r * o + c] = Math.round(t[r * o + c] / scales[c]);
    inits.push(msg(5, tensor(`${prefix}.wq`, [i, o], 3, Buffer.from(q.buffer))));
    inits.push(msg(5, tensor(`${prefix}.zp`, [o], 3, Buffer.alloc(o))));
    return node('DynamicQuantizeMatMul', [x, `${prefix}.wq`, f32(`${prefix}.ws`, [o], scales), `${prefix}.zp`, f32(`${prefix}.b`, [o], w(`${prefix}.bias`).data)], {}, 'com.microsoft');
  };
  const layerNorm = (x, prefix) => node('LayerNormalization',
    [x, f32(`${prefix}.g`, [H], w(`${prefix}.weight`).data), f32(`${prefix}.beta`, [H], w(`${prefix}.bias`).data)],
    { axis: -1, epsilon: cfg.layer_norm_eps });

  const we = w('embeddings.word_embeddings.weight');
  const pe = w('embeddings.position_embeddings.weight');
  const te = w('embeddings.token_type_embeddings.weight');
  // token_type_ids are always 0 for single sentences: fold that row in as a constant.
  let x = node('Add', [
    node('Add', [node('Gather', [f32('word_emb', we.shape, we.data), 'input_ids']), node('Gather', [f32('pos_emb', pe.shape, pe.data), 'position_ids'])]),
    f32('type0', [H], te.data.subarray(0, H)),
  ]);
  x = layerNorm(x, 'embeddings.LayerNorm');
  const mask = node('Cast', ['attention_mask'], { to: 1 });
  const maskBias = node('Unsqueeze', [node('Mul', [node('Sub', [f32('one', [], new Float32Array([1])), mask]), f32('neg', [], new Float32Array([-10000]))]), i64('ax12', [1, 2])]);
  const headShape = i64('head_shape', [0, 0, heads, H / heads]);
  const flatShape = i64('flat_shape', [0, 0, H]);
  const scale = f32('scale', [], new Float32Array([1 / Math.sqrt(H / heads)]));
  for (let l = 0; l < cfg.num_hidden_layers; l++) {
    const p = `encoder.layer.${l}`;
    const split = (name, perm) => node('Transpose', [node('Reshape', [linear(x, `${p}.attention.self.${name}`), headShape])], { perm });
    const q = split('query', [0, 2, 1, 3]);
    const k = split('key', [0, 2, 3, 1]);
    const v = split('value', [0, 2, 1, 3]);
    const probs = node('Softmax', [node('Add', [node('Mul', [node('MatMul', [q, k]), scale]), maskBias])], { axis: -1 });
    const ctx = node('Reshape', [node('Transpose', [node('MatMul', [probs, v])], { perm: [0, 2, 1, 3] }), flatShape]);
    x = layerNorm(node('Add', [linear(ctx, `${p}.attention.output.dense`), x]), `${p}.attention.output.LayerNorm`);
    const h = linear(x, `${p}.intermediate.dense`);
    const gelu = node('Mul', [node('Mul', [h, f32(`${p}.half`, [], new Float32Array([0.5]))]),
      node('Add', [node('Erf', [node('Mul', [h, f32(`${p}.isqrt2`, [], new Float32Array([Math.SQRT1_2]))])]), 'one'])]);
    x = layerNorm(node('Add', [linear(gelu, `${p}.output.dense`), x]), `${p}.output.LayerNorm`);
  }
  nodes.push(msg(1, [str(1, x), str(2, 'last_hidden_state'), str(4, 'Identity')]));
  const graph = msg(7, [...nodes, str(2, 'minilm'), ...inits,
    valueInfo(11, 'input_ids', 7, ['batch', 'seq']), valueInfo(11, 'attention_mask', 7, ['batch', 'seq']),
    valueInfo(11, 'position_ids', 7, [1, 'seq']), valueInfo(12, 'last_hidden_state', 1, ['batch', 'seq', H])]);
  const opsets = [msg(8, [str(1, ''), int(2, 17)]), ...(int8 ? [msg(8, [str(1, 'com.microsoft'), int(2, 1)])] : [])];
  return Buffer.concat([int(1, 8), str(2, 'switchboard-fetch-model'), graph, ...opsets]);
}

export function readSafetensors(buf) {
  const headerLen = Number(buf.readBigUInt64LE(0));
  const header = JSON.parse(buf.toString('utf8', 8, 8 + headerLen));
  const base = 8 + headerLen;
  return (name) => {
    const t = header[name];
    if (!t || t.dtype !== 'F32') throw new Error(`tensor ${name} missing or not F32`);
    const [a, b] = t.data_offsets;
    const copy = new Float32Array(buf.buffer.slice(buf.byteOffset + base + a, buf.byteOffset + base + b));
    return { data: copy, shape: t.shape };
  };
}

