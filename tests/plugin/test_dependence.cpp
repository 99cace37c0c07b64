// Unit tests of the plugin's arithmetic: polynomials (Analysis/Affine) and the dependence test
// (Analysis/Dependence) through analyzeLoop, on C functions parsed with clang's tooling.
//
// The dependence part has two halves: loops with a known verdict (independent, proven
// dependence, or unknown), and random loops with constant bounds and affine subscripts whose
// ground truth comes from enumerating every pair of iterations. An offloaded loop with a real
// conflict, or a "proven dependence" error on a loop without one, fails the test.
#include "Analysis/Affine.h"
#include "Analysis/Analysis.h"
#include "Pragma/Directive.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>

extern "C" {
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>
}

using namespace clang;
using namespace gpupar;

namespace {

std::unique_ptr<ASTUnit> parse(const std::string &Code) {
  return tooling::buildASTFromCodeWithArgs(Code, {"-std=gnu11", "-Wno-everything"}, "input.c");
}

/// The first `for` statement of the translation unit's function `f` (the outermost one).
struct FirstFor : RecursiveASTVisitor<FirstFor> {
  const ForStmt *Found = nullptr;
  bool VisitForStmt(ForStmt *S) {
    if (!Found)
      Found = S;
    return true;
  }
};

/// Variables by name (the loop variables of the snippets).
struct Vars : RecursiveASTVisitor<Vars> {
  std::map<std::string, const VarDecl *> ByName;
  bool VisitVarDecl(VarDecl *D) {
    ByName[D->getNameAsString()] = D;
    return true;
  }
};

enum Verdict { Offloaded, ProvenDependence, Unknown };

const char *name(Verdict V) {
  return V == Offloaded ? "offloaded" : V == ProvenDependence ? "proven dependence" : "unknown";
}

/// Analyses the first loop of `Code` without clauses (and `independent` when asked); an
/// offloaded loop's run-time facts go to `Assumed`.
Verdict analyse(const std::string &Code, std::string *Message = nullptr, bool Independent = false,
                std::vector<std::string> *Assumed = nullptr) {
  std::unique_ptr<ASTUnit> AST = parse(Code);
  assert_non_null(AST.get());
  FirstFor Finder;
  Finder.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  assert_non_null(Finder.Found);
  Directive Dir;
  Dir.Independent = Independent;
  LoopForm F;
  BodyInfo Info;
  Problem P;
  if (analyzeLoop(AST->getASTContext(), Finder.Found, Dir, F, Info, P)) {
    if (Assumed)
      *Assumed = Info.Assumptions;
    return Offloaded;
  }
  if (Message)
    *Message = P.message();
  return P.Level == Severity::Error ? ProvenDependence : Unknown;
}

void expect(const char *Code, Verdict Want) {
  std::string Message;
  Verdict Got = analyse(Code, &Message);
  if (Got != Want) {
    fprintf(stderr, "for\n%s\nwant %s, got %s (%s)\n", Code, name(Want), name(Got),
            Message.c_str());
    fail();
  }
}

// --- Polynomials -------------------------------------------------------------------------

void test_poly_arithmetic(void **) {
  std::unique_ptr<ASTUnit> AST = parse("void f(int n) { for (int i = 0; i < n; i++) "
                                       "for (int j = 0; j < n; j++) ; }");
  Vars V;
  V.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  AtomTable Atoms;
  unsigned I = Atoms.loopVar(V.ByName["i"]), J = Atoms.loopVar(V.ByName["j"]);
  unsigned N = Atoms.invariant("n");
  assert_int_equal(Atoms.loopVar(V.ByName["i"]), I); // one atom per variable
  assert_true(Atoms.isLoopVar(I) && !Atoms.isLoopVar(N));

  // p = n*i + 2*j - 3
  Poly P = Poly::atom(N);
  assert_true(P.multiply(Poly::atom(I)));
  assert_true(P.addScaled(Poly::atom(J), 2));
  assert_true(P.addScaled(Poly::constant(1), -3));
  assert_true(P.isAffine(Atoms));
  assert_int_equal(P.constantTerm(), -3);
  assert_true(P.coefficient(I) == Poly::atom(N));
  assert_true(P.coefficient(J) == Poly::constant(2));
  assert_true(P.invariantPart(Atoms) == Poly::constant(-3));
  assert_int_equal(P.loopVars(Atoms).size(), 2);
  int64_t C = 0;
  assert_false(P.isConstant(&C));

  // Terms cancel: p - n*i - 2*j + 3 == 0.
  Poly Q = P;
  Poly NI = Poly::atom(N);
  assert_true(NI.multiply(Poly::atom(I)));
  assert_true(Q.addScaled(NI, -1));
  assert_true(Q.addScaled(Poly::atom(J), -2));
  assert_true(Q.addScaled(Poly::constant(3), 1));
  assert_true(Q.isConstant(&C));
  assert_int_equal(C, 0);
  assert_true(Q.Terms.empty());

  // i*i and i*j are not affine.
  Poly II = Poly::atom(I);
  assert_true(II.multiply(Poly::atom(I)));
  assert_false(II.isAffine(Atoms));
  Poly IJ = Poly::atom(I);
  assert_true(IJ.multiply(Poly::atom(J)));
  assert_false(IJ.isAffine(Atoms));

  // Overflow is reported, never wrapped.
  Poly Big = Poly::constant(std::numeric_limits<int64_t>::max());
  assert_false(Big.addScaled(Poly::constant(1), 1));
  Poly Big2 = Poly::constant(std::numeric_limits<int64_t>::max() / 2 + 1);
  assert_false(Big2.multiply(Poly::constant(2)));
  Poly Min = Poly::atom(I);
  assert_false(Min.addScaled(Poly::atom(I), std::numeric_limits<int64_t>::max()));

  // The C print names the atoms and evaluates in long long.
  std::string Text = P.printC(Atoms);
  assert_true(Text.find("n") != std::string::npos && Text.find("j") != std::string::npos);
}

// --- Known verdicts ------------------------------------------------------------------------

void test_known_verdicts(void **) {
  // Independent.
  expect("void f(int n, float *a, const float *b) {"
         "  for (int i = 0; i < n; i++) a[i] = b[i] + b[i + 1]; }",
         Offloaded);
  expect("void f(int n, float *a) { for (int i = 0; i < n; i++) { a[2*i] = a[2*i+1]; } }",
         Offloaded);
  expect("void f(int n, int m, float *a) {"
         "  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) a[i*m + j] = 0; }",
         Offloaded);
  expect("float a[64][64]; void f(void) {"
         "  for (int i = 0; i < 64; i++) for (int j = 1; j < 64; j++) a[i][j] = a[i][j-1]; }",
         Offloaded);
  expect("void f(float *a) { for (int i = 0; i < 10; i++) a[i] = a[i + 10]; }", Offloaded);
  // Proven dependences (distance 1, a constant element written by every iteration).
  expect("void f(int n, float *a) { for (int i = 1; i < n; i++) a[i] = a[i-1] + 1; }",
         ProvenDependence);
  expect("void f(float *a) { for (int i = 0; i < 10; i++) a[i] = a[i + 9]; }", ProvenDependence);
  expect("float a[64][64]; void f(void) {"
         "  for (int i = 1; i < 64; i++) for (int j = 0; j < 64; j++) a[i][j] = a[i-1][j]; }",
         ProvenDependence);
  // Subscripts that swap variables between dimensions, with triangular bounds (covariance's
  // symmetric store): iteration j1 writes row j1 right of the diagonal and column j1 below it.
  expect("double s[64][64]; void f(int m) {"
         "  for (int j1 = 0; j1 < m; j1++) for (int j2 = j1; j2 < m; j2++) {"
         "    s[j1][j2] = j1 * j2; s[j2][j1] = s[j1][j2]; } }",
         Offloaded);
  expect("double s[64][64]; void f(int m) {"
         "  for (int i = 0; i < m; i++) for (int j = 0; j < i; j++) s[i][j] = s[j][i]; }",
         Offloaded);
  // An in-place transpose: iteration j writes what iteration i reads.
  expect("double s[64][64]; void f(int m) {"
         "  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) s[i][j] = s[j][i]; }",
         Unknown);
  // Row i reads the first column, which rows j < i write.
  expect("double s[64][64]; void f(int m) {"
         "  for (int i = 0; i < m; i++) for (int j = 0; j < i; j++) s[i][j] = s[j][0]; }",
         Unknown);
  // The transpose again, but of the lower triangle into the upper: one iteration only each.
  expect("double s[64][64]; void f(int m) {"
         "  for (int i = 0; i < m; i++) for (int j = i; j < m; j++) s[j][i] = s[i][j]; }",
         Offloaded);
  // A loop bounded by an enclosing inner loop's variable (symm over the columns): k < i.
  expect("double c[64][64], b[64][64]; void f(int m, int n) {"
         "  for (int j = 0; j < n; j++) for (int i = 0; i < m; i++)"
         "    for (int k = 0; k < i; k++) c[k][j] += b[i][j]; }",
         Offloaded);
  // Every iteration writes a[0..m-2]: with such a loop the dependence is not proven (a superset).
  expect("void f(int n, int m, float *a) {"
         "  for (int i = 0; i < n; i++) for (int j = 0; j < m; j++)"
         "    for (int k = 0; k < j; k++) a[k] = i; }",
         Unknown);
  // lu's update: row k, which the loop reads, lies before every row it writes (i > k).
  expect("double a[64][64]; void f(int n, int k) {"
         "  for (int i = k + 1; i < n; i++) for (int j = k + 1; j < n; j++)"
         "    a[i][j] = a[i][j] - a[i][k] * a[k][j]; }",
         Offloaded);
  // Not provable either way: a data-dependent subscript.
  expect("void f(int n, float *a, const int *p) { for (int i = 0; i < n; i++) a[p[i]] = 1; }",
         Unknown);
}

// --- Random loops against brute force -----------------------------------------------------

struct Subscript {
  int CI, CJ, Off; // CI*i + CJ*j + Off
  int at(int I, int J) const { return CI * I + CJ * J + Off; }
  std::string print() const {
    return std::to_string(CI) + "*i + " + std::to_string(CJ) + "*j + " + std::to_string(Off);
  }
};

struct RandomLoop {
  int LoI, HiI, StepI, M; // for (i = LoI; i < HiI; i += StepI) for (j = 0; j < M; j++)
  Subscript W, R;

  std::string code() const {
    std::string S = "float a[4096]; void f(void) {\n"
                    "  for (int i = " +
                    std::to_string(LoI) + "; i < " + std::to_string(HiI) +
                    "; i += " + std::to_string(StepI) + ")\n" + "    for (int j = 0; j < " +
                    std::to_string(M) + "; j++)\n" + "      a[" + W.print() + " + 2048] = a[" +
                    R.print() + " + 2048] + 1;\n}\n";
    return S;
  }

  /// Whether two different iterations of the outer loop write one element (the inner loop runs
  /// inside one iteration: not carried).
  bool writeConflict() const {
    std::map<int, int> Writer; // element -> outer iteration that writes it
    for (int I = LoI; I < HiI; I += StepI)
      for (int J = 0; J < M; J++) {
        auto It = Writer.emplace(W.at(I, J), I).first;
        if (It->second != I)
          return true;
      }
    return false;
  }

  /// Whether one iteration reads an element another iteration writes.
  bool readWriteConflict() const {
    std::map<int, std::set<int>> Writers;
    for (int I = LoI; I < HiI; I += StepI)
      for (int J = 0; J < M; J++)
        Writers[W.at(I, J)].insert(I);
    for (int I = LoI; I < HiI; I += StepI)
      for (int J = 0; J < M; J++) {
        auto It = Writers.find(R.at(I, J));
        if (It != Writers.end() && (It->second.size() > 1 || !It->second.count(I)))
          return true;
      }
    return false;
  }
};

void test_random_loops(void **) {
  std::mt19937 Rng(20261123);
  auto pick = [&](int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(Rng); };
  int Parallel = 0, ParallelOffloaded = 0, Dependent = 0, DependentErrors = 0, Wrong = 0;
  for (int Case = 0; Case < 400; Case++) {
    RandomLoop L;
    L.LoI = pick(0, 3);
    L.HiI = L.LoI + pick(0, 12);
    L.StepI = pick(1, 3);
    L.M = pick(1, 4);
    L.W = {pick(-3, 3), pick(-3, 3), pick(-4, 4)};
    L.R = {pick(-3, 3), pick(-3, 3), pick(-4, 4)};
    if (pick(0, 2) == 0)
      L.R = {L.W.CI, L.W.CJ, L.W.Off + pick(-2, 2)};
    std::string Code = L.code();
    std::string Message;
    Verdict V = analyse(Code, &Message);
    bool WW = L.writeConflict(), RW = L.readWriteConflict(), Conflict = WW || RW;
    // A write that may collide with itself, and a read at the written subscript, are checked by
    // the runtime (different iterations writing one element: the loop runs serially, tested by
    // the e2e suite); every other conflict must be found here.
    bool Static = RW && !(L.R.CI == L.W.CI && L.R.CJ == L.W.CJ && L.R.Off == L.W.Off);
    if (Static && V == Offloaded) {
      fprintf(stderr, "offloaded a loop with a cross-iteration conflict:\n%s", Code.c_str());
      Wrong++;
    }
    if (!Conflict && V == ProvenDependence) {
      fprintf(stderr, "proven dependence (%s) on a loop without one:\n%s", Message.c_str(),
              Code.c_str());
      Wrong++;
    }
    Parallel += !Conflict;
    ParallelOffloaded += !Conflict && V == Offloaded;
    Dependent += Conflict;
    DependentErrors += Conflict && V == ProvenDependence;
  }
  fprintf(stderr, "random loops: %d parallel, %d offloaded; %d dependent, %d proven\n", Parallel,
          ParallelOffloaded, Dependent, DependentErrors);
  assert_int_equal(Wrong, 0);
}

// --- Random triangular nests on a 2-D array against brute force ------------------------

struct Dim {
  int CI, CJ, Off; // CI*i + CJ*j + Off + 32
  int at(int I, int J) const { return CI * I + CJ * J + Off + 32; }
  std::string print() const {
    return std::to_string(CI) + "*i + " + std::to_string(CJ) + "*j + " + std::to_string(Off + 32);
  }
};

struct TriangularLoop {
  int HiI;      // for (i = 0; i < HiI; i++)
  int JLo, JHi; // j from: 0, i, i + 1; to (exclusive): HiI, i, i + 1
  Dim W[2], R[2];
  /// 0: `a[d0][d1]` of `float a[64][64]`; else the flat `a[(d0) * S + d1]` with S = Stride,
  /// written as a constant or, with RunTime, as the parameter `s`.
  int Stride = 0;
  bool RunTime = false;

  int lo(int I) const { return JLo == 0 ? 0 : JLo == 1 ? I : I + 1; }
  int hi(int I) const { return JHi == 0 ? HiI : JHi == 1 ? I : I + 1; }
  std::string subscript(const Dim *D) const {
    if (!Stride)
      return "[" + D[0].print() + "][" + D[1].print() + "]";
    std::string S = RunTime ? "s" : std::to_string(Stride);
    return "[(" + D[0].print() + ") * " + S + " + " + D[1].print() + "]";
  }
  std::string code() const {
    const char *Los[] = {"0", "i", "i + 1"}, *His[] = {"n", "i", "i + 1"};
    return std::string(Stride ? "float a[8192]; " : "float a[64][64]; ") +
           (RunTime ? "void f(int s) { int n = " : "void f(void) { int n = ") +
           std::to_string(HiI) + ";\n  for (int i = 0; i < " + std::to_string(HiI) +
           "; i++)\n    for (int j = " + Los[JLo] + "; j < " + His[JHi] + "; j++)\n      a" +
           subscript(W) + " = a" + subscript(R) + " + 1;\n}\n";
  }
  bool triangular() const { return JLo != 0 || JHi != 0; }
  bool readsWhatItWrites() const {
    return R[0].CI == W[0].CI && R[0].CJ == W[0].CJ && R[0].Off == W[0].Off && R[1].CI == W[1].CI &&
           R[1].CJ == W[1].CJ && R[1].Off == W[1].Off;
  }
  /// The element `D` names at (I, J): both subscripts, or the flat index.
  std::pair<int, int> element(const Dim *D, int I, int J) const {
    if (Stride)
      return {D[0].at(I, J) * Stride + D[1].at(I, J), 0};
    return {D[0].at(I, J), D[1].at(I, J)};
  }
  /// A random nest: bounds, subscripts, and in half the cases the read as the transpose of the
  /// write (as symmetric stores read).
  static TriangularLoop random(std::mt19937 &Rng) {
    auto pick = [&](int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(Rng); };
    auto dim = [&]() { return Dim{pick(-1, 1), pick(-1, 1), pick(-2, 2)}; };
    TriangularLoop L;
    L.HiI = pick(1, 12);
    L.JLo = pick(0, 2);
    L.JHi = pick(0, 2);
    L.W[0] = dim(), L.W[1] = dim(), L.R[0] = dim(), L.R[1] = dim();
    if (pick(0, 1))
      L.R[0] = L.W[1], L.R[1] = L.W[0];
    return L;
  }
  /// Whether the nest has a conflict (`Conflict`), and one the analysis must prove absent to
  /// offload (the return value): as in test_random_loops, the runtime checks a write with itself
  /// and a read of the written subscript in rectangular loops; a triangular loop's must be
  /// proven.
  bool staticConflict(bool &Conflict) const {
    bool WriteWrite = false, ReadWrite = false;
    conflicts(WriteWrite, ReadWrite);
    Conflict = WriteWrite || ReadWrite;
    return (ReadWrite && !readsWhatItWrites()) || (triangular() && Conflict);
  }
  /// Whether two different outer iterations write one element, or one reads what another writes.
  void conflicts(bool &WriteWrite, bool &ReadWrite) const {
    std::map<std::pair<int, int>, std::set<int>> Writers;
    for (int I = 0; I < HiI; I++)
      for (int J = lo(I); J < hi(I); J++)
        Writers[element(W, I, J)].insert(I);
    WriteWrite = ReadWrite = false;
    for (const auto &[E, Is] : Writers)
      WriteWrite |= Is.size() > 1;
    for (int I = 0; I < HiI; I++)
      for (int J = lo(I); J < hi(I); J++) {
        auto It = Writers.find(element(R, I, J));
        ReadWrite |= It != Writers.end() && (It->second.size() > 1 || !It->second.count(I));
      }
  }
};

/// The bound test (exact triangular bounds, variables swapped between dimensions) must never
/// offload a loop with a conflict; it should offload most of those without one.
void test_random_triangular(void **) {
  std::mt19937 Rng(20261125);
  int Parallel = 0, ParallelOffloaded = 0, Wrong = 0;
  for (int Case = 0; Case < 400; Case++) {
    TriangularLoop L = TriangularLoop::random(Rng);
    std::string Code = L.code(), Message;
    Verdict V = analyse(Code, &Message);
    bool Conflict = false;
    if (L.staticConflict(Conflict) && V == Offloaded) {
      fprintf(stderr, "offloaded a loop with a cross-iteration conflict:\n%s", Code.c_str());
      Wrong++;
    }
    // A triangular loop whose inner loop is empty in all but one outer iteration may still be
    // called a dependence (one that any longer run would have): rectangular loops only.
    if (!Conflict && !L.triangular() && V == ProvenDependence) {
      fprintf(stderr, "proven dependence (%s) on a loop without one:\n%s", Message.c_str(),
              Code.c_str());
      Wrong++;
    }
    Parallel += !Conflict;
    ParallelOffloaded += !Conflict && V == Offloaded;
  }
  fprintf(stderr, "random triangular loops: %d parallel, %d offloaded\n", Parallel,
          ParallelOffloaded);
  assert_int_equal(Wrong, 0);
  assert_true(ParallelOffloaded * 2 > Parallel);
}

// --- Random triangular nests on a flat array (`a[d0 * S + d1]`) against brute force --------

/// The value of `Text`, a run-time fact as the dependence test prints it (`(long long)(s) -
/// 1LL + -1LL * (long long)(n)`: `+`, `-`, `*`, parentheses, casts, `LL` literals), with the
/// identifiers in `Values`.
long long evaluate(const std::string &Text, const std::map<std::string, long long> &Values) {
  size_t At = 0;
  auto Skip = [&] {
    while (At < Text.size() && Text[At] == ' ')
      ++At;
  };
  auto Eat = [&](const char *T) {
    Skip();
    if (Text.compare(At, strlen(T), T) != 0)
      return false;
    At += strlen(T);
    return true;
  };
  std::function<long long()> Sum;
  std::function<long long()> Factor = [&]() -> long long {
    if (Eat("(long long)"))
      return Factor();
    if (Eat("-"))
      return -Factor();
    if (Eat("(")) {
      long long V = Sum();
      assert_true(Eat(")"));
      return V;
    }
    Skip();
    size_t Start = At;
    while (At < Text.size() && (isalnum((unsigned char)Text[At]) || Text[At] == '_'))
      ++At;
    std::string Token = Text.substr(Start, At - Start);
    assert_false(Token.empty());
    if (isdigit((unsigned char)Token[0]))
      return std::stoll(Token); // stops at the `LL` suffix
    auto It = Values.find(Token);
    if (It == Values.end()) {
      fprintf(stderr, "unknown name '%s' in '%s'\n", Token.c_str(), Text.c_str());
      fail();
    }
    return It->second;
  };
  auto Product = [&] {
    long long V = Factor();
    while (Eat("*"))
      V *= Factor();
    return V;
  };
  Sum = [&] {
    long long V = Product();
    for (;;) {
      if (Eat("+"))
        V += Product();
      else if (Eat("-"))
        V -= Product();
      else
        return V;
    }
  };
  long long V = Sum();
  Skip();
  assert_int_equal(At, Text.size());
  return V;
}

/// The nests of test_random_triangular with both dimensions folded into one flat subscript of
/// stride S: the delinearisation (Tester::delinearized) may split it back only where the column
/// stays within [0, S), and must never offload a loop with a conflict. With `RunTime` the stride
/// is a parameter: a loop offloads only when the facts the split assumed hold for that S.
void randomFlat(unsigned Seed, bool RunTime, int &Parallel, int &ParallelOffloaded) {
  std::mt19937 Rng(Seed);
  const int Strides[] = {8, 16, 47, 64, 100};
  int Wrong = 0;
  Parallel = ParallelOffloaded = 0;
  for (int Case = 0; Case < 400; Case++) {
    TriangularLoop L = TriangularLoop::random(Rng);
    L.Stride = Strides[std::uniform_int_distribution<int>(0, 4)(Rng)];
    L.RunTime = RunTime;
    std::string Code = L.code(), Message;
    std::vector<std::string> Assumed;
    Verdict V = analyse(Code, &Message, false, &Assumed);
    for (const std::string &A : Assumed) // the runtime's check before the loop
      if (evaluate(A, {{"s", L.Stride}, {"n", L.HiI}}) < 0)
        V = Unknown;
    bool Conflict = false;
    if (L.staticConflict(Conflict) && V == Offloaded) {
      fprintf(stderr, "offloaded a loop with a cross-iteration conflict:\n%s", Code.c_str());
      Wrong++;
    }
    Parallel += !Conflict;
    ParallelOffloaded += !Conflict && V == Offloaded;
  }
  fprintf(stderr, "random flat triangular loops (%s stride): %d parallel, %d offloaded\n",
          RunTime ? "run-time" : "constant", Parallel, ParallelOffloaded);
  assert_int_equal(Wrong, 0);
}

void test_random_flat(void **) {
  int Parallel = 0, Offloaded = 0;
  randomFlat(20261126, false, Parallel, Offloaded);
}

/// The same nests with the stride a parameter `s`: split with facts checked at run time.
void test_random_flat_runtime(void **) {
  int Parallel = 0, Offloaded = 0;
  randomFlat(20261126, true, Parallel, Offloaded);
  assert_true(Offloaded * 3 > Parallel); // 146 of 292; 4 without the split
}

} // namespace

int main() {
  const struct CMUnitTest Tests[] = {
      cmocka_unit_test(test_poly_arithmetic), cmocka_unit_test(test_known_verdicts),
      cmocka_unit_test(test_random_loops),    cmocka_unit_test(test_random_triangular),
      cmocka_unit_test(test_random_flat),     cmocka_unit_test(test_random_flat_runtime),
  };
  return cmocka_run_group_tests(Tests, nullptr, nullptr);
}
