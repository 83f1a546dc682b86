/** Turns texts into unit-length vectors. Every provider normalises its output (L2 = 1). */
export interface EmbeddingProvider {
  /** Stable identifier of provider + model, e.g. `local:all-minilm-l6-v2`; stored with indexed vectors. */
  readonly id: string;
  readonly dimensions: number;
  /** Document vectors, in input order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** One query vector, when the provider has a faster path for single queries; else `embed`. */
  embedQuery?(text: string): Promise<Float32Array>;
  /** Releases native resources (ONNX session, sockets). */
  close?(): Promise<void>;
}

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
}

/** Dot product; equals cosine similarity for normalised vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
