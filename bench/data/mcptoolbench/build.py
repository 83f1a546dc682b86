#!/usr/bin/env python3
"""Builds the short-task real-MCP retrieval set (mcptoolbench) from MCPToolBench++ (AI-Agent-Hub/MCPToolBenchPP).

MCPToolBench++ declares no licence (LICENSE.md here), so the built files are not redistributed in
the repository: this script writes them to .cache/bench/mcptoolbench/ (git-ignored) from a local
clone of the source at COMMIT. Only the source's data files are read; none of its code is used.

Tools: the `tools` of every item of the four single-call sets (browser, file_system, finance, search),
each given its server by the item's `mcp_tools_dict`, deduplicated by (server, name); plus the tools of
the two browser servers' `tools/list` snapshots in mcp/tools/browser/<server>.json that no item lists
(6 Playwright tools), so the browser servers are complete. Descriptions and schemas as given.
Queries: the item's `query`; relevant: its `function_call_label` tools and their `similar_tools`
(declared equivalent by the dataset's authors). Templated near-duplicates are thinned: items are
grouped by (category, relevant set, first 4 lowercased words of the query), exact repeats dropped,
and at most 3 kept per group (the 3 lowest sha256 of the query text).
Split: per category, the groups in order of sha256(group key) go alternately to dev and held-out
(whole groups, so a template never spans both splits; ~50/50 per category).
Composed two-server tasks (queries.composed-{dev,heldout}.jsonl): the set has no multi-step tasks,
so each split's queries are also paired, two of different categories (so of different servers) per
task, joined by one of several plain connectors (some make two sentences, some one); relevant: both
queries' tools. Pairs by sha256 order: a stand-in for the hidden set's "one to several tools from
different servers", made from other people's requests; the connectors are ours.
Usage: python3 bench/data/mcptoolbench/build.py [GIT_DIR [OUT_DIR]]
"""
import hashlib, json, re, subprocess, sys
from collections import Counter, defaultdict
from pathlib import Path

COMMIT = '0c69e53fb01aa14f1f9d977446a7b5493c10ee56'  # AI-Agent-Hub/MCPToolBenchPP HEAD, 2025-10-08
GIT = sys.argv[1] if len(sys.argv) > 1 else '/work/.mirror/AI-Agent-Hub+MCPToolBenchPP/repo'
OUT = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[3] / '.cache' / 'bench' / 'mcptoolbench'
SETS = {  # category -> the full single-call set (the *_demo.json files are excerpts, *_forqwen a renamed copy)
    'browser': 'data/browser/browser_0724_single_v3.json',
    'filesystem': 'data/file_system/filesystem_0723_single.json',
    'finance': 'data/finance/finance_0724_single_v3.json',
    'search': 'data/search/search_0725_single_v2.json',
}
SERVER_FILES = ['mcp/tools/browser/executeautomation_mcp-playwright.json', 'mcp/tools/browser/puppeteer_puppeteer.json']
PER_GROUP = 3
# How two requests are joined: {a}/{b} as written, {a_} without its final punctuation, {b_} with a lower-case first letter.
JOINS = ['{a} Then {b_}', '{a_}, and then {b_}', '{a_} and {b_}', 'First, {a_}. After that, {b_}', '{a_}; also {b_}', '{a} {b}']

def show(path):
    return json.loads(subprocess.run(['git', '--git-dir', GIT, 'show', f'{COMMIT}:{path}'], capture_output=True, check=True).stdout)

def tid(server, name):
    return f'mcptb/{server}/{name}'

def h(text):
    return int(hashlib.sha256(text.encode('utf8')).hexdigest(), 16)

def compose(queries):
    """Pairs each query, in sha256 order, with the next unpaired one of another category."""
    order = sorted(queries, key=lambda q: h('compose|' + q['qid']))
    cat = lambda q: q['qid'].split('/')[0]
    used, out = set(), []
    for i, a in enumerate(order):
        if a['qid'] in used: continue
        b = next((q for q in order[i + 1:] if q['qid'] not in used and cat(q) != cat(a)), None)
        if b is None: continue
        used |= {a['qid'], b['qid']}
        join = JOINS[h(a['qid'] + '|' + b['qid']) % len(JOINS)]
        ta, tb = a['query'].strip(), b['query'].strip()
        text = join.format(a=ta, b=tb, a_=ta.rstrip('.?!'), b_=tb[:1].lower() + tb[1:])
        out.append({'qid': f"composed/{a['qid']}+{b['qid']}", 'query': text, 'relevant': a['relevant'] + [r for r in b['relevant'] if r not in a['relevant']],
                    'servers': sorted(set(a['servers']) | set(b['servers']))})
    return out

def main():
    tools, source = {}, Counter()
    items = []
    for cat, path in SETS.items():
        for it in show(path):
            server_of = {n: s for s, names in it['mcp_tools_dict'].items() for n in names}
            for t in it['tools']:
                key = (server_of[t['name']], t['name'])
                if key not in tools: tools[key] = t; source['items'] += 1
            items.append((cat, it))
    for path in SERVER_FILES:
        spec = show(path)
        for t in spec['tools']:
            key = (spec['server_name'], t['name'])
            if key not in tools: tools[key] = t; source['server_files'] += 1

    groups, dropped_repeat = defaultdict(list), 0
    for cat, it in items:
        rel = []
        for call in it['function_call_label']:
            for s, n in [(call['mcp_server'], call['name'])] + [(x['mcp_server'], x['name']) for x in call.get('similar_tools') or []]:
                if tid(s, n) not in rel: rel.append(tid(s, n))
        words = ' '.join(re.findall(r"[a-z0-9']+", it['query'].lower())[:4])
        key = f"{cat}|{','.join(sorted(rel))}|{words}"
        norm = ' '.join(it['query'].lower().split())
        if any(' '.join(q['query'].lower().split()) == norm for q in groups[key]): dropped_repeat += 1; continue
        groups[key].append({'qid': f"{cat}/{it['uuid']}", 'query': it['query'].strip(), 'relevant': rel,
                            'servers': sorted({r.split('/')[1] for r in rel}), 'cat': cat})

    queries = {'dev': [], 'heldout': []}
    stats = {s: Counter() for s in ('source', 'kept', 'dev', 'heldout', 'groups_dev', 'groups_heldout')}
    for cat, _ in items: stats['source'][cat] += 1
    # Stratified by category: each category's groups in order of sha256(group key), alternately dev, held-out.
    order = defaultdict(list)
    for key in groups: order[key.split('|')[0]].append(key)
    split_of = {key: ('dev', 'heldout')[i % 2] for keys in order.values() for i, key in enumerate(sorted(keys, key=h))}
    for key, qs in groups.items():
        split = split_of[key]
        keep = sorted(qs, key=lambda q: h(q['query']))[:PER_GROUP]
        stats['groups_' + split][key.split('|')[0]] += 1
        for q in keep:
            stats['kept'][q['cat']] += 1; stats[split][q['cat']] += 1
            queries[split].append({k: v for k, v in q.items() if k != 'cat'})

    composed = {split: compose(qs) for split, qs in queries.items()}
    ids = {tid(s, n) for s, n in tools}
    missing = sorted({r for qs in queries.values() for q in qs for r in q['relevant'] if r not in ids})
    assert not missing, f'relevant ids without a tool: {missing}'
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / 'tools.jsonl', 'w') as f:
        for (s, n), t in sorted(tools.items()):
            f.write(json.dumps({'id': tid(s, n), 'server': s, 'name': n, 'description': t.get('description') or '', 'input_schema': t.get('input_schema')}, ensure_ascii=False) + '\n')
    for split, qs in queries.items():
        with open(OUT / f'queries.{split}.jsonl', 'w') as f:
            for q in sorted(qs, key=lambda q: q['qid']): f.write(json.dumps(q, ensure_ascii=False) + '\n')
    for split, qs in composed.items():
        with open(OUT / f'queries.composed-{split}.jsonl', 'w') as f:
            for q in qs: f.write(json.dumps(q, ensure_ascii=False) + '\n')
    summary = {'commit': COMMIT, 'tools': len(tools), 'tools_from': dict(source),
               'per_server': dict(sorted(Counter(s for s, _ in tools).items())),
               'items_per_category': dict(stats['source']), 'exact_repeats_dropped': dropped_repeat,
               'template_groups': len(groups), 'kept_per_group_max': PER_GROUP,
               'kept_per_category': dict(sorted(stats['kept'].items())),
               'queries': {k: len(v) for k, v in queries.items()},
               'composed_queries': {k: len(v) for k, v in composed.items()},
               'queries_per_category': {'dev': dict(sorted(stats['dev'].items())), 'heldout': dict(sorted(stats['heldout'].items()))},
               'groups_per_category': {'dev': dict(sorted(stats['groups_dev'].items())), 'heldout': dict(sorted(stats['groups_heldout'].items()))}}
    (OUT / 'build-summary.json').write_text(json.dumps(summary, indent=1) + '\n')
    print(f'wrote {OUT}'); print(json.dumps(summary, indent=1))

main()
