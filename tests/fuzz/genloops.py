#!/usr/bin/env python3
"""Random C programs of `#pragma gpupar` loops with known ground truth (stdlib only).

Each program declares arrays (pointer parameters, fixed-size globals, 2-D static arrays,
flattened `a[i*M + j]`), runs a few random loops over them and prints a hash of every array and
every scalar after each loop. For every loop the generator decides by brute force, over the
actual iteration range, whether two different iterations touch one element with at least one
write (a real cross-iteration conflict). Reductions count as no conflict.

usage: genloops.py SEED OUT.c OUT.json    (the JSON lists each loop: line range, conflict, kind)
"""
import json
import random
import sys

N1 = 512  # 1-D arrays
R, C = 24, 20  # 2-D arrays

TYPES = ["int", "unsigned", "long long", "unsigned char", "short", "signed char",
         "unsigned short", "unsigned long long", "float", "double"]
INT_TYPES = [t for t in TYPES if t not in ("float", "double")]


class Loop:
    def __init__(self):
        self.lines = []
        self.conflict = False
        self.kind = ""
        self.reads = []  # (array, index function)
        self.writes = []


def affine(rng, var="i"):
    a = rng.choice([-3, -2, -1, 1, 1, 1, 2, 3, 0]) if rng.random() < 0.9 else 1
    b = rng.randint(-4, 4)
    return a, b


def idx_text(var, a, b):
    t = var if a == 1 else "-%s" % var if a == -1 else "%d * %s" % (a, var) if a else "0"
    if b:
        t += " + %d" % b if b > 0 else " - %d" % -b
    return t


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.loops = []
        self.out = []
        self.helpers = []
        self.scalar_count = 0

    def emit(self, s=""):
        self.out.append(s)

    def line(self):
        return len(self.out) + 1

    # --- one-dimensional loops over pointer and global arrays -------------------------------
    def range_for(self, coefs):
        """A loop range [lo, hi) with every a*i + b inside [0, N1)."""
        rng = self.rng
        n = rng.choice([0, 1, 2, 7, 33, 100, 160])
        for _ in range(50):
            lo = rng.randint(-10, 200)
            ok = all(0 <= a * i + b < N1 for (a, b) in coefs for i in (lo, lo + n - 1)) if n else True
            if ok:
                return lo, lo + n
        return None

    def loop1d(self):
        rng = self.rng
        arrays = ["pa", "pb", "ga", "gb"]
        nacc = rng.randint(1, 3)
        w_arr = rng.choice(arrays)
        acc = [(w_arr, affine(rng))]
        for _ in range(nacc):
            acc.append((rng.choice(arrays), affine(rng)))
        rngs = self.range_for([ab for _, ab in acc])
        if rngs is None:
            return
        lo, hi = rngs
        L = Loop()
        L.kind = "affine"
        step_down = rng.random() < 0.15
        cond = rng.random() < 0.25
        helper = rng.random() < 0.2
        math = rng.random() < 0.3
        start = self.line()
        self.emit("#pragma gpupar")
        if step_down:
            self.emit("  for (int i = %d; i >= %d; i--) {" % (hi - 1, lo))
        else:
            self.emit("  for (int i = %d; i < %d; i++) {" % (lo, hi))
        terms = []
        for arr, (a, b) in acc[1:]:
            t = "%s[%s]" % (arr, idx_text("i", a, b))
            if helper:
                t = "h_scale(%s, i)" % t
            terms.append(t)
            L.reads.append((arr, a, b))
        e = " + ".join(terms) or "1"
        if math:
            e = "fabs(%s) * 0.5" % e
        a, b = acc[0][1]
        stmt = "%s[%s] = (%s) + i;" % (w_arr, idx_text("i", a, b), e)
        if rng.random() < 0.15:
            stmt = "h_store(%s, %s, (%s) + i);" % (w_arr, idx_text("i", a, b), e)
        if cond:
            self.emit("    if (i % 3 != 1)")
            self.emit("      " + stmt)
        else:
            self.emit("    " + stmt)
        L.writes.append((w_arr, a, b))
        self.emit("  }")
        L.lines = [start, self.line() - 1]
        # Ground truth by brute force over the iterations that run.
        its = [i for i in range(lo, hi) if not cond or i % 3 != 1]
        touched = {}
        conflict = False
        for i in its:
            for arr, a, b in L.writes:
                touched.setdefault((arr, a * i + b), set()).add(("w", i))
        for i in its:
            for arr, a, b in L.reads:
                touched.setdefault((arr, a * i + b), set()).add(("r", i))
        for key, s in touched.items():
            ws = {i for k, i in s if k == "w"}
            alli = {i for _, i in s}
            if ws and len(alli) > 1:
                conflict = True
        # pa and pb may point into one buffer? no: distinct buffers.
        L.conflict = conflict
        self.loops.append(L)

    # --- 2-D static arrays, flattened subscripts, collapse ----------------------------------
    def loop2d(self):
        rng = self.rng
        L = Loop()
        collapse = rng.random() < 0.5
        flat = rng.random() < 0.4
        di, dj = rng.choice([(0, 0), (0, 0), (0, 1), (1, 0), (-1, 0), (0, -1)])
        ilo, jlo = 1, 1
        ihi, jhi = R - 1, C - 1
        L.kind = "2d" + ("-collapse" if collapse else "") + ("-flat" if flat else "")
        start = self.line()
        self.emit("#pragma gpupar" + (" collapse(2)" if collapse else ""))
        self.emit("  for (int i = %d; i < %d; i++)" % (ilo, ihi))
        self.emit("    for (int j = %d; j < %d; j++)" % (jlo, jhi))
        if flat:
            self.emit("      f2[i * %d + j] = f2[(i + %d) * %d + j + %d] * 0.5 + m2[i][j];" % (C, di, C, dj))
        else:
            self.emit("      m2[i][j] = m2[i + %d][j + %d] * 0.5 + f2[i * %d + j];" % (di, dj, C))
        L.lines = [start, self.line() - 1]
        # conflict when the read element is written by another iteration of the (collapsed or
        # outer) loop. Without collapse, inner iterations belong to one outer iteration.
        conflict = False
        for i in range(ilo, ihi):
            for j in range(jlo, jhi):
                ri, rj = i + di, j + dj
                if (ri, rj) != (i, j) and ilo <= ri < ihi and jlo <= rj < jhi:
                    if collapse or ri != i:
                        conflict = True
        L.conflict = conflict
        self.loops.append(L)

    # --- scalar reductions of every operator, type and spelling -----------------------------
    def loop_reduction(self):
        rng = self.rng
        L = Loop()
        L.kind = "reduction"
        n = rng.choice([0, 1, 5, 64, 200])
        nred = rng.randint(1, 4)
        decls, updates, prints = [], [], []
        for _ in range(nred):
            self.scalar_count += 1
            v = "s%d" % self.scalar_count
            t = rng.choice(TYPES)
            isint = t in INT_TYPES
            ops = ["+", "min", "max"] + (["*", "&", "|", "^", "&&", "||", "++"] if isint else ["*"])
            op = rng.choice(ops)
            src = "ib[i]" if isint else "db[i]"
            init = {"*": "1", "&": "~0", "&&": "1", "min": "100", "max": "-100"}.get(op, "0")
            if op == "*":
                src = "(ib[i] % 2 ? 1 : -1)" if isint else "(ib[i] % 3 ? 1.0 : 0.5)"
            if t.startswith("unsigned") and op in ("min", "max"):
                init = "50"
            decls.append("  %s %s = %s;" % (t, v, init))
            sp = rng.randint(0, 3)
            if op == "++":
                u = rng.choice(["%s++;", "++%s;", "%s += 1;", "%s = %s + 1;"])
                u = u.replace("%s", v)
                updates.append("if (ib[i] %% 4 == 0) %s" % u)
            elif op in ("min", "max"):
                cmp = "<" if op == "min" else ">"
                if not isint and sp == 0:
                    updates.append("%s = f%s(%s, %s);" % (v, op, v, src))
                elif sp == 1:
                    updates.append("%s = %s %s %s ? %s : %s;" % (v, src, cmp, v, src, v))
                else:
                    updates.append("%s = %s %s %s ? %s : %s;" % (v, v, cmp, src, v, src))
            elif op in ("&&", "||"):
                e = "(ib[i] % 7 != 3)" if op == "&&" else "(ib[i] % 11 == 3)"
                updates.append("%s = %s %s %s;" % (v, v, op, e) if sp % 2 else "%s = %s %s %s;" % (v, e, op, v))
            else:
                if sp == 0:
                    updates.append("%s %s= %s;" % (v, op, src))
                elif sp == 1:
                    updates.append("%s = %s %s %s;" % (v, v, op, src))
                else:
                    updates.append("%s = %s %s %s;" % (v, src, op, v))
            prints.append((t, v))
        for d in decls:
            self.emit(d)
        start = self.line()
        self.emit("#pragma gpupar")
        self.emit("  for (int i = 0; i < %d; i++) {" % n)
        for u in updates:
            self.emit("    " + u)
        self.emit("  }")
        L.lines = [start, self.line() - 1]
        L.conflict = False
        for t, v in prints:
            if t in ("float", "double"):
                self.emit('  printf("%s %%.17g\\n", (double)%s);' % (v, v))
            else:
                self.emit('  printf("%s %%lld\\n", (long long)%s);' % (v, v))
        self.loops.append(L)

    def program(self):
        rng = self.rng
        self.emit("/* genloops.py seed %d */" % self.seed)
        self.emit("#include <math.h>")
        self.emit("#include <stdio.h>")
        self.emit("#include <stdlib.h>")
        self.emit("#include <string.h>")
        self.emit("static double ga[%d], gb[%d];" % (N1, N1))
        self.emit("static double m2[%d][%d];" % (R, C))
        self.emit("static double f2[%d];" % (R * C))
        self.emit("static int ib[%d];" % N1)
        self.emit("static double db[%d];" % N1)
        self.emit("static double h_scale(double x, int k) { return x * 0.5 + (k & 3); }")
        self.emit("static void h_store(double *p, int k, double v) { p[k] = v; }")
        self.emit("static unsigned long long hash(const void *p, size_t n) {")
        self.emit("  const unsigned char *b = p; unsigned long long h = 1469598103934665603ull;")
        self.emit("  for (size_t k = 0; k < n; k++) h = (h ^ b[k]) * 1099511628211ull;")
        self.emit("  return h;")
        self.emit("}")
        self.emit("static void show(int loop, const double *pa, const double *pb) {")
        self.emit('  printf("loop %d: %llx %llx %llx %llx %llx %llx %.17g %.17g\\n", loop,')
        self.emit("         hash(pa, %d * sizeof(double)), hash(pb, %d * sizeof(double)), hash(ga, sizeof ga)," % (N1, N1))
        self.emit("         hash(gb, sizeof gb), hash(m2, sizeof m2), hash(f2, sizeof f2), pa[7], m2[3][4]);")
        self.emit("}")
        self.emit("static void run(double *pa, double *pb) {")
        for k in range(rng.randint(3, 7)):
            r = rng.random()
            if r < 0.5:
                self.loop1d()
            elif r < 0.7:
                self.loop2d()
            else:
                self.loop_reduction()
            self.emit("  show(%d, pa, pb);" % k)
        self.emit("}")
        self.emit("int main(void) {")
        self.emit("  double *pa = malloc(%d * sizeof(double)), *pb = malloc(%d * sizeof(double));" % (N1, N1))
        self.emit("  for (int k = 0; k < %d; k++) {" % N1)
        self.emit("    pa[k] = k % 17; pb[k] = (k * 7) % 13; ga[k] = k % 5; gb[k] = 1.0 / (1 + k % 4);")
        self.emit("    ib[k] = (k * 37) % 23 - 5; db[k] = (double)((k * 11) % 19) - 6.0;")
        self.emit("  }")
        self.emit("  for (int k = 0; k < %d; k++) { m2[k / %d][k %% %d] = k %% 9; f2[k] = k %% 7; }" % (R * C, C, C))
        self.emit("  run(pa, pb);")
        self.emit("  free(pa); free(pb);")
        self.emit("  return 0;")
        self.emit("}")
        return "\n".join(self.out) + "\n"


def main():
    seed, out_c, out_json = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    g = Gen(seed)
    text = g.program()
    with open(out_c, "w") as f:
        f.write(text)
    with open(out_json, "w") as f:
        json.dump([{"lines": L.lines, "conflict": L.conflict, "kind": L.kind} for L in g.loops], f)


if __name__ == "__main__":
    main()
