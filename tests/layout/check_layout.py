#!/usr/bin/env python3
"""Checks the source layout that docs/architecture.md describes.

1. Every source file of plugin/ and runtime/ is named in a stage table of
   docs/architecture.md (a file added without its stage is an error), and every file a table
   names exists (a stale row is an error).
2. The runtime's "#include" graph has no cycle between files: each job imports only the jobs
   below it (a .c file and its own header count as one node).

usage: check_layout.py REPO_ROOT
"""
import os
import re
import sys


def sources(root, top):
    out = []
    for dirpath, _, files in os.walk(os.path.join(root, top)):
        for f in files:
            if f.endswith((".c", ".h", ".cpp", ".def")):
                out.append(os.path.relpath(os.path.join(dirpath, f), root))
    return sorted(out)


def documented(doc):
    """Paths named in table rows: `dir/File.*`, `dir/file.c`, `dir/file.h`."""
    names = set()
    for line in doc.splitlines():
        if not line.startswith("|"):
            continue
        for tok in re.findall(r"`([^`]+)`", line):
            names.add(tok)
    return names


def covered(path, names):
    stem, ext = os.path.splitext(path)
    return path in names or stem + ".*" in names


def node(path):
    return os.path.splitext(path)[0]


def include_graph(root, top, files):
    graph = {}
    for f in files:
        text = open(os.path.join(root, f), encoding="utf-8").read()
        n = node(f)
        graph.setdefault(n, set())
        for inc in re.findall(r'^#include "([^"]+)"', text, re.M):
            if inc.startswith("gpupar/"):
                continue
            target = os.path.join(top, inc)
            if os.path.exists(os.path.join(root, target)) and node(target) != n:
                graph[n].add(node(target))
    return graph


def find_cycle(graph):
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if not state.get(m):
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if not state.get(n):
            c = visit(n)
            if c:
                return c
    return None


def main():
    root = sys.argv[1]
    doc = open(os.path.join(root, "docs/architecture.md"), encoding="utf-8").read()
    names = documented(doc)
    errors = []
    for top in ("plugin", "runtime"):
        files = sources(root, top)
        for f in files:
            if not covered(f, names):
                errors.append(f"{f}: not in a stage table of docs/architecture.md")
        cycle = top == "runtime" and find_cycle(include_graph(root, top, files))
        if cycle:
            errors.append(f"{top}: include cycle " + " -> ".join(cycle))
    for name in sorted(names):
        if not name.startswith(("plugin/", "runtime/")):
            continue
        if name.endswith(".*"):
            ok = any(os.path.exists(os.path.join(root, name[:-1] + e)) for e in ("h", "c", "cpp"))
        else:
            ok = os.path.exists(os.path.join(root, name))
        if not ok:
            errors.append(f"docs/architecture.md names {name}, which does not exist")
    for e in errors:
        print("check_layout:", e)
    print(f"check_layout: {'FAIL' if errors else 'ok'} ({len(errors)} problems)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
