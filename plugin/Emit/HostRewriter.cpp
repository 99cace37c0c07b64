//===- HostRewriter.cpp - rewrites the main file into <stem>.gpupar.c ------===//
#include "Emit/HostRewriter.h"
#include "Emit/PlanText.h"
#include "Emit/RuntimeNames.h"
#include "Pragma/Attach.h"
#include "Text.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

static void commentOutPragma(Rewriter &R, const SourceManager &SM, const LangOptions &LO,
                             const PragmaRecord &P) {
  if (P.PragmaMacroLoc.isValid() && SM.isInMainFile(P.PragmaMacroLoc)) {
    // `OFFLOAD` where `#define OFFLOAD _Pragma("gpupar")`.
    unsigned Length = Lexer::MeasureTokenLength(P.PragmaMacroLoc, SM, LO);
    std::string Name(SM.getCharacterData(P.PragmaMacroLoc), Length);
    R.ReplaceText(P.PragmaMacroLoc, Length, "/* " + commentSafe(Name) + " */");
    return;
  }
  if (!P.HashLoc.isFileID() || !SM.isInMainFile(P.HashLoc))
    return; // from another macro: left alone
  SourceLocation End;
  if (P.IsHashPragma) {
    if (!P.EodLoc.isFileID())
      return;
    End = P.EodLoc;
  } else {
    // _Pragma ( "..." ) written directly in the file.
    SourceLocation L = P.HashLoc;
    for (int I = 0; I < 3; ++I) {
      std::optional<Token> T = Lexer::findNextToken(L, SM, LO);
      if (!T)
        return;
      L = T->getLocation();
    }
    End = Lexer::getLocForEndOfToken(L, 0, SM, LO);
  }
  bool Invalid = false;
  StringRef Text =
      Lexer::getSourceText(CharSourceRange::getCharRange(P.HashLoc, End), SM, LO, &Invalid);
  if (Invalid)
    return;
  std::string Raw;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size() && (Text[I + 1] == '\n' || Text[I + 1] == '\r'))
      continue; // a line continuation: keep only the newline
    Raw += Text[I];
  }
  R.ReplaceText(P.HashLoc, Text.size(), "/* " + commentSafe(Raw) + " */");
}

/// Returns where the text of loop `FS` ends (after the final `;` of a single-statement body).
static SourceLocation loopEnd(const SourceManager &SM, const LangOptions &LO, const ForStmt *FS) {
  // A body may end inside a macro expansion (`a[i] = SQR(b[i]);`): take the expansion's end.
  SourceLocation Last = SM.getExpansionRange(FS->getEndLoc()).getEnd();
  const char *C = SM.getCharacterData(Last);
  if (*C == ';' || *C == '}')
    return Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  SourceLocation After = Lexer::findLocationAfterToken(Last, tok::semi, SM, LO, false);
  return After.isValid() ? After : Lexer::getLocForEndOfToken(Last, 0, SM, LO);
}

static std::string lineDirective(unsigned Line, const std::string &File) {
  return "#line " + std::to_string(Line) + " \"" + escapeString(File) + "\"\n";
}

/// Opens the block in which one thread of an OpenMP team runs a loop. The barrier first: the
/// loop's iterations were shared out among the threads, and with `nowait` before it (NPB LU's
/// pipelined `blts`) each thread read only what it had itself written; one thread now reads
/// them all. Without OpenMP the block is a block (and no "unknown pragma" warning points at the
/// user's loop).
static constexpr const char *TeamOpening =
    "#ifdef _OPENMP\n#pragma omp barrier\n#pragma omp single\n#endif\n";

std::vector<HostInsertion> singleThreadLoop(ASTContext &Ctx, const ForStmt *FS) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation For = SM.getExpansionLoc(FS->getForLoc());
  PresumedLoc PL = SM.getPresumedLoc(For);
  std::string Indent(SM.getSpellingColumnNumber(For) - 1, ' ');
  return {{For, "{\n" + std::string(TeamOpening) + lineDirective(PL.getLine(), PL.getFilename()) +
                    Indent},
          {loopEnd(SM, Ctx.getLangOpts(), FS), " }"}};
}

/// The host-file statements that describe access term `T` in span `Ref` (`&gpupar_spans[i]`).
static std::string spanText(const ASTContext &Ctx, const LoopPlan &P, const PlanTerm &T,
                            const std::string &Ref, const std::string &In) {
  std::string S;
  const char *Kind = "";
  if (P.Arrays[T.Array].Read && P.Arrays[T.Array].Write)
    Kind = T.Write ? " (write)" : " (read)";
  std::string Comment = " /* " + commentSafe(termText(Ctx, P, T)) + Kind + " */\n";
  if (T.Whole) { // the section every chunk gets, every iteration
    auto [Lo, Hi] = wholeBounds(Ctx, P, *T.Whole);
    S += In + rt::SpanInit + "(" + Ref + ", 0LL, " + Lo + ");" + Comment;
    S += In + rt::SpanAddRange + "(" + Ref + ", 1LL, 0LL, (" + Hi + ") - (" + Lo + "));\n";
    return S;
  }
  S += In + rt::SpanInit + "(" + Ref + ", " + polyC(Ctx, P, T.Coef) + ", " +
       polyC(Ctx, P, T.Offset) + ");" + Comment;
  auto Range = [&](const char *Fn, const PlanRange &R) {
    S += In + Fn + "(" + Ref + ", " + polyC(Ctx, P, R.Coef) + ", " + boundC(Ctx, P, R.Lo, true) +
         ", " + boundC(Ctx, P, R.Hi, false) + ");\n";
  };
  for (const PlanRange &R : T.Ranges)
    Range(rt::SpanAddRange, R);
  if (T.Rows) {
    S += In + rt::SpanCols + "(" + Ref + ", " + polyC(Ctx, P, T.ColOffset) + ");\n";
    if (T.ColCoef)
      S += In + rt::SpanColCoef + "(" + Ref + ", " + polyC(Ctx, P, *T.ColCoef) + ");\n";
    for (const PlanRange &R : T.ColRanges)
      Range(rt::SpanAddCols, R);
  }
  // An empty guard range when the access never runs.
  std::string GuardHi;
  if (!T.RunsIf.empty()) {
    std::string Runs;
    for (const Poly &R : T.RunsIf)
      Runs += std::string(Runs.empty() ? "" : " && ") + "(" + polyC(Ctx, P, R) + ") >= 0";
    S += In + rt::SpanGuardLo + "(" + Ref + ", (" + Runs +
         ") ? (-0x7fffffffffffffffLL - 1) : 0x7fffffffffffffffLL);\n";
    GuardHi = In + rt::SpanGuardHi + "(" + Ref + ", (" + Runs +
              ") ? 0x7fffffffffffffffLL : (-0x7fffffffffffffffLL - 1));\n";
  }
  for (const Poly &G : T.GuardLo)
    S += In + rt::SpanGuardLo + "(" + Ref + ", " + polyC(Ctx, P, G) + ");\n";
  S += GuardHi;
  for (const Poly &G : T.GuardHi)
    S += In + rt::SpanGuardHi + "(" + Ref + ", " + polyC(Ctx, P, G) + ");\n";
  return S;
}

/// The declarations of the runtime's view of the per-thread variables with a descriptor (the
/// variables it combines into, array sections' lengths), and the call's fields naming them.
static void reductionsText(const LoopPlan &P, const std::string &In, std::string &S,
                           std::string &Fields) {
  std::vector<const PlanReduction *> Described;
  bool AnyArray = false;
  for (const PlanReduction &R : P.Reductions)
    if (LoopPlan::hasDescriptor(R)) {
      Described.push_back(&R);
      AnyArray |= R.IsArray;
    }
  if (Described.empty())
    return;
  // Reduction variables and last values: the runtime combines into them.
  S += In + "void *const gpupar_reductions[" + std::to_string(Described.size()) + "] = {";
  for (size_t I = 0; I < Described.size(); ++I)
    S += (I ? ", " : "") + (Described[I]->IsArray ? "(void *)&(" + reductionName(*Described[I]) +
                                                        ")[" + Described[I]->Section.Lo.Text + "]"
                                                  : "(void *)&" + reductionName(*Described[I]));
  S += "};\n";
  Fields = ",\n" + In + "    .reductions = gpupar_reductions";
  if (AnyArray) {
    S += In + "const long long gpupar_reduction_counts[" + std::to_string(Described.size()) +
         "] = {";
    for (size_t I = 0; I < Described.size(); ++I)
      S += (I ? ", " : "") +
           (Described[I]->IsArray ? "(long long)(" + Described[I]->Section.Len.Text + ")" : "1LL");
    S += "};\n";
    Fields += ", .reduction_counts = gpupar_reduction_counts";
  }
}

/// The text before the loop. It ends inside an extra block around the original loop, so the
/// closing `gpupar_host_done()` call cannot look like part of an unbraced loop body
/// (-Wmisleading-indentation).
static std::string prologue(const ASTContext &Ctx, const LoopPlan &P, const std::string &Indent) {
  std::string In = Indent + "  ";
  std::string S = "{ /* gpupar: " + commentSafe(P.Site) + " */\n";
  std::string Spans = "0", Arrays = "0", Scalars = "0";
  // The extents only the run time knows first: the sections name them.
  for (size_t K = 0; K < P.HeapExtents.size(); ++K) {
    // The pointer as the arrays' list passes it (a struct member: read once, when the loop runs).
    const LoopPlan::HeapExtent &H = P.HeapExtents[K];
    const PlanArray *A = H.Array >= 0 ? &P.Arrays[(size_t)H.Array] : nullptr;
    std::string Ptr = "(" + (A ? arrayValue(Ctx, P, (unsigned)H.Array) : H.Var->getNameAsString()) +
                      ")",
                N = std::to_string(K);
    std::string Name = A && A->Member ? sourceText(Ctx, A->Member) : H.Var->getNameAsString();
    S += In + "long long gpupar_heap_first_" + N + ";\n";
    S += In + "const long long gpupar_heap_len_" + N + " = " + rt::HeapExtent + "(" + Ptr +
         ", sizeof(*" + Ptr + "), \"" + escapeString(P.Site) + "\", \"" + escapeString(Name) +
         "\", &gpupar_heap_first_" + N + ");\n";
  }
  // The scalars first: the sections name the struct members read once through them.
  if (!P.Scalars.empty()) {
    Scalars = "gpupar_scalars";
    for (size_t I = 0; I < P.Scalars.size(); ++I)
      S += In + "const " + scalarTypeC(Ctx, P.Scalars[I]) + " " + hostScalarName((unsigned)I) +
           " = (" + scalarValue(Ctx, P, P.Scalars[I]) + ");\n";
    S += In + "void *const gpupar_scalars[" + std::to_string(P.Scalars.size()) + "] = {";
    for (size_t I = 0; I < P.Scalars.size(); ++I)
      S += (I ? ", (void *)&" : "(void *)&") + hostScalarName((unsigned)I);
    S += "};\n";
  }
  if (!P.Terms.empty()) {
    Spans = "gpupar_spans";
    S += In + rt::Span + " gpupar_spans[" + std::to_string(P.Terms.size()) + "];\n";
    for (size_t I = 0; I < P.Terms.size(); ++I)
      S += spanText(Ctx, P, P.Terms[I], "&gpupar_spans[" + std::to_string(I) + "]", In);
  }
  if (!P.Arrays.empty()) {
    Arrays = "gpupar_arrays";
    S += In + "void *const gpupar_arrays[" + std::to_string(P.Arrays.size()) + "] = {";
    for (size_t I = 0; I < P.Arrays.size(); ++I)
      S += (I ? ", (void *)(" : "(void *)(") + arrayValue(Ctx, P, (unsigned)I) + ")";
    S += "};\n";
  }
  std::string Reductions;
  reductionsText(P, In, S, Reductions);
  if (P.Devices)
    Reductions += ",\n" + In + "    .max_devices = (int)(" + P.Devices->Text + ")";
  if (!P.Collapsed.empty()) {
    S += In + "const long long gpupar_trips[" + std::to_string(P.Collapsed.size()) + "] = {";
    for (size_t I = 0; I < P.Collapsed.size(); ++I)
      S += (I ? ",\n" + In + "    " : "") + tripCall(Ctx, P, (unsigned)I);
    S += "};\n";
    Reductions += ",\n" + In + "    .ncollapsed = " + std::to_string(P.Collapsed.size()) +
                  ", .collapsed_trips = gpupar_trips";
  }
  const LoopForm &F = P.Form;
  std::string VarType = typeC(Ctx, F.Var->getType()), CmpType = typeC(Ctx, F.CmpType);
  std::string LoCast = "(" + CmpType + ")";
  if (VarType != CmpType)
    LoCast += "(" + VarType + ")";
  S += In + rt::Call + " gpupar_c = {.version = " + rt::VersionCode + ", .lo = (long long)" +
       LoCast + "(" + sourceText(Ctx, F.Lo) + "),\n";
  S += In + "    .hi = (long long)(" + CmpType + ")(" + sourceText(Ctx, F.Hi) +
       "), .step = " + llLiteral(F.Step) + ", .cond = " + rt::condName(F.Op) +
       ", .is_unsigned = " + (F.CmpType->isUnsignedIntegerType() ? "1" : "0") + ",\n";
  S += In + "    .arrays = " + Arrays + ", .scalars = " + Scalars + ", .spans = " + Spans +
       Reductions + "};\n";
  // `if(expr)`: false runs the original loop (and records no host run: gpupar_run was not
  // called); gpupar_host_only brings arrays in data regions up to date on the host first.
  std::string Call = std::string(rt::Run) + "(&" + P.Symbol + ", &gpupar_c)", Run = Call;
  std::string IfExpr = ifCondition(Ctx, P);
  if (!IfExpr.empty()) {
    S += In + "const int gpupar_if = (" + IfExpr + ") != 0;\n";
    Run = "(gpupar_if ? " + Call + " : " + rt::HostOnly + "(&" + P.Symbol + ", &gpupar_c))";
  }
  // Final values of variables declared before the loop: the outer one from the runtime; a
  // collapsed one is `lo + trip * step` when the loops around it ran (the serial nest leaves
  // it there), else unchanged.
  std::string Finals;
  if (P.Form.DeclaredOutside)
    Finals += In + "  " + F.Var->getNameAsString() + " = (" + VarType + ")gpupar_c.last;\n";
  std::string Ran = "gpupar_c.last != gpupar_c.lo";
  for (size_t I = 0; I < P.Collapsed.size(); ++I) {
    const PlanCollapsed &C = P.Collapsed[I];
    if (C.Form.DeclaredOutside)
      Finals += In + "  if (" + Ran + ")\n" + In + "    " + C.Form.Var->getNameAsString() + " = (" +
                typeC(Ctx, C.Form.Var->getType()) + ")(" + hostScalarName(C.LoScalar) +
                " + gpupar_trips[" + std::to_string(I) + "] * " + llLiteral(C.Form.Step) + ");\n";
    Ran += " && gpupar_trips[" + std::to_string(I) + "] > 0";
  }
  if (!Finals.empty())
    S += In + "if (" + Run + ") {\n" + Finals + In + "} else { {\n";
  else
    S += In + "if (!" + Run + ") { {\n";
  return S;
}

/// `#pragma omp parallel` (a region, with its clauses) as `#pragma omp parallel for`: the
/// region held a worksharing loop where the gpupar pragma is. Any other pragma as it is.
static std::string withWorksharing(StringRef Pragma) {
  std::optional<size_t> At = ompRegionParallelEnd(Pragma);
  if (!At)
    return Pragma.str();
  return Pragma.substr(0, *At).str() + " for" + Pragma.substr(*At).str();
}

/// Puts every line of the generated `Prologue` on the user's `for` line: a warning about a user
/// expression copied into it, or a debugger stepping through it, then points at the loop rather
/// than at whatever user lines follow it in the rewritten file.
static std::string onLoopLine(const std::string &Prologue, const std::string &Indent,
                              const std::string &Directive) {
  std::string S;
  size_t Begin = 0;
  for (size_t End; (End = Prologue.find('\n', Begin)) != std::string::npos; Begin = End + 1)
    S += Directive + (Begin ? "" : Indent) + Prologue.substr(Begin, End + 1 - Begin);
  return S;
}

std::string rewriteHost(ASTContext &Ctx, const std::vector<const PragmaRecord *> &Pragmas,
                        const std::vector<LoopPlan> &Plans, const std::vector<HostInsertion> &Extra,
                        const std::string &FileName) {
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  Rewriter R(SM, LO);
  FileID Main = SM.getMainFileID();

  std::string Header = "#include <" + std::string(rt::Header) + ">\n";
  for (const LoopPlan &P : Plans)
    Header += "extern const " + std::string(rt::Loop) + " " + P.Symbol + ";\n";
  Header += lineDirective(1, FileName);
  R.InsertTextBefore(SM.getLocForStartOfFile(Main), Header);

  for (const PragmaRecord *P : Pragmas)
    commentOutPragma(R, SM, LO, *P);

  for (const LoopPlan &P : Plans) {
    SourceLocation For = SM.getExpansionLoc(P.Form.For->getForLoc());
    unsigned Column = SM.getSpellingColumnNumber(For);
    // Indentation of the line, as written (tabs included).
    bool Invalid = false;
    const char *Start = SM.getCharacterData(For, &Invalid) - (Column - 1);
    std::string Indent;
    bool OnlyIndent = true;
    for (unsigned I = 0; I + 1 < Column; ++I) {
      Indent += Start[I] == '\t' ? '\t' : ' ';
      OnlyIndent &= Start[I] == '\t' || Start[I] == ' ';
    }
    // The prologue goes on lines of its own, before the `for` line when only blanks precede
    // `for` on it (the `#line` directives must start a line).
    std::string Line = lineDirective(P.Line, P.File);
    std::string Text = onLoopLine(prologue(Ctx, P, Indent), Indent, Line) + Line;
    // In a `parallel` region every thread reaches the loop, as it reached the `omp for` the
    // pragma replaces: one of them runs it (devices or fallback), and the others wait for it at
    // the end, as at the end of that `omp for` (TeamOpening).
    if (P.InParallelRegion)
      Text = Indent + "{\n" + TeamOpening + Line + Text;
    // Other tools' loop pragmas (`#pragma omp parallel for`) go with the `for` that stays the
    // CPU fallback: moved right before it, commented out where they were. A `parallel` right
    // above the gpupar pragma had an `omp for` where that pragma is: the fallback gets both.
    for (const CharSourceRange &M : P.MovedPragmas) {
      bool Invalid = false;
      StringRef Pragma = Lexer::getSourceText(M, SM, LO, &Invalid);
      if (Invalid)
        continue;
      Text += withWorksharing(Pragma) + "\n" + Line;
      std::string Flat;
      for (size_t I = 0; I < Pragma.size(); ++I)
        if (!(Pragma[I] == '\\' && I + 1 < Pragma.size() &&
              (Pragma[I + 1] == '\n' || Pragma[I + 1] == '\r')))
          Flat += Pragma[I];
      R.ReplaceText(M.getBegin(), Pragma.size(), "/* " + commentSafe(Flat) + " */");
    }
    if (OnlyIndent)
      R.InsertText(For.getLocWithOffset(-(int)(Column - 1)), Text, /*InsertAfter=*/true);
    else
      R.InsertText(For, "\n" + Text + Indent, /*InsertAfter=*/true);
    R.InsertText(loopEnd(SM, LO, P.Form.For),
                 std::string(" } ") + (ifCondition(Ctx, P).empty() ? "" : "if (gpupar_if) ") +
                     rt::HostDone + "(&" + P.Symbol + ", &gpupar_c); } }" +
                     (P.InParallelRegion ? " }" : ""),
                 /*InsertAfter=*/true);
  }

  for (const HostInsertion &E : Extra)
    R.InsertText(E.Loc, E.Text, /*InsertAfter=*/true);

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (const RewriteBuffer *B = R.getRewriteBufferFor(Main))
    B->write(OS);
  else
    OS << SM.getBufferData(Main);
  return Out;
}

} // namespace gpupar
