#!/usr/bin/env python3
"""The largest import cycle among a crate's source files.

Each .rs file under SRC is a module (a/b.rs and a/b/mod.rs are `a::b`). A file depends on the
modules its `crate::...` and `super::...` paths name (the longest module prefix of each path;
`use` lines and paths written in the code alike; comments, doc links included, are skipped). Names re-exported at the crate root by
`use`/`pub use` lines of lib.rs (`use movegen::{attacks, fast}`) resolve to the module they
name. Prints the size of the largest strongly connected component and, with -v, its files.

    tools/import_cycle.py interpreter/kernel/src [-v]
"""
import os
import re
import sys


def module_of(src, path):
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib"):
        rel = rel[:-1]
    return "::".join(rel)


def root_aliases(src, modules):
    """`use a::{b, c};` at the crate root: `b` stands for `a::b`."""
    aliases = {}
    text = open(os.path.join(src, "lib.rs")).read()
    for parent, names in re.findall(r"^\s*(?:pub\s+)?use\s+(\w+)::\{([^}]*)\};", text, re.M):
        for name in re.findall(r"\w+", names):
            if f"{parent}::{name}" in modules:
                aliases[name] = f"{parent}::{name}"
    return aliases


def resolve(segments, modules, aliases):
    if segments and segments[0] in aliases:
        segments = aliases[segments[0]].split("::") + segments[1:]
    for end in range(len(segments), 0, -1):
        name = "::".join(segments[:end])
        if name in modules:
            return name
    return None


def dependencies(src, files, modules, aliases):
    graph = {}
    for path in files:
        me = module_of(src, path)
        text = re.sub(r"//.*", "", open(path).read())
        deps = set()
        for match in re.finditer(r"\bcrate((?:::\w+)+)", text):
            target = resolve(match.group(1).split("::")[1:], modules, aliases)
            if target:
                deps.add(target)
        for match in re.finditer(r"\b((?:super::)+)((?:\w+::)*\w+)", text):
            up = match.group(1).count("super")
            base = me.split("::") if me else []
            parent = base[: max(0, len(base) - up)]
            target = resolve(parent + match.group(2).split("::"), modules, aliases)
            if target:
                deps.add(target)
        deps.discard(me)
        deps.discard("")
        graph[me] = deps
    return graph


def largest_cycle(graph):
    index, low, stack, on, best, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > len(best):
                best[:] = component
    for v in graph:
        if v not in index:
            visit(v)
    return sorted(best)


def main():
    src = sys.argv[1]
    files = [os.path.join(d, f) for d, _, fs in os.walk(src) for f in fs if f.endswith(".rs")]
    modules = {module_of(src, f) for f in files}
    graph = dependencies(src, files, modules, root_aliases(src, modules))
    cycle = largest_cycle(graph)
    print(f"{len(files)} files, largest import cycle: {len(cycle)} files")
    if "-v" in sys.argv:
        print("\n".join(cycle))


if __name__ == "__main__":
    main()
