#!/usr/bin/env python3
"""Writes the peer source of a benchmark kernel: the same C file with each '#pragma gpupar' line
translated to Clang/GCC OpenMP offload or to OpenACC.

    bench/peers.py omp-target|openacc KERNEL.c OUT.c

  omp-target: '#pragma omp target teams distribute parallel for' + map(to/from/tofrom: ...)
  openacc:    '#pragma acc parallel loop' + copyin/copyout/copy(...)

The translation is mechanical:
  - reduction(op: list), private(list), collapse(n), if(expr) are kept as they are (both models
    spell them the same, array sections 'hist[0:256]' included); independent stays for OpenACC;
    devices(...) and the OpenMP words gpupar ignores (parallel, for, schedule, shared, ...) go.
  - map(to|from|tofrom: a[lo:len]) becomes map(...) / copyin, copyout, copy.
  - Every pointer or array parameter of the enclosing function that the loop mentions is mapped:
    'const T *p' to the device only, others both ways. Its length is the loop bound when every
    subscript of p is a loop variable of a 'for (T v = 0; v < BOUND; ...)' inside the loop and
    all those bounds are the same text; otherwise it comes from the table KERNELS below.
  - Array sections in a reduction clause are mapped both ways; reduction scalars likewise.
  - Functions of the file called from the loop (directly or not) become device functions:
    'omp declare target' around them, 'acc routine seq' before them.
  - '#pragma gpupar data map(...)' becomes 'omp target data map(...)' / 'acc data ...'.
A constructor is appended that runs one tiny offloaded region and prints 'PEER on_device=0|1'
before main, so bench/run.sh labels each row with where the peer really ran (GPU or host
fallback) instead of guessing.

Exit status 3 with a one-line reason on stderr when a kernel cannot be translated.
"""
import re
import sys

# What the source does not say: lengths of arrays indexed by more than a bare loop variable, and
# arrays that the loop writes in full without reading them (copied out only, as a GPU user would
# write them). Keyed by kernel file name.
KERNELS = {
    "blackscholes": {"from": ["call", "put"]},
    "jacobi2d": {"extent": {"in": "n * n", "out": "n * n"}},
    "matmul": {"extent": {"A": "n * n", "B": "n * n", "C": "n * n"}, "from": ["C"]},
    "nbody": {"from": ["ax", "ay", "az"]},
}

IGNORED = {"parallel", "for", "schedule", "shared", "firstprivate", "default", "nowait",
           "lastprivate", "num_threads", "proc_bind", "simd", "devices"}
ACC_DATA = {"to": "copyin", "from": "copyout", "tofrom": "copy"}

PROBE = {
    "omp-target": """
/* Added by bench/peers.py: says whether offloaded regions of this build run on a GPU. */
#include <omp.h>
#include <stdio.h>
__attribute__((constructor)) static void peer_probe(void) {
  int on_device = 0;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  printf("PEER on_device=%d\\n", on_device);
}
""",
    "openacc": """
/* Added by bench/peers.py: says whether offloaded regions of this build run on a GPU. */
#include <openacc.h>
#include <stdio.h>
__attribute__((constructor)) static void peer_probe(void) {
  int on_device = 0;
#pragma acc parallel num_gangs(1) copyout(on_device)
  on_device = !acc_on_device(acc_device_host);
  printf("PEER on_device=%d\\n", on_device);
}
""",
}


class Untranslatable(Exception):
    pass


def mask(text):
    """Returns text with comments, string/char literals and preprocessor lines blanked (same
    length, newlines kept), so that braces and parentheses can be counted."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = i
            while j < n and (text[j] != "\n" or text[j - 1] == "\\"):
                j += 1
            for k in range(i, j):
                if out[k] != "\n":
                    out[k] = " "
            i = j
            continue
        if c == "\n":
            line_start = True
        elif not c.isspace():
            line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != "\n":
                out[k] = " "
        i = j
    return "".join(out)


def skip_ws(m, i):
    while i < len(m) and m[i].isspace():
        i += 1
    return i


def match_close(m, i):
    """Index just past the bracket that closes the one at m[i]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    depth, open_c, close_c = 0, m[i], pairs[m[i]]
    while i < len(m):
        if m[i] == open_c:
            depth += 1
        elif m[i] == close_c:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise Untranslatable("unbalanced brackets")


def statement_end(m, i):
    """Index just past the C statement that starts at m[i]."""
    i = skip_ws(m, i)
    word = re.match(r"[A-Za-z_]\w*", m[i:])
    if m[i] == "{":
        return match_close(m, i)
    if word and word.group() in ("for", "while", "if"):
        j = skip_ws(m, i + len(word.group()))
        j = statement_end(m, match_close(m, j))
        if word.group() == "if":
            k = skip_ws(m, j)
            if m.startswith("else", k) and not re.match(r"\w", m[k + 4:k + 5]):
                j = statement_end(m, k + 4)
        return j
    if word and word.group() == "do":
        j = statement_end(m, i + 2)
        return m.index(";", j) + 1
    depth = 0
    while i < len(m):
        if m[i] in "([{":
            depth += 1
        elif m[i] in ")]}":
            depth -= 1
        elif m[i] == ";" and depth == 0:
            return i + 1
        i += 1
    raise Untranslatable("statement without ';'")


def functions(m):
    """File-scope function definitions: name -> (header start, body start, body end, params)."""
    found, depth, start, i = {}, 0, 0, 0
    while i < len(m):
        c = m[i]
        if c == "{" and depth == 0:
            header = m[start:i]
            hm = re.search(r"(\w+)\s*\(([^()]*)\)\s*$", header)
            end = match_close(m, i)
            if hm:
                found[hm.group(1)] = (start + len(header) - len(header.lstrip()), i, end,
                                      hm.group(2))
            i, start = end, end
            continue
        if c in ";}" and depth == 0:
            start = i + 1
        i += 1
    return found


def pointer_params(params):
    """Pointer or array parameters: name -> True when the pointee is const."""
    result = {}
    for p in params.split(","):
        p = p.strip()
        pm = re.match(r"(.*?)([A-Za-z_]\w*)\s*(\[[^\]]*\])?$", p, re.S)
        if not pm:
            continue
        ty, name, arr = pm.groups()
        if "*" in ty or arr:
            pointee = ty[:ty.rfind("*")] if "*" in ty else ty
            result[name] = bool(re.search(r"\bconst\b", pointee))
    return result


def split_clauses(text):
    """'reduction(+ : s) collapse(2), independent' -> [('reduction', '+ : s'), ...]."""
    clauses, i = [], 0
    while i < len(text):
        if text[i] in " \t,":
            i += 1
            continue
        wm = re.match(r"[A-Za-z_]\w*", text[i:])
        if not wm:
            raise Untranslatable(f"cannot read clause at '{text[i:]}'")
        name, i = wm.group(), i + len(wm.group())
        i = skip_ws(text, i)
        arg = None
        if i < len(text) and text[i] == "(":
            end = match_close(text, i)
            arg, i = text[i + 1:end - 1].strip(), end
        clauses.append((name, arg))
    return clauses


def split_list(text):
    items, depth, cur = [], 0, ""
    for c in text:
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        if c == "," and depth == 0:
            items.append(cur.strip())
            cur = ""
        else:
            cur += c
    if cur.strip():
        items.append(cur.strip())
    return items


def section_name(item):
    return re.match(r"\s*([A-Za-z_]\w*)", item).group(1)


def data_clauses(model, maps):
    """maps: list of (kind, item) in order, kind to/from/tofrom: one clause per kind."""
    kinds = {}
    for kind, item in maps:
        kinds.setdefault(kind, []).append(item)
    if model == "omp-target":
        return " ".join(f"map({kind}: {', '.join(items)})" for kind, items in kinds.items())
    return " ".join(f"{ACC_DATA[kind]}({', '.join(items)})" for kind, items in kinds.items())


def infer_extent(kernel, name, loop):
    bounds = dict(re.findall(r"\bfor\s*\(\s*(?:[A-Za-z_][\w\s]*\s)?([A-Za-z_]\w*)\s*=\s*0\s*;"
                             r"\s*\1\s*<\s*([^;]+?)\s*;", loop))
    table = KERNELS.get(kernel, {}).get("extent", {})
    if name in table:
        return table[name]
    subs = set()
    for sm in re.finditer(rf"\b{re.escape(name)}\s*\[", loop):
        start = sm.end() - 1
        subs.add(loop[start + 1:match_close(loop, start) - 1].strip())
    if subs and all(s in bounds for s in subs) and len({bounds[s] for s in subs}) == 1:
        return bounds[subs.pop()]
    raise Untranslatable(f"length of '{name}' unknown (subscripts {sorted(subs)}): "
                         f"add it to KERNELS['{kernel}']['extent'] in bench/peers.py")


def translate_loop(model, kernel, clauses, loop, params):
    keep, maps, mapped = [], [], set()
    for name, arg in clauses:
        if name in IGNORED:
            continue
        if arg is None and name != "independent":
            raise Untranslatable(f"clause '{name}' without arguments")
        if name == "independent":
            if model == "openacc":
                keep.append("independent")
        elif name in ("private", "collapse", "if"):
            keep.append(f"{name}({arg})")
        elif name == "reduction":
            op, _, items = arg.partition(":")
            keep.append(f"reduction({op.strip()}: {', '.join(split_list(items))})")
            for item in split_list(items):
                maps.append(("tofrom", item))
                mapped.add(section_name(item))
        elif name == "map":
            kind, _, items = arg.partition(":")
            for item in split_list(items):
                maps.append((kind.strip(), item))
                mapped.add(section_name(item))
        else:
            raise Untranslatable(f"clause '{name}' has no translation")
    words = set(re.findall(r"\b[A-Za-z_]\w*\b", loop))
    outs = KERNELS.get(kernel, {}).get("from", [])
    for name, const in params.items():
        if name in mapped or name not in words:
            continue
        kind = "to" if const else "from" if name in outs else "tofrom"
        maps.append((kind, f"{name}[0:{infer_extent(kernel, name, loop)}]"))
    head = ("omp target teams distribute parallel for" if model == "omp-target"
            else "acc parallel loop")
    return " ".join([f"#pragma {head}"] + keep + [data_clauses(model, maps)]).rstrip()


def called(funcs, m, text, seen):
    """Functions of the file that text calls, directly or through each other."""
    for name in set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text)):
        if name in funcs and name not in seen:
            seen.add(name)
            called(funcs, m, m[funcs[name][1]:funcs[name][2]], seen)
    return seen


def translate(model, kernel, text):
    m = mask(text)
    funcs = functions(m)
    if re.search(r"_Pragma\s*\(\s*\"\s*gpupar", text):
        raise Untranslatable("_Pragma(\"gpupar ...\") is not translated")
    edits, device_funcs = [], set()  # edits: (start, end, replacement)
    for pm in re.finditer(r"^[ \t]*#[ \t]*pragma[ \t]+gpupar\b((?:[^\n]|\\\n)*)", text, re.M):
        rest = pm.group(1).replace("\\\n", " ")
        rest = re.sub(r"/\*.*?\*/|//.*", " ", rest, flags=re.S).strip()
        indent = re.match(r"[ \t]*", pm.group()).group()
        if re.match(r"data\b", rest):
            maps = []
            for name, arg in split_clauses(rest[4:]):
                if name != "map":
                    raise Untranslatable(f"clause '{name}' on 'gpupar data'")
                kind, _, items = arg.partition(":")
                maps += [(kind.strip(), item) for item in split_list(items)]
            head = "omp target data" if model == "omp-target" else "acc data"
            edits.append((pm.start(), pm.end(), f"{indent}#pragma {head} {data_clauses(model, maps)}"))
            continue
        start = skip_ws(m, pm.end())
        if not m.startswith("for", start):
            raise Untranslatable(f"'#pragma gpupar' at offset {pm.start()} is not followed by 'for'")
        loop = m[start:statement_end(m, start)]
        owner = [f for f in funcs.values() if f[1] < pm.start() < f[2]]
        if not owner:
            raise Untranslatable("'#pragma gpupar' outside a function")
        params = pointer_params(owner[0][3])
        line = translate_loop(model, kernel, split_clauses(rest), loop, params)
        edits.append((pm.start(), pm.end(), indent + line))
        device_funcs |= called(funcs, m, loop, set())
    for name in device_funcs:
        hstart, _, end, _ = funcs[name]
        if model == "omp-target":
            edits += [(hstart, hstart, "#pragma omp declare target\n"),
                      (end, end, "\n#pragma omp end declare target")]
        else:
            edits.append((hstart, hstart, "#pragma acc routine seq\n"))
    if not edits:
        raise Untranslatable("no '#pragma gpupar' in the file")
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1]), reverse=True):
        text = text[:start] + new + text[end:]
    return text + PROBE[model]


def main(argv):
    if len(argv) != 4 or argv[1] not in PROBE:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    model, src, out = argv[1:]
    kernel = re.sub(r"\.c$", "", src.rsplit("/", 1)[-1])
    with open(src) as f:
        text = f.read()
    try:
        result = translate(model, kernel, text)
    except Untranslatable as e:
        print(f"peers.py: {kernel} ({model}): {e}", file=sys.stderr)
        return 3
    with open(out, "w") as f:
        f.write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
