import { TopN } from '../top-n.ts';
import type { Kernels } from './simd-dot.ts';
import { instantiateDots } from './simd-dot.ts';

/** Hits of a vector search: slots with their cosine, best first. */
export type SlotHit = { slot: number; score: number };

const PAGE = 65_536;
const align16 = (n: number) => Math.ceil(n / 16) * 16;

/** Candidates the int8 pass hands to the exact pass, at least (and 3 × size when larger). */
export const DEFAULT_RESCORE = 300;

/**
 * From this many live slots on, a search first compares sign bits (one bit per component,
 * Hamming distance: 48 bytes a vector instead of the int8 pass's 384) and scores exactly only
 * the PREFILTER_SHARE of slots nearest by them; below it, the int8 pass over every slot.
 * Measured on 100,000 tools: the int8 pass alone took 4-5 ms there (docs/decisions.md, "Retrieval
 * latency").
 */
export const PREFILTER_FROM = 50_000;
export const PREFILTER_SHARE = 0.1;

/** When the sign-bit preselection runs (from `from` live slots) and the share of slots it keeps; null: never. */
export type Preselect = { from: number; share: number } | null;
export const DEFAULT_PRESELECT: Preselect = { from: PREFILTER_FROM, share: PREFILTER_SHARE };
/** Every how many slots the preselection's histogram of distances looks at. */
const SAMPLE_STEP = 8;
/** The Hamming kernel counts up to 8 bits per byte lane a turn in 8-bit lanes: codes of at most 496 bytes (3,968 dimensions). */
const MAX_CODE_BYTES = 496;

/**
 * Unit vectors by slot, searched with WebAssembly SIMD (search/backends/simd-dot.ts). Each
 * vector is kept in fp32 and as int8 (scaled to its largest component); a search scores every
 * slot on the int8 copy (10k × 384 in ~0.2 ms, a quarter of the bytes), then the best
 * max(rescore, 3·size) allowed slots exactly in fp32, so the scores returned are exact cosines.
 * The int8 order keeps the exact top-100 (10k tools, dev queries: docs/retrieval.md, "Latency").
 * `rescore` 0, a small index or no WebAssembly SIMD: every slot exactly (the JS loop without SIMD).
 * From PREFILTER_FROM live slots on, sign-bit codes choose which slots are scored exactly instead.
 * Memory layout: query fp32 | query int16 | query code | slot list | scores | fp32 vectors | int8 vectors | codes.
 */
export class VectorIndex {
  /** 1 for occupied slots. */
  private live: Uint8Array;
  private capacity = 0;
  private kernels: Kernels | null = null;
  private floats!: Float32Array;
  private ints!: Int32Array;
  private shorts!: Int16Array;
  private bytes!: Int8Array;
  /** Per slot: the int8 copy's unit (largest |component| / 127). */
  private scales = new Float32Array(0);
  private q16At = 0;
  private slotsAt = 0;
  private outAt = 0;
  private vectorsAt = 0;
  private int8At = 0;
  private qCodeAt = 0;
  private codesAt = 0;
  /** Bytes of one sign-bit code: one bit per component, padded to 16. */
  private readonly codeBytes: number;
  /** Occupied slots. */
  private liveTotal = 0;
  /** Live slots in slot order, in the memory at slotsAt; rebuilt after a change. */
  private liveCount = 0;
  private liveDirty = true;

  constructor(private readonly dims: number, private readonly rescore = DEFAULT_RESCORE, capacity = 1024, private readonly preselection: Preselect = DEFAULT_PRESELECT) {
    this.codeBytes = align16(Math.ceil(dims / 8));
    this.live = new Uint8Array(0);
    this.grow(capacity);
  }

  set(slot: number, vector: Float32Array): void {
    if (slot >= this.capacity) this.grow(Math.max(slot + 1, this.capacity * 2));
    this.floats.set(vector, this.vectorsAt / 4 + slot * this.dims);
    let max = 0;
    for (let d = 0; d < this.dims; d++) max = Math.max(max, Math.abs(vector[d]));
    const unit = max > 0 ? max / 127 : 1;
    const at = this.int8At + slot * this.dims;
    for (let d = 0; d < this.dims; d++) this.bytes[at + d] = Math.round(vector[d] / unit);
    this.scales[slot] = unit;
    this.code(vector, this.codesAt + slot * this.codeBytes);
    if (this.live[slot] === 0) {
      this.liveDirty = true;
      this.liveTotal++;
    }
    this.live[slot] = 1;
  }

  clear(slot: number): void {
    if (this.live[slot] !== 0) {
      this.liveDirty = true;
      this.liveTotal--;
    }
    this.live[slot] = 0;
  }

  /** Writes the sign bits of `vector` at byte `at`: bit j of byte b is set when component 8b + j is positive. */
  private code(vector: Float32Array, at: number): void {
    for (let b = 0; b < this.codeBytes; b++) {
      let byte = 0;
      for (let j = 0; j < 8; j++) {
        const d = b * 8 + j;
        if (d < this.dims && vector[d] > 0) byte |= 1 << j;
      }
      this.bytes[at + b] = byte;
    }
  }

  /** The `size` best slots by cosine among `count` slots, `allowed` ones only. */
  search(q: Float32Array, size: number, count: number, allowed?: (slot: number) => boolean): SlotHit[] {
    const wanted = Math.max(this.rescore, 3 * size);
    const kernels = this.kernels;
    if (!kernels || this.rescore <= 0 || count <= 2 * wanted) return this.exact(q, size, count, allowed);
    let max = 0;
    for (let d = 0; d < this.dims; d++) max = Math.max(max, Math.abs(q[d]));
    const unit = max > 0 ? max / 32_767 : 1;
    const q16 = this.q16At / 2;
    for (let d = 0; d < this.dims; d++) this.shorts[q16 + d] = Math.round(q[d] / unit);
    const ints = this.ints;
    const scales = this.scales;
    const live = this.live;
    const firstScore = this.outAt / 4;
    const firstSlot = this.slotsAt / 4;
    const approx = new TopN(wanted);
    let floor = -Infinity;
    const pre = this.preselection;
    const preselecting = pre && this.liveTotal >= pre.from && this.codeBytes <= MAX_CODE_BYTES;
    const n = preselecting ? this.preselect(kernels, q, count, Math.max(wanted, Math.ceil(this.liveTotal * pre.share))) : -1;
    if (n >= 0) {
      // The int8 pass over the preselected slots only (their list is at slotsAt, in slot order).
      kernels.dots8At(this.q16At, this.int8At, this.slotsAt, n, this.outAt, this.dims);
      for (let i = 0; i < n; i++) {
        const slot = ints[firstSlot + i];
        if (live[slot] === 0) continue;
        const s = ints[firstScore + i] * scales[slot];
        if (s <= floor || (allowed && !allowed(slot))) continue;
        approx.push(slot, s);
        floor = approx.floor();
      }
    }
    // Every slot when not preselected, or when a narrow filter left fewer than `size` of the preselected.
    if (n < 0 || approx.size < size) {
      if (n >= 0) {
        approx.clear();
        floor = -Infinity;
      }
      kernels.dots8(this.q16At, this.int8At, count, this.outAt, this.dims);
      for (let slot = 0; slot < count; slot++) {
        if (live[slot] === 0) continue;
        const s = ints[firstScore + slot] * scales[slot];
        if (s <= floor || (allowed && !allowed(slot))) continue;
        approx.push(slot, s);
        floor = approx.floor();
      }
    }
    const candidates = approx.sorted();
    candidates.forEach((c, i) => { ints[firstSlot + i] = c.slot; });
    this.floats.set(q, 0);
    kernels.dots(0, this.vectorsAt, this.slotsAt, candidates.length, this.outAt, this.dims * 4);
    // The slot list now holds candidates, not the live slots.
    this.liveDirty = true;
    const top = new TopN(size);
    for (let i = 0; i < candidates.length; i++) top.push(candidates[i].slot, this.floats[firstScore + i]);
    return top.sorted();
  }

  /** Exact cosines of `q` with the given slots' vectors (a search over a few servers' tools: no scan of the index). */
  scoreSlots(q: Float32Array, slots: readonly number[]): number[] {
    return slots.map((slot) => this.jsDot(q, slot));
  }

  /**
   * Writes to the slot list, in slot order, the slots nearest to `q` by sign bits (Hamming
   * distance, occupied or not): about `keep` of them, the cut being read off a histogram of every
   * 8th slot's distance (ties at the cut kept too). Returns how many.
   */
  private preselect(kernels: Kernels, q: Float32Array, count: number, keep: number): number {
    this.code(q, this.qCodeAt);
    kernels.hamming(this.qCodeAt, this.codesAt, count, this.outAt, this.codeBytes);
    const ints = this.ints;
    const firstDistance = this.outAt / 4;
    const histogram = new Int32Array(this.codeBytes * 8 + 1);
    let sampled = 0;
    for (let slot = 0; slot < count; slot += SAMPLE_STEP, sampled++) histogram[ints[firstDistance + slot]]++;
    const target = (keep / this.liveTotal) * sampled;
    let cut = 0;
    for (let kept = histogram[0]; kept < target && cut < histogram.length - 1; ) kept += histogram[++cut];
    // The slot list now holds candidates, not the live slots.
    this.liveDirty = true;
    return kernels.below(this.outAt, count, cut, this.slotsAt);
  }

  private exact(q: Float32Array, size: number, count: number, allowed?: (slot: number) => boolean): SlotHit[] {
    const n = this.liveSlots(count);
    const slots = this.ints;
    const firstSlot = this.slotsAt / 4;
    const out = this.floats;
    const firstScore = this.outAt / 4;
    if (this.kernels) {
      this.floats.set(q, 0);
      this.kernels.dots(0, this.vectorsAt, this.slotsAt, n, this.outAt, this.dims * 4);
    } else {
      for (let i = 0; i < n; i++) out[firstScore + i] = this.jsDot(q, slots[firstSlot + i]);
    }
    const top = new TopN(size);
    let floor = -Infinity;
    for (let i = 0; i < n; i++) {
      const s = out[firstScore + i];
      // The filter is checked only for scores that could enter the top list.
      if (s <= floor) continue;
      const slot = slots[firstSlot + i];
      if (allowed && !allowed(slot)) continue;
      top.push(slot, s);
      floor = top.floor();
    }
    return top.sorted();
  }

  private liveSlots(count: number): number {
    if (!this.liveDirty) return this.liveCount;
    let n = 0;
    const first = this.slotsAt / 4;
    for (let slot = 0; slot < count; slot++) if (this.live[slot] !== 0) this.ints[first + n++] = slot;
    this.liveCount = n;
    this.liveDirty = false;
    return n;
  }

  private jsDot(q: Float32Array, slot: number): number {
    const v = this.floats;
    const dims = this.dims;
    // Four accumulators let V8 overlap the multiply-adds (measured 2-3x over one).
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    const off = this.vectorsAt / 4 + slot * dims;
    let d = 0;
    for (; d + 3 < dims; d += 4) {
      s0 += q[d] * v[off + d];
      s1 += q[d + 1] * v[off + d + 1];
      s2 += q[d + 2] * v[off + d + 2];
      s3 += q[d + 3] * v[off + d + 3];
    }
    for (; d < dims; d++) s0 += q[d] * v[off + d];
    return s0 + s1 + s2 + s3;
  }

  private grow(capacity: number): void {
    const dims = this.dims;
    const q16At = align16(dims * 4);
    const qCodeAt = align16(q16At + dims * 2);
    const slotsAt = align16(qCodeAt + this.codeBytes);
    const outAt = align16(slotsAt + capacity * 4);
    const vectorsAt = align16(outAt + capacity * 4);
    const int8At = align16(vectorsAt + capacity * dims * 4);
    const codesAt = align16(int8At + capacity * dims);
    const memory = new WebAssembly.Memory({ initial: Math.ceil((codesAt + capacity * this.codeBytes) / PAGE) });
    const floats = new Float32Array(memory.buffer);
    const bytes = new Int8Array(memory.buffer);
    if (this.capacity > 0) {
      floats.set(this.floats.subarray(this.vectorsAt / 4, this.vectorsAt / 4 + this.capacity * dims), vectorsAt / 4);
      bytes.set(this.bytes.subarray(this.int8At, this.int8At + this.capacity * dims), int8At);
      bytes.set(this.bytes.subarray(this.codesAt, this.codesAt + this.capacity * this.codeBytes), codesAt);
    }
    const live = new Uint8Array(capacity);
    live.set(this.live);
    const scales = new Float32Array(capacity);
    scales.set(this.scales);
    this.floats = floats;
    this.ints = new Int32Array(memory.buffer);
    this.shorts = new Int16Array(memory.buffer);
    this.bytes = bytes;
    this.live = live;
    this.scales = scales;
    this.q16At = q16At;
    this.int8At = int8At;
    this.qCodeAt = qCodeAt;
    this.codesAt = codesAt;
    this.slotsAt = slotsAt;
    this.outAt = outAt;
    this.vectorsAt = vectorsAt;
    this.capacity = capacity;
    this.liveDirty = true;
    // The kernels take 16 components a turn; other widths use the JS loop.
    this.kernels = dims % 16 === 0 ? instantiateDots(memory) : null;
  }
}
