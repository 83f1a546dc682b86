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
 * Unit vectors by slot, searched with WebAssembly SIMD (search/backends/simd-dot.ts). Each
 * vector is kept in fp32 and as int8 (scaled to its largest component); a search scores every
 * slot on the int8 copy (10k × 384 in ~0.2 ms, a quarter of the bytes), then the best
 * max(rescore, 3·size) allowed slots exactly in fp32, so the scores returned are exact cosines.
 * The int8 order keeps the exact top-100 (docs/retrieval.md "Latency": 10k tools, dev queries).
 * `rescore` 0, a small index or no WebAssembly SIMD: every slot exactly (the JS loop without SIMD).
 * Memory layout: query fp32 | query int16 | slot list | scores | fp32 vectors | int8 vectors.
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
  /** Live slots in slot order, in the memory at slotsAt; rebuilt after a change. */
  private liveCount = 0;
  private liveDirty = true;

  constructor(private readonly dims: number, private readonly rescore = DEFAULT_RESCORE, capacity = 1024) {
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
    if (this.live[slot] === 0) this.liveDirty = true;
    this.live[slot] = 1;
  }

  clear(slot: number): void {
    if (this.live[slot] !== 0) this.liveDirty = true;
    this.live[slot] = 0;
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
    kernels.dots8(this.q16At, this.int8At, count, this.outAt, this.dims);
    const approx = new TopN(wanted);
    const ints = this.ints;
    const firstScore = this.outAt / 4;
    let floor = -Infinity;
    for (let slot = 0; slot < count; slot++) {
      if (this.live[slot] === 0) continue;
      const s = ints[firstScore + slot] * this.scales[slot];
      if (s <= floor || (allowed && !allowed(slot))) continue;
      approx.push(slot, s);
      floor = approx.floor();
    }
    const candidates = approx.sorted();
    const firstSlot = this.slotsAt / 4;
    candidates.forEach((c, i) => { ints[firstSlot + i] = c.slot; });
    this.floats.set(q, 0);
    kernels.dots(0, this.vectorsAt, this.slotsAt, candidates.length, this.outAt, this.dims * 4);
    // The slot list now holds candidates, not the live slots.
    this.liveDirty = true;
    const top = new TopN(size);
    for (let i = 0; i < candidates.length; i++) top.push(candidates[i].slot, this.floats[firstScore + i]);
    return top.sorted();
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
    const slotsAt = align16(q16At + dims * 2);
    const outAt = align16(slotsAt + capacity * 4);
    const vectorsAt = align16(outAt + capacity * 4);
    const int8At = align16(vectorsAt + capacity * dims * 4);
    const memory = new WebAssembly.Memory({ initial: Math.ceil((int8At + capacity * dims) / PAGE) });
    const floats = new Float32Array(memory.buffer);
    const bytes = new Int8Array(memory.buffer);
    if (this.capacity > 0) {
      floats.set(this.floats.subarray(this.vectorsAt / 4, this.vectorsAt / 4 + this.capacity * dims), vectorsAt / 4);
      bytes.set(this.bytes.subarray(this.int8At, this.int8At + this.capacity * dims), int8At);
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
    this.slotsAt = slotsAt;
    this.outAt = outAt;
    this.vectorsAt = vectorsAt;
    this.capacity = capacity;
    this.liveDirty = true;
    // The kernels take 16 components a turn; other widths use the JS loop.
    this.kernels = dims % 16 === 0 ? instantiateDots(memory) : null;
  }
}
