/** Keeps the n best (slot, score) pairs seen, with a binary min-heap; O(m log n). */
export class TopN {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly n: number) {}

  push(slot: number, score: number): void {
    if (this.n <= 0) return;
    if (this.slots.length < this.n) {
      this.slots.push(slot);
      this.scores.push(score);
      this.up(this.slots.length - 1);
    } else if (score > this.scores[0]) {
      this.slots[0] = slot;
      this.scores[0] = score;
      this.down(0);
    }
  }

  /** How many pairs are kept. */
  get size(): number {
    return this.slots.length;
  }

  /** Forgets every pair. */
  clear(): void {
    this.slots.length = 0;
    this.scores.length = 0;
  }

  /** Lowest score kept once full (a new score must beat it); -Infinity until then. */
  floor(): number {
    return this.slots.length < this.n ? -Infinity : this.scores[0];
  }

  /** Best first; ties broken by lower slot so results are deterministic. */
  sorted(): { slot: number; score: number }[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i] }))
      .sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private less(i: number, j: number): boolean {
    return this.scores[i] < this.scores[j] || (this.scores[i] === this.scores[j] && this.slots[i] > this.slots[j]);
  }

  private swap(i: number, j: number): void {
    [this.slots[i], this.slots[j]] = [this.slots[j], this.slots[i]];
    [this.scores[i], this.scores[j]] = [this.scores[j], this.scores[i]];
  }

  private up(i: number): void {
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) return;
      this.swap(i, p);
      i = p;
    }
  }

  private down(i: number): void {
    const len = this.slots.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < len && this.less(l, m)) m = l;
      if (r < len && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }
}
