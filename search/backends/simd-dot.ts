/**
 * Dot products of one query against many stored vectors, in WebAssembly SIMD (f32x4): V8 runs
 * the plain JS loop at ~0.25 µs per 384-d product (no SIMD in JS), the f32x4 kernel several
 * times faster (measured: docs/retrieval.md, "Latency", its 2026-11-22 figures). The module is assembled from bytes below (about 200 bytes) so no toolchain or package
 * is needed.
 *
 * Exported function `dots(q, base, slots, n, out, stride)`, all byte addresses in the imported
 * memory: for i < n, out[i] = Σ q[d]·v[d] over the vector at base + slots[i]·stride, where
 * stride (= dims·4) is a positive multiple of 32.
 */
const zero128 = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
const load = (offset: number) => [0xfd, 0x00, 0x00, offset];
const f32x4Mul = [0xfd, 0xe6, 0x01];
const f32x4Add = [0xfd, 0xe4, 0x01];
const lane = (i: number) => [0xfd, 0x1f, i];
const get = (i: number) => [0x20, i];
const set = (i: number) => [0x21, i];
// Locals: params q 0, base 1, slots 2, n 3, out 4, stride 5; i 6, p 7, d 8 (i32); acc0 9, acc1 10 (v128).
const multiplyAdd = (acc: number, offset: number) => [
  ...get(acc), ...get(0), ...get(8), 0x6a, ...load(offset), ...get(7), ...get(8), 0x6a, ...load(offset), ...f32x4Mul, ...f32x4Add, ...set(acc),
];
const body = [
  0x02, 0x03, 0x7f, 0x02, 0x7b, // locals: 3 × i32, 2 × v128
  0x41, 0x00, ...set(6),
  0x02, 0x40, 0x03, 0x40, // block, loop
  ...get(6), ...get(3), 0x4f, 0x0d, 0x01, // i >= n → exit
  ...get(1), ...get(2), ...get(6), 0x41, 0x02, 0x74, 0x6a, 0x28, 0x02, 0x00, ...get(5), 0x6c, 0x6a, ...set(7), // p = base + slots[i]·stride
  ...zero128, ...set(9), ...zero128, ...set(10), 0x41, 0x00, ...set(8),
  0x03, 0x40, // loop over d, 8 floats a turn in two accumulators
  ...multiplyAdd(9, 0), ...multiplyAdd(10, 16),
  ...get(8), 0x41, 0x20, 0x6a, 0x22, 0x08, ...get(5), 0x49, 0x0d, 0x00, // d += 32; d < stride → again
  0x0b,
  ...get(4), ...get(6), 0x41, 0x02, 0x74, 0x6a, // &out[i]
  ...get(9), ...get(10), ...f32x4Add, 0x22, 0x09, ...lane(0), ...get(9), ...lane(1), 0x92, ...get(9), ...lane(2), 0x92, ...get(9), ...lane(3), 0x92,
  0x38, 0x02, 0x00, // f32.store
  ...get(6), 0x41, 0x01, 0x6a, ...set(6), 0x0c, 0x00, // i++; next
  0x0b, 0x0b, 0x0b,
];
// `dots8(q, base, n, out, stride)`: out[i] (i32) = Σ q[d]·v[d] for the i-th int8 vector at
// base + i·stride (stride = dims, a positive multiple of 16), q being int16. Locals: params
// q 0, base 1, n 2, out 3, stride 4; i 5, p 6, d 7 (i32); acc 8, bytes 9 (v128).
const i32x4Add = [0xfd, 0xae, 0x01];
const dotI16 = [0xfd, 0xba, 0x01];
const queryAt = (offset: number) => [...get(0), ...get(7), 0x41, 0x01, 0x74, 0x6a, ...load(offset)];
const half = (extend: number, offset: number) => [...get(8), ...get(9), 0xfd, extend, 0x01, ...queryAt(offset), ...dotI16, ...i32x4Add, ...set(8)];
const ilane = (i: number) => [0xfd, 0x1b, i];
const body8 = [
  0x02, 0x03, 0x7f, 0x02, 0x7b,
  ...get(1), ...set(6), 0x41, 0x00, ...set(5),
  0x02, 0x40, 0x03, 0x40,
  ...get(5), ...get(2), 0x4f, 0x0d, 0x01,
  ...zero128, ...set(8), 0x41, 0x00, ...set(7),
  0x03, 0x40,
  ...get(6), ...get(7), 0x6a, ...load(0), ...set(9),
  ...half(0x87, 0), ...half(0x88, 16), // low and high 8 bytes, sign-extended to int16
  ...get(7), 0x41, 0x10, 0x6a, 0x22, 0x07, ...get(4), 0x49, 0x0d, 0x00,
  0x0b,
  ...get(3), ...get(5), 0x41, 0x02, 0x74, 0x6a,
  ...get(8), ...ilane(0), ...get(8), ...ilane(1), 0x6a, ...get(8), ...ilane(2), 0x6a, ...get(8), ...ilane(3), 0x6a,
  0x36, 0x02, 0x00, // i32.store
  ...get(5), 0x41, 0x01, 0x6a, ...set(5), ...get(6), ...get(4), 0x6a, ...set(6), 0x0c, 0x00,
  0x0b, 0x0b, 0x0b,
];
// `hamming(q, base, n, out, stride)`: out[i] (i32) = number of bits that differ between the
// code at q and the i-th code at base + i·stride (stride a positive multiple of 16, at most 496:
// each byte lane counts up to 8 bits a turn). Locals as dots8: q 0, base 1, n 2, out 3, stride 4;
// i 5, p 6, d 7 (i32); acc 8 (v128, per-byte counts).
const v128Xor = [0xfd, 0x51];
const i8x16Popcnt = [0xfd, 0x62];
const i8x16Add = [0xfd, 0x6e];
const i16x8ExtaddU = [0xfd, 0x7d];
const i32x4ExtaddU = [0xfd, 0x7f];
const bodyHamming = [
  0x02, 0x03, 0x7f, 0x01, 0x7b,
  ...get(1), ...set(6), 0x41, 0x00, ...set(5),
  0x02, 0x40, 0x03, 0x40,
  ...get(5), ...get(2), 0x4f, 0x0d, 0x01,
  ...zero128, ...set(8), 0x41, 0x00, ...set(7),
  0x03, 0x40,
  ...get(8), ...get(6), ...get(7), 0x6a, ...load(0), ...get(0), ...get(7), 0x6a, ...load(0), ...v128Xor, ...i8x16Popcnt, ...i8x16Add, ...set(8),
  ...get(7), 0x41, 0x10, 0x6a, 0x22, 0x07, ...get(4), 0x49, 0x0d, 0x00,
  0x0b,
  ...get(3), ...get(5), 0x41, 0x02, 0x74, 0x6a,
  ...get(8), ...i16x8ExtaddU, ...i32x4ExtaddU, 0x22, 0x08, ...ilane(0), ...get(8), ...ilane(1), 0x6a, ...get(8), ...ilane(2), 0x6a, ...get(8), ...ilane(3), 0x6a,
  0x36, 0x02, 0x00,
  ...get(5), 0x41, 0x01, 0x6a, ...set(5), ...get(6), ...get(4), 0x6a, ...set(6), 0x0c, 0x00,
  0x0b, 0x0b, 0x0b,
];
// `dots8At(q, base, slots, n, out, stride)`: dots8 over the vectors at base + slots[i]·stride
// (the candidates a first pass chose). Locals: params q 0, base 1, slots 2, n 3, out 4, stride 5;
// i 6, p 7, d 8 (i32); acc 9, bytes 10 (v128).
const queryAtS = (offset: number) => [...get(0), ...get(8), 0x41, 0x01, 0x74, 0x6a, ...load(offset)];
const halfS = (extend: number, offset: number) => [...get(9), ...get(10), 0xfd, extend, 0x01, ...queryAtS(offset), ...dotI16, ...i32x4Add, ...set(9)];
const body8At = [
  0x02, 0x03, 0x7f, 0x02, 0x7b,
  0x41, 0x00, ...set(6),
  0x02, 0x40, 0x03, 0x40,
  ...get(6), ...get(3), 0x4f, 0x0d, 0x01,
  ...get(1), ...get(2), ...get(6), 0x41, 0x02, 0x74, 0x6a, 0x28, 0x02, 0x00, ...get(5), 0x6c, 0x6a, ...set(7), // p = base + slots[i]·stride
  ...zero128, ...set(9), 0x41, 0x00, ...set(8),
  0x03, 0x40,
  ...get(7), ...get(8), 0x6a, ...load(0), ...set(10),
  ...halfS(0x87, 0), ...halfS(0x88, 16),
  ...get(8), 0x41, 0x10, 0x6a, 0x22, 0x08, ...get(5), 0x49, 0x0d, 0x00,
  0x0b,
  ...get(4), ...get(6), 0x41, 0x02, 0x74, 0x6a,
  ...get(9), ...ilane(0), ...get(9), ...ilane(1), 0x6a, ...get(9), ...ilane(2), 0x6a, ...get(9), ...ilane(3), 0x6a,
  0x36, 0x02, 0x00,
  ...get(6), 0x41, 0x01, 0x6a, ...set(6), 0x0c, 0x00,
  0x0b, 0x0b, 0x0b,
];
// `below(values, n, cut, out)` → count: writes to out, in order, every i < n whose i32 at
// values + 4i is at most `cut` (unsigned), and returns how many; branch-free (always stores,
// advances on a match). Locals: params values 0, n 1, cut 2, out 3; i 4, k 5 (i32).
const bodyBelow = [
  0x01, 0x02, 0x7f,
  0x02, 0x40, 0x03, 0x40,
  ...get(4), ...get(1), 0x4f, 0x0d, 0x01,
  ...get(3), ...get(5), 0x41, 0x02, 0x74, 0x6a, ...get(4), 0x36, 0x02, 0x00, // out[k] = i
  ...get(5), ...get(0), ...get(4), 0x41, 0x02, 0x74, 0x6a, 0x28, 0x02, 0x00, ...get(2), 0x4d, 0x6a, ...set(5), // k += values[i] <= cut
  ...get(4), 0x41, 0x01, 0x6a, ...set(4), 0x0c, 0x00,
  0x0b, 0x0b,
  ...get(5),
  0x0b,
];
const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const name = (s: string) => [s.length, ...Buffer.from(s)];
const bytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x03, 0x60, 0x06, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x00, 0x60, 0x04, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7f]),
  ...section(2, [0x01, ...name('env'), ...name('mem'), 0x02, 0x00, 0x01]),
  ...section(3, [0x05, 0x00, 0x01, 0x01, 0x00, 0x02]),
  ...section(7, [0x05, ...name('dots'), 0x00, 0x00, ...name('dots8'), 0x00, 0x01, ...name('hamming'), 0x00, 0x02, ...name('dots8At'), 0x00, 0x03, ...name('below'), 0x00, 0x04]),
  ...section(10, [
    0x05,
    ...uleb(body.length),
    ...body,
    ...uleb(body8.length),
    ...body8,
    ...uleb(bodyHamming.length),
    ...bodyHamming,
    ...uleb(body8At.length),
    ...body8At,
    ...uleb(bodyBelow.length),
    ...bodyBelow,
  ]),
]);

let compiled: WebAssembly.Module | null | undefined;

/** The compiled kernel, or null where WebAssembly SIMD is unavailable (callers fall back to JS). */
function kernel(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

export interface Kernels {
  dots(q: number, base: number, slots: number, n: number, out: number, stride: number): void;
  dots8(q: number, base: number, n: number, out: number, stride: number): void;
  hamming(q: number, base: number, n: number, out: number, stride: number): void;
  dots8At(q: number, base: number, slots: number, n: number, out: number, stride: number): void;
  below(values: number, n: number, cut: number, out: number): number;
}

/** Instantiates the kernels over `memory`; null when unsupported. */
export function instantiateDots(memory: WebAssembly.Memory): Kernels | null {
  const module = kernel();
  if (!module) return null;
  return new WebAssembly.Instance(module, { env: { mem: memory } }).exports as unknown as Kernels;
}
