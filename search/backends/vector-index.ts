import { TopN } from '../top-n.ts';
import type { DotsFn } from './simd-dot.ts';
import { instantiateDots } from './simd-dot.ts';

/** Hits of a vector search: slots with their cosine, best first. */
export type SlotHit = { slot: number; score: number };

const PAGE = 65_536;
const align16 = (n: number) => Math.ceil(n / 16) * 16;

/**
 * Unit vectors by slot, searched exactly. The vectors live in a WebAssembly memory and one call
 * of the SIMD kernel (search/backends/simd-dot.ts) scores every live slot: 10k × 384 in ~0.5 ms
 * against ~4 ms for the JS loop, with no approximation (a binary prefilter was measured too and
 * dropped, docs/retrieval.md "Latency"). Where WebAssembly SIMD is missing, the JS loop runs.
 * Memory layout: query | live-slot list | scores | vectors; growing copies into a new memory.
 */
export class VectorIndex {
  /** 1 for occupied slots. */
  private live: Uint8Array;
  private capacity = 0;
  private dots: DotsFn | null = null;
  private floats!: Float32Array;
  private ints!: Int32Array;
  private slotsAt = 0;
  private outAt = 0;
  private vectorsAt = 0;
  /** Live slots in slot order, in the memory at slotsAt; rebuilt after a change. */
  private liveCount = 0;
  private liveDirty = true;

  constructor(private readonly dims: number, capacity = 1024) {
    this.live = new Uint8Array(0);
    this.grow(capacity);
  }

  set(slot: number, vector: Float32Array): void {
    if (slot >= this.capacity) this.grow(Math.max(slot + 1, this.capacity * 2));
    this.floats.set(vector, this.vectorsAt / 4 + slot * this.dims);
    if (this.live[slot] === 0) this.liveDirty = true;
    this.live[slot] = 1;
  }

  clear(slot: number): void {
    if (this.live[slot] !== 0) this.liveDirty = true;
    this.live[slot] = 0;
  }

  /** The `size` best slots by cosine among `count` slots, `allowed` ones only. */
  search(q: Float32Array, size: number, count: number, allowed?: (slot: number) => boolean): SlotHit[] {
    const n = this.liveSlots(count);
    const slots = this.ints;
    const firstSlot = this.slotsAt / 4;
    const out = this.floats;
    const firstScore = this.outAt / 4;
    if (this.dots) {
      this.floats.set(q, 0);
      this.dots(0, this.vectorsAt, this.slotsAt, n, this.outAt, this.dims * 4);
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
    const slotsAt = align16(dims * 4);
    const outAt = align16(slotsAt + capacity * 4);
    const vectorsAt = align16(outAt + capacity * 4);
    const memory = new WebAssembly.Memory({ initial: Math.ceil((vectorsAt + capacity * dims * 4) / PAGE) });
    const floats = new Float32Array(memory.buffer);
    if (this.capacity > 0) floats.set(this.floats.subarray(this.vectorsAt / 4, this.vectorsAt / 4 + this.capacity * dims), vectorsAt / 4);
    const live = new Uint8Array(capacity);
    live.set(this.live);
    this.floats = floats;
    this.ints = new Int32Array(memory.buffer);
    this.live = live;
    this.slotsAt = slotsAt;
    this.outAt = outAt;
    this.vectorsAt = vectorsAt;
    this.capacity = capacity;
    this.liveDirty = true;
    // The kernel takes 8 floats a turn; other widths use the JS loop.
    this.dots = dims % 8 === 0 ? instantiateDots(memory) : null;
  }
}
