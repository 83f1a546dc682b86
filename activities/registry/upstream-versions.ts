import type { SyncedEntry } from '../../db/registry/sync.ts';

/*
 * Which version of an upstream server the sync keeps (issue 38, item 1): the one an admin pinned
 * the entry to, else the latest. Latest as the official registry decides it: its own `isLatest`
 * mark when the source gives one; else the highest semver; else (versions that are not semver)
 * the document read last, as the registry falls back to the last published.
 */

const SEMVER = /^v?(\d{1,15})\.(\d{1,15})\.(\d{1,15})(?:-([0-9A-Za-z.-]{1,100}))?(?:\+[0-9A-Za-z.-]{0,100})?$/;

/** Semver order of a and b (negative: a is older), or null when either is not semver. */
export function compareVersions(a: string, b: string): number | null {
  const x = SEMVER.exec(a);
  const y = SEMVER.exec(b);
  if (!x || !y) return null;
  for (let i = 1; i <= 3; i++) if (Number(x[i]) !== Number(y[i])) return Number(x[i]) - Number(y[i]);
  if (!x[4] || !y[4]) return x[4] ? -1 : y[4] ? 1 : 0;
  const p = x[4].split('.');
  const q = y[4].split('.');
  for (let i = 0; i < Math.min(p.length, q.length); i++) {
    const [m, n] = [p[i]!, q[i]!];
    if (m === n) continue;
    const numeric = /^\d+$/.test(m) && /^\d+$/.test(n);
    return numeric ? Number(m) - Number(n) : /^\d+$/.test(m) ? -1 : /^\d+$/.test(n) ? 1 : m < n ? -1 : 1;
  }
  return p.length - q.length;
}

interface Choice {
  entry: SyncedEntry;
  /** The source marked it latest: no later document displaces it. */
  marked: boolean;
}

/** Collects the documents of a source, one version kept per name. */
export class VersionChooser {
  private readonly chosen = new Map<string, Choice>();
  /** Pinned names the source lists, with the name it publishes them under (for the per-version route). */
  readonly pinnedSeen = new Map<string, string>();

  constructor(private readonly pins: ReadonlyMap<string, string>) {}

  /** One document's entry; `isLatest` is the source's mark (undefined when it gives none). */
  offer(entry: SyncedEntry, upstreamName: string, isLatest: boolean | undefined): void {
    const pin = this.pins.get(entry.name);
    if (pin !== undefined) {
      this.pinnedSeen.set(entry.name, upstreamName);
      if (entry.version === pin) this.chosen.set(entry.name, { entry, marked: true });
      return;
    }
    if (isLatest === false) return;
    const current = this.chosen.get(entry.name);
    if (isLatest === true || !current) return void this.chosen.set(entry.name, { entry, marked: isLatest === true });
    if (current.marked) return;
    if ((compareVersions(entry.version, current.entry.version) ?? 1) >= 0) this.chosen.set(entry.name, { entry, marked: false });
  }

  /** Adds the pinned version fetched apart (the source's per-version route). */
  add(entry: SyncedEntry): void {
    this.chosen.set(entry.name, { entry, marked: true });
  }

  has(name: string): boolean {
    return this.chosen.has(name);
  }

  get size(): number {
    return this.chosen.size;
  }

  /** Pinned names the source lists but not at their pinned version. */
  missingPins(): { name: string; upstreamName: string; version: string }[] {
    return [...this.pinnedSeen].filter(([name]) => !this.chosen.has(name)).map(([name, upstreamName]) => ({ name, upstreamName, version: this.pins.get(name)! }));
  }

  entries(): SyncedEntry[] {
    return [...this.chosen.values()].map((c) => c.entry);
  }
}
