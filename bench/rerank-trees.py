"""Screen of other learners and of left-out features on the reranker's own pools and folds (issue
39): gradient-boosted trees (LightGBM, lambdarank) or the shipped pairwise logistic model (one
pass, numpy). Reads what `npx tsx bench/rerank-train.ts --mcp --short --pairs --dump FILE` writes;
prints NDCG@10 per corpus, 5-fold held-out, or with --lodo each distribution scored by a model
trained on the others. Not used by the service or the tests; needs `pip install lightgbm`.
Usage: python3 bench/rerank-trees.py FILE [--learner trees|linear] [--lodo] [--drop j,k]
  [--real-weight N] [--trees 200] [--leaves 15] [--lr 0.05] [--min-data 50] [--second]
  --second (trees): a second tree model that also reads the first's scores of the tool's server's
  other candidates (best and sum), scored on training rows by models that did not see their query.
"""
import argparse
import json
import math
from collections import defaultdict

import lightgbm as lgb
import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument('file')
ap.add_argument('--trees', type=int, default=200)
ap.add_argument('--leaves', type=int, default=15)
ap.add_argument('--lr', type=float, default=0.05)
ap.add_argument('--min-data', type=int, default=50)
ap.add_argument('--second', action='store_true')
ap.add_argument('--objective', default='lambdarank')
ap.add_argument('--learner', default='trees', choices=['trees', 'linear'])
ap.add_argument('--lodo', action='store_true', help='leave one distribution out instead of the folds')
ap.add_argument('--drop', default='', help='feature indices (comma-separated) left out')
ap.add_argument('--real-weight', type=int, default=1, help='times each real-MCP query counts in training')
args = ap.parse_args()

samples = [json.loads(line) for line in open(args.file) if line.strip()]
if args.drop:
    gone = {int(j) for j in args.drop.split(',')}
    for s in samples:
        s['x'] = [[v for j, v in enumerate(row) if j not in gone] for row in s['x']]
folds = sorted({s['fold'] for s in samples})


def ndcg10(ranked, relevant):
    rel = set(relevant)
    dcg = sum(1 / math.log2(i + 2) for i, t in enumerate(ranked[:10]) if t in rel)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(rel))))
    return dcg / ideal if ideal else 0.0


def server_aggregates(scores, servers):
    by = defaultdict(list)
    for i, s in enumerate(servers):
        by[s].append(i)
    out = []
    for i, s in enumerate(servers):
        others = [scores[k] for k in by[s] if k != i]
        out.append([max(others) if others else -10.0, sum(1 / (1 + math.exp(-z)) for z in others)])
    return out


def corpus_group(corpus):
    # The two StableToolBench pools are one distribution, as are the short tasks and their pairs.
    return 'stb' if corpus.startswith('dev split') else 'mcptb' if 'short' in corpus or 'paired' in corpus else 'mcp-bench'


class Linear:
    """Pairwise logistic loss over each query's candidates, L2, standardised features (as bench/lib/rerank-fit.ts)."""

    def __init__(self, rows, l2=0.01, iterations=300):
        X = np.vstack([np.array(s['x']) for s in rows])
        self.mu, self.sd = X.mean(0), X.std(0) + 1e-9
        Z = [(np.array(s['x']) - self.mu) / self.sd for s in rows]
        Y = [np.array(s['y']) for s in rows]
        w = np.zeros(X.shape[1]); m = np.zeros_like(w); v = np.zeros_like(w)
        for it in range(1, iterations + 1):
            g = np.zeros_like(w); n = 0
            for z, y in zip(Z, Y):
                pos, neg = z[y == 1], z[y == 0]
                if not len(pos) or not len(neg):
                    continue
                d = (pos @ w)[:, None] - (neg @ w)[None, :]
                c = -1 / (1 + np.exp(d)) / d.size
                g += c.sum(1) @ pos - c.sum(0) @ neg; n += 1
            g = g / max(n, 1) + l2 * w
            m = 0.9 * m + 0.1 * g; v = 0.999 * v + 0.001 * g * g
            w -= 0.05 * (m / (1 - 0.9 ** it)) / (np.sqrt(v / (1 - 0.999 ** it)) + 1e-8)
        self.w = w

    def predict(self, X, raw_score=True):
        return ((np.asarray(X) - self.mu) / self.sd) @ self.w


def fit(rows, extra=None):
    if args.learner == 'linear':
        return Linear(rows)
    X = np.vstack([np.hstack([s['x'], extra[k]]) if extra else np.array(s['x']) for k, s in enumerate(rows)])
    y = np.array([v for s in rows for v in s['y']])
    params = dict(objective=args.objective, num_leaves=args.leaves, learning_rate=args.lr, min_data_in_leaf=args.min_data,
                  bagging_fraction=0.8, bagging_freq=1, feature_fraction=0.8, verbose=-1, lambdarank_truncation_level=20,
                  seed=7, num_threads=2)
    data = lgb.Dataset(X, y, group=[len(s['y']) for s in rows] if args.objective == 'lambdarank' else None)
    return lgb.train(params, data, num_boost_round=args.trees)


def predict(m, s, extra=None):
    X = np.hstack([s['x'], extra]) if extra is not None else np.array(s['x'])
    return m.predict(X, raw_score=True)


def inner_scores(rows, k_inner=3):
    """First-model scores of training rows, each from a model that did not see its query."""
    out = [None] * len(rows)
    qf = {s['qid']: (i * 7919 + 13) % k_inner for i, s in enumerate(rows)}
    for k in range(k_inner):
        m = fit([s for s in rows if qf[s['qid']] != k])
        for i, s in enumerate(rows):
            if qf[s['qid']] == k:
                out[i] = predict(m, s)
    return out


held = defaultdict(list)
splits = sorted({corpus_group(s['corpus']) for s in samples}) if args.lodo else folds
key = (lambda s: corpus_group(s['corpus'])) if args.lodo else (lambda s: s['fold'])
for k in splits:
    train = [s for s in samples if key(s) != k for _ in range(1 if corpus_group(s['corpus']) == 'stb' else args.real_weight)]
    test = [s for s in samples if key(s) == k]
    first = fit(train)
    if args.second:
        tr_scores = inner_scores(train)
        second = fit(train, [server_aggregates(sc, s['servers']) for sc, s in zip(tr_scores, train)])
    for s in test:
        p = predict(first, s)
        if args.second:
            p = predict(second, s, np.array(server_aggregates(p, s['servers'])))
        order = sorted(range(len(s['ids'])), key=lambda i: (-p[i], s['ids'][i]))
        held[s['corpus']].append(ndcg10([s['ids'][i] for i in order], s['relevant']))

for corpus, v in held.items():
    print(f'{corpus:40s} {np.mean(v):.4f}  ({len(v)} queries)')
