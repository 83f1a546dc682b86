#!/usr/bin/env python3
"""Builds the real-MCP retrieval set (bench/data/mcp-bench/) from MCP-Bench (Accenture/mcp-bench).

Tools: the 28 servers MCP-Bench ships in mcp_servers/ (their own code), read as their tools/list
would answer: name, description, inputSchema. We do not run them (API keys, 28 toolchains); the
tools are read from the source with the three shapes these servers declare tools in:
  - Python: functions decorated with `*.tool(...)` (FastMCP): name= / description= or the
    function's name and docstring; parameters from the signature; `Tool(name=…, …)` literals;
  - TypeScript/JavaScript: `server.tool('name', 'description', {zod shape})`, and objects
    `{ name: '…', description: '…', inputSchema: {…} }` in ListTools handlers;
  - classes with `name = '…'` / `description = '…'` fields (metmuseum).
Queries: each task's `fuzzy_description` (the plain-words request MCP-Bench gives the agent, which
does not name tools); relevant tools: the `Server:tool` references of its `task_description`.
Split: by a hash of the task id, stratified by single/2-server/3-server, ~50/50 dev/held-out.
Usage: python3 bench/data/mcp-bench/build.py GIT_DIR   (a clone of Accenture/mcp-bench at COMMIT)
"""
import ast, hashlib, json, re, subprocess, sys
from pathlib import Path

COMMIT = '09e52332b22428bf891be59047e01cb9adc063b4'  # Accenture/mcp-bench HEAD, 2025-09-03 (LICENSE.md here)
OUT = Path(__file__).parent
GIT = sys.argv[1] if len(sys.argv) > 1 else '/work/.mirror/Accenture+mcp-bench/repo'

def git(*args):
    return subprocess.run(['git', '--git-dir', GIT, *args], capture_output=True, check=True).stdout

def show(path):
    return git('show', f'{COMMIT}:{path}').decode('utf8', 'replace')

commands = json.loads(show('mcp_servers/commands.json'))
SERVER_DIR = {name: spec['cwd'].replace('../', '').split('/')[0] for name, spec in commands.items()}
files = git('ls-tree', '-r', '--name-only', COMMIT, 'mcp_servers').decode().split('\n')
SKIP = re.compile(r'(^|/)(tests?|docs|examples?|website|node_modules|dist|build|weather_agent|MedCalcBench|scripts)/|test_|\.test\.|\.d\.ts$')

def slug(s):
    return re.sub(r'[^a-z0-9]+', '-', s.lower()).strip('-')

# ---------- Python ----------
PYTYPE = {'str': 'string', 'int': 'integer', 'float': 'number', 'bool': 'boolean', 'list': 'array', 'List': 'array', 'dict': 'object', 'Dict': 'object'}

def py_type(node):
    if node is None: return None
    txt = ast.unparse(node)
    for k, v in PYTYPE.items():
        if re.search(rf'\b{k}\b', txt): return v
    return None

def lit(node):
    try: return ast.literal_eval(node)
    except Exception:
        if isinstance(node, ast.JoinedStr): return ''.join(v.value for v in node.values if isinstance(v, ast.Constant))
        return None

def py_tools(src):
    # Enum members (name=TimeTools.GET_CURRENT_TIME.value): their string values, by member name.
    enum = dict(re.findall(r'^\s*([A-Z_][A-Z0-9_]*)\s*=\s*[\'"]([^\'"]+)[\'"]', src, re.M))
    try: tree = ast.parse(src)
    except SyntaxError: return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in node.decorator_list:
                call = d if isinstance(d, ast.Call) else None
                target = call.func if call else d
                if not ((isinstance(target, ast.Attribute) and target.attr == 'tool') or (isinstance(target, ast.Name) and target.id == 'tool')): continue
                kw = {k.arg: lit(k.value) for k in (call.keywords if call else [])}
                name = kw.get('name') or (lit(call.args[0]) if call and call.args and isinstance(lit(call.args[0]), str) else None) or node.name
                desc = kw.get('description') or ast.get_docstring(node) or ''
                props, required = {}, []
                args = node.args
                defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults)
                for a, dflt in zip(args.args, defaults):
                    if a.arg in ('self', 'ctx', 'context', 'cls'): continue
                    ann = ast.unparse(a.annotation) if a.annotation is not None else ''
                    if 'Context' in ann: continue
                    p = {}
                    t = py_type(a.annotation)
                    if t: p['type'] = t
                    # Annotated[..., Field(description=...)] (biomcp)
                    m = re.search(r'description=([\'"])(.*?)\1', ann, re.S)
                    if m: p['description'] = m.group(2)
                    props[a.arg] = p
                    if dflt is None: required.append(a.arg)
                out.append({'name': name, 'description': desc.strip(), 'input_schema': {'type': 'object', 'properties': props, 'required': required}, 'decorated': True})
        if isinstance(node, ast.Call) and ((isinstance(node.func, ast.Attribute) and node.func.attr == 'Tool') or (isinstance(node.func, ast.Name) and node.func.id == 'Tool')):
            kw = {k.arg: k.value for k in node.keywords}
            name, desc = lit(kw.get('name')) if 'name' in kw else None, lit(kw.get('description')) if 'description' in kw else ''
            if name is None and 'name' in kw:
                m = re.search(r'\.([A-Z_][A-Z0-9_]*)\.value$', ast.unparse(kw['name']))
                name = enum.get(m.group(1)) if m else None
            if isinstance(name, str):
                schema = lit(kw['inputSchema']) if 'inputSchema' in kw else None
                out.append({'name': name, 'description': (desc or '').strip(), 'input_schema': schema if isinstance(schema, dict) else {'type': 'object', 'properties': {}}})
    return out

# ---------- TypeScript / JavaScript ----------
STR = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`)"""
STRCAT = rf'{STR}(?:\s*\+\s*{STR})*'

def unq(s):
    parts = re.findall(STR, s, re.S)
    text = ''.join(p[1:-1] for p in parts)
    text = re.sub(r'\$\{[^}]*\}', '', text)
    return text.encode().decode('unicode_escape', 'ignore') if '\\' in text else text

def ts_params(block):
    props = {}
    for m in re.finditer(rf'(\w+)\s*:\s*z\s*\.?\s*(\w+)\(([^\n]*)', block):
        p = {'type': {'string': 'string', 'number': 'number', 'boolean': 'boolean', 'array': 'array', 'object': 'object', 'enum': 'string'}.get(m.group(2), 'string')}
        d = re.search(rf'\.describe\(\s*({STRCAT})', block[m.start(): m.start() + 600], re.S)
        if d: p['description'] = unq(d.group(1))
        props.setdefault(m.group(1), p)
    for m in re.finditer(rf'(\w+)\s*:\s*\{{\s*type\s*:\s*{STR}\s*,?(?:\s*description\s*:\s*({STRCAT}))?', block, re.S):
        if m.group(1) in ('inputSchema', 'properties', 'items'): continue
        p = {'type': unq(re.search(STR, block[m.start():]).group(0))}
        if m.group(2): p['description'] = unq(m.group(2))
        props.setdefault(m.group(1), p)
    return {'type': 'object', 'properties': props}

def ts_tools(src):
    out, spans = [], []
    for m in re.finditer(rf'\.tool\(\s*({STR})\s*,\s*({STRCAT})\s*,', src, re.S):
        spans.append((m.start(), unq(m.group(1)), unq(m.group(2)), m.end()))
    for m in re.finditer(rf'\bname\s*:\s*({STR})\s*,\s*description\s*:\s*({STRCAT})', src, re.S):
        spans.append((m.start(), unq(m.group(1)), unq(m.group(2)), m.end()))
    # const NAME = '…'; const DESCRIPTION = '…'; const SCHEMA = {…} (mcp-google-map's tools/maps/*.ts)
    c1 = re.search(rf'const NAME\s*=\s*({STR})', src)
    c2 = re.search(rf'const DESCRIPTION\s*=\s*({STRCAT})', src, re.S)
    if c1 and c2: spans.append((c2.start(), unq(c1.group(1)), unq(c2.group(1)), c2.end()))
    m1 = re.search(rf'readonly name[^=]*=\s*({STR})', src)
    m2 = re.search(rf'readonly description[^=]*=\s*({STRCAT})', src, re.S)
    if m1 and m2: spans.append((m2.start(), unq(m1.group(1)), unq(m2.group(1)), m2.end()))
    spans.sort()
    for i, (start, name, desc, end) in enumerate(spans):
        nxt = spans[i + 1][0] if i + 1 < len(spans) else len(src)
        out.append({'name': name, 'description': desc.strip(), 'input_schema': ts_params(src[end:min(nxt, end + 4000)])})
    return out

def server_tools(server):
    d = f'mcp_servers/{SERVER_DIR[server]}/'
    tools = {}
    for f in files:
        if not f.startswith(d) or SKIP.search(f[len(d):]): continue
        if f.endswith('.py'): found = py_tools(show(f))
        elif f.endswith(('.ts', '.js', '.mjs')): found = ts_tools(show(f))
        else: continue
        for t in found:
            # ignore server-metadata objects ({name: 'x-mcp', description}) and helper configs without text
            # a decorated Python function is a tool even without a docstring (mcp-osint-server lists them so)
            if not t['description'] and not t.get('decorated'): continue
            t.pop('decorated', None)
            if re.search(r'mcp|server', t['name'], re.I) and ' ' not in t['name'] and not t['input_schema']['properties'] and len(found) == 1: continue
            prev = tools.get(t['name'])
            if not prev or len(t['input_schema']['properties']) > len(prev['input_schema']['properties']): tools[t['name']] = t
    return tools

# MCP-Bench appends the same closing sentences to every fuzzy description (an instruction to the
# judged agent, not part of the task); they are dropped so the request is the person's words.
BOILERPLATE = re.compile(r'\s*Please ensure all findings are supported by concrete data and verifiable sources\.\s*I need specific numbers and evidence, not generalizations\.\s*$')

def strip_boilerplate(text):
    return BOILERPLATE.sub('', text.strip()).strip()

def main():
    tasks = []
    for kind in ('single', 'multi_2server', 'multi_3server'):
        data = json.loads(show(f'tasks/mcpbench_tasks_{kind}_runner_format.json'))
        for st in data['server_tasks']:
            for t in st['tasks']: tasks.append((kind, st['servers'], t))
    servers = sorted({s for _, ss, _ in tasks for s in ss} | set(SERVER_DIR))
    catalog = {s: server_tools(s) for s in servers if s in SERVER_DIR}
    tool_rows, ids = [], {}
    for s, tools in catalog.items():
        for name, t in sorted(tools.items()):
            tid = f'mcpbench/{slug(s)}/{name}'
            ids[(s, name)] = tid
            tool_rows.append({'id': tid, 'server': slug(s), 'name': name, 'description': t['description'], 'input_schema': t['input_schema']})
    names = sorted(catalog, key=len, reverse=True)
    ref = re.compile(r'(' + '|'.join(re.escape(n) for n in names) + r'):([A-Za-z_][A-Za-z0-9_\-]*)')
    queries, missing, stats = {'dev': [], 'heldout': []}, [], {'referenced': 0, 'found': 0}
    for kind, ss, t in tasks:
        rel = []
        for s, name in ref.findall(t['task_description']):
            stats['referenced'] += 1
            if (s, name) in ids:
                stats['found'] += 1
                if ids[(s, name)] not in rel: rel.append(ids[(s, name)])
            else: missing.append(f'{s}:{name}')
        if not rel:
            # Single-server tasks name their tools bare ("use maps_geocode"): those of the task's servers
            # that the task text names, when it names a few (a text naming most of a server says nothing).
            for s in ss:
                named = [n for n in sorted(catalog.get(s, {})) if re.search(r'(?<![A-Za-z0-9_-])' + re.escape(n) + r'(?![A-Za-z0-9_-])', t['task_description'])]
                if 0 < len(named) <= 8: rel += [ids[(s, n)] for n in named]
        if not rel: continue
        h = int(hashlib.sha256(t['task_id'].encode()).hexdigest(), 16)
        split = 'dev' if h % 2 == 0 else 'heldout'
        queries[split].append({'qid': f"{kind}/{t['task_id']}", 'query': strip_boilerplate(t['fuzzy_description']), 'relevant': rel, 'servers': sorted({r.split('/')[1] for r in rel})})
    with open(OUT / 'tools.jsonl', 'w') as f:
        for r in tool_rows: f.write(json.dumps(r, ensure_ascii=False) + '\n')
    for split, qs in queries.items():
        with open(OUT / f'queries.{split}.jsonl', 'w') as f:
            for q in sorted(qs, key=lambda q: q['qid']): f.write(json.dumps(q, ensure_ascii=False) + '\n')
    summary = {'commit': COMMIT, 'servers': len(catalog), 'tools': len(tool_rows), 'per_server': {s: len(t) for s, t in catalog.items()},
               'queries': {k: len(v) for k, v in queries.items()}, 'tool_references': stats, 'references_not_found': sorted(set(missing))}
    (OUT / 'build-summary.json').write_text(json.dumps(summary, indent=1) + '\n')
    print(json.dumps({k: v for k, v in summary.items() if k != 'per_server'}, indent=1))
    print(summary['per_server'])

main()
