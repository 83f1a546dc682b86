/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4): every line is a
 * `# HELP`, a `# TYPE`, or a sample `name{label="value",...} number`; a sample's family must have
 * been declared by a TYPE line before it. Throws naming the first line that is not.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Values as Go's ParseFloat reads them (Prometheus's parser): NaN and Inf in any case (prom-client writes `Nan`).
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.eE+-]+|[nN][aA][nN]|[+-]?[iI][nN][fF])( -?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
const TYPE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/;

export function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = TYPE.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`line ${index + 1} is not in the exposition format: ${line}`);
    const name = match[1]!;
    const family = [name, name.replace(/_(bucket|sum|count)$/, '')].find((n) => types.has(n));
    if (!family) throw new Error(`line ${index + 1}: sample ${name} has no TYPE line before it`);
    const labels: Record<string, string> = {};
    const body = match[3] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const label = LABEL.exec(body);
      if (!label) throw new Error(`line ${index + 1}: bad labels ${body}`);
      labels[label[1]!] = label[2]!;
    }
    samples.push({ name, labels, value: Number(match[4]) });
  }
  return { samples, types };
}

/** Samples of `name` whose labels include all of `labels`. */
export function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}
