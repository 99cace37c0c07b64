//===- Consumer.cpp - runs the gpupar pipeline over one translation unit --===//
#include "Consumer.h"
#include "Analysis/Analysis.h"
#include "Analysis/LoopForm.h"
#include "Build/ObjectBuilder.h"
#include "Diagnostics.h"
#include "Emit/CudaEmitter.h"
#include "Emit/HostRewriter.h"
#include "Plan/Planner.h"
#include "Pragma/Attach.h"
#include "Pragma/DataRegion.h"
#include "Pragma/Directive.h"
#include "Pragma/OmpTeams.h"
#include "Text.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace gpupar {

namespace {

/// Every `for` statement, keyed by the file position of its `for` keyword.
class LoopIndex : public RecursiveASTVisitor<LoopIndex> {
public:
  explicit LoopIndex(const SourceManager &SM) : SM(SM) {}
  bool VisitForStmt(ForStmt *FS) {
    Loops.try_emplace(SM.getExpansionLoc(FS->getForLoc()).getRawEncoding(), FS);
    return true;
  }
  const ForStmt *find(SourceLocation Loc) const {
    auto It = Loops.find(Loc.getRawEncoding());
    return It == Loops.end() ? nullptr : It->second;
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<SourceLocation::UIntTy, const ForStmt *> Loops;
};

bool writeFile(const std::string &Path, const std::string &Text, Diagnostics &D) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (!EC) {
    OS << Text;
    OS.close();
    if (!OS.has_error())
      return true;
    EC = OS.error();
    OS.clear_error();
  }
  D.diag(Diag::cannot_write, SourceLocation()) << Path << EC.message();
  return false;
}

/// Returns the file the pragmas were written in: the main file's presumed name (under
/// -save-temps the main file is the .i).
std::string originalFile(const SourceManager &SM, const PragmaLog &Log) {
  PresumedLoc First = SM.getPresumedLoc(SM.getExpansionLoc(Log.front().HashLoc));
  std::string Original = First.isValid() ? First.getFilename() : "input.c";
  for (const PragmaRecord &R : Log) {
    SourceLocation L = SM.getExpansionLoc(R.HashLoc);
    if (SM.isInMainFile(L)) {
      PresumedLoc PL = SM.getPresumedLoc(L);
      if (PL.isValid())
        Original = PL.getFilename();
      break;
    }
  }
  return Original;
}

/// Returns the loop that loop pragma `R` annotates, or null after reporting why there is none
/// that can be rewritten (no loop, another file, a loop from a macro, inside a loop offloaded
/// already: `Offloaded`).
const ForStmt *loopOfPragma(ASTContext &Ctx, const PragmaRecord &R, const PragmaLog &Log,
                            LoopIndex &Index, const std::vector<SourceRange> &Offloaded,
                            Diagnostics &D) {
  SourceManager &SM = Ctx.getSourceManager();
  // The end of the pragma's expansion: the newline of `#pragma`, the `)` of `_Pragma(...)`,
  // or the macro that produced `_Pragma`.
  SourceLocation PragmaEnd =
      R.EodLoc.isMacroID() ? SM.getExpansionRange(R.EodLoc).getEnd() : R.EodLoc;
  std::optional<Token> Next = tokenAfterPragma(PragmaEnd, Log, SM, Ctx.getLangOpts());
  const ForStmt *FS = Next ? Index.find(Next->getLocation()) : nullptr;
  if (!FS && R.HashLoc.isMacroID()) {
    // `M(for (...) ...)` with `_Pragma` in M: the loop is inside the same expansion.
    const ForStmt *InMacro = Index.find(SM.getExpansionLoc(R.HashLoc));
    if (InMacro && InMacro->getForLoc().isMacroID())
      FS = InMacro;
  }
  if (!FS) {
    D.diag(Diag::pragma_without_loop, R.HashLoc);
    return nullptr;
  }
  if (!SM.isInMainFile(SM.getExpansionLoc(R.HashLoc))) {
    D.diag(Diag::pragma_outside_main_file, R.HashLoc);
    return nullptr;
  }
  // Rewritable when the loop's text is one range of the file; its body may still use
  // macros, also as its last token (`a[i] = SQR(b[i]);`).
  CharSourceRange Text = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(FS->getSourceRange()), SM, Ctx.getLangOpts());
  if (Text.isInvalid() || FS->getForLoc().isMacroID()) {
    D.diag(Diag::loop_from_macro, SM.getExpansionLoc(FS->getForLoc()));
    return nullptr;
  }
  SourceLocation ForLoc = FS->getForLoc();
  for (const SourceRange &O : Offloaded)
    if (!SM.isBeforeInTranslationUnit(ForLoc, O.getBegin()) &&
        !SM.isBeforeInTranslationUnit(O.getEnd(), ForLoc)) {
      D.diag(Diag::nested_pragma, ForLoc) << SM.getPresumedLineNumber(O.getBegin());
      return nullptr;
    }
  return FS;
}

/// Names the generated functions and the descriptor of `Plan`, the loop at `ForLoc`, after the
/// file (`Ident`, `Hash`) and the line; a second loop on a line of `Plans` gets a suffix.
void nameLoop(const SourceManager &SM, SourceLocation ForLoc, const std::string &Ident,
              const std::string &Hash, const std::vector<LoopPlan> &Plans, LoopPlan &Plan) {
  PresumedLoc PL = SM.getPresumedLoc(ForLoc);
  Plan.Line = PL.getLine();
  Plan.File = PL.getFilename();
  Plan.Site = llvm::sys::path::filename(Plan.File).str() + ":" + std::to_string(Plan.Line);
  Plan.Name = Ident + "_" + std::to_string(Plan.Line);
  unsigned Same = 0;
  for (const LoopPlan &Other : Plans)
    Same += Other.Line == Plan.Line;
  if (Same)
    Plan.Name += "_" + std::to_string(Same + 1);
  Plan.Symbol = "gpupar_loop_" + Plan.Name + "_" + Hash;
}

/// With -fplugin-arg-gpupar-remarks: what offloaded loop `Plan` moves, and the analysis's
/// remarks.
void remarkOffloaded(const ASTContext &Ctx, Diagnostics &D, const LoopPlan &Plan,
                     SourceLocation ForLoc) {
  std::string What;
  for (const PlanArray &A : Plan.Arrays)
    What += (What.empty() ? "" : ", ") + A.Var->getNameAsString() +
            (A.Scatter           ? " (out, scatter)"
             : A.Read && A.Write ? " (inout)"
             : A.Write           ? " (out)"
                                 : " (in)");
  for (const PlanReduction &R : Plan.Reductions)
    What += (What.empty() ? "" : ", ") + R.Var->getNameAsString() +
            (R.Kind == PlanReduction::Private ? " (private)"
             : R.Kind == PlanReduction::Last  ? " (private, last value)"
                                              : " (reduction)");
  for (const VarDecl *VD : Plan.ThreadPrivates)
    What += (What.empty() ? "" : ", ") + VD->getNameAsString() + " (private)";
  D.diag(Diag::loop_offloaded, ForLoc) << (What.empty() ? std::string("no arrays") : What);
  if (!Plan.Assumptions.empty()) {
    std::string Facts;
    for (const std::string &A : Plan.Assumptions)
      Facts += (Facts.empty() ? "" : " and ") + factText(A);
    D.diag(Diag::loop_assumes, ForLoc) << Facts;
  }
  if (!Plan.HeapExtents.empty()) {
    std::string Read, Updated, Map;
    for (const LoopPlan::HeapExtent &H : Plan.HeapExtents) {
      const PlanArray *A = H.Array >= 0 ? &Plan.Arrays[(size_t)H.Array] : nullptr;
      std::string &Names = A ? Read : Updated;
      Names += (Names.empty() ? "'" : ", '") + H.Var->getNameAsString() + "'";
      if (Map.empty() && !(A && A->Member)) // a clause cannot name a struct member
        Map = A ? "; 'map(to: " + H.Var->getNameAsString() + "[lo:len])' names the elements instead"
                : "; 'reduction(op: " + H.Var->getNameAsString() +
                      "[lo:len])' names the elements instead";
    }
    std::string What;
    if (!Read.empty())
      What = "read at indices known only at run time: " + Read;
    if (!Updated.empty())
      What += (What.empty() ? "" : "; ") +
              std::string("updated at indices known only at run time: ") + Updated;
    D.diag(Diag::loop_heap_extent, ForLoc) << What << Map;
  }
  for (const Problem &R : Plan.Remarks)
    D.report(R);
  if (const std::optional<PlanTile> &T = Plan.Tile)
    D.diag(Diag::loop_tiled, T->K.For->getForLoc())
        << sourceText(Ctx, T->X) << sourceText(Ctx, T->Y) << T->K.Var->getNameAsString();
}

} // namespace

void GpuparConsumer::HandleTranslationUnit(ASTContext &Ctx) {
  if (Log->empty())
    return;
  SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  Diagnostics D(Ctx.getDiagnostics(), Opts.WarningsAsErrors, Opts.Silenced);
  if (D.hasErrors())
    return; // the AST may be incomplete; the user fixes the errors first

  if (LO.CPlusPlus || LO.ObjC || LO.CUDA || LO.OpenCL) {
    for (const PragmaRecord &R : *Log)
      D.diag(Diag::c_only, R.HashLoc);
    return;
  }

  LoopIndex Index(SM);
  Index.TraverseDecl(Ctx.getTranslationUnitDecl());

  std::string Original = originalFile(SM, *Log);
  std::string Stem = llvm::sys::path::stem(Original).str();
  std::string Ident = identifierSafe(Stem);
  llvm::SmallString<256> Absolute(Original);
  llvm::sys::fs::make_absolute(Absolute);
  char Hash[16];
  snprintf(Hash, sizeof Hash, "%08x", (unsigned)fnv1a(Absolute));

  std::vector<const PragmaRecord *> MainPragmas;
  std::vector<LoopPlan> Plans;
  OmpTeams Teams(Ctx, *Log);
  std::vector<SourceRange> Offloaded; // file ranges of the loops offloaded so far
  std::vector<HostInsertion> Regions; // text opening and closing data regions
  for (const PragmaRecord &R : *Log) {
    if (SM.isInMainFile(SM.getExpansionLoc(R.HashLoc)))
      MainPragmas.push_back(&R);
    std::vector<Problem> Problems;
    if (isDataDirective(R)) {
      planDataRegion(Ctx, R, Opts.Remarks, Regions, Problems);
      for (const Problem &P : Problems)
        D.report(P);
      continue;
    }
    Directive Dir;
    if (!parseDirective(R, Dir, Problems)) {
      for (const Problem &P : Problems)
        D.report(P);
      continue;
    }
    const ForStmt *FS = loopOfPragma(Ctx, R, *Log, Index, Offloaded, D);
    if (!FS)
      continue;
    Dir.OmpThreadPrivates = Teams.threadPrivates();
    LoopForm F;
    BodyInfo Info;
    Problem P;
    if (!analyzeLoop(Ctx, FS, Dir, F, Info, P)) {
      // Every reason a loop is not offloaded says so: some are worded for the construct alone.
      if (P.Level == Severity::Warning && P.message().find("serial") == std::string::npos)
        P.Tail = "; the loop stays serial";
      D.report(P);
      if (P.Level == Severity::Warning && Teams.reachedByTeam(FS))
        for (HostInsertion &I : singleThreadLoop(Ctx, FS))
          Regions.push_back(std::move(I));
      continue;
    }
    for (const Problem &W : Info.Warnings)
      D.report(W);
    LoopPlan Plan = planLoop(Ctx, Dir, F, Info);
    SourceLocation ForLoc = FS->getForLoc();
    nameLoop(SM, ForLoc, Ident, Hash, Plans, Plan);
    Plan.MovedPragmas = loopPragmasOf(R, SM.getExpansionLoc(ForLoc), *Log, SM);
    Plan.InParallelRegion = Teams.reachedByTeam(FS);
    if (Opts.Remarks)
      remarkOffloaded(Ctx, D, Plan, ForLoc);
    Offloaded.push_back(SourceRange(FS->getBeginLoc(), FS->getEndLoc()));
    Plans.push_back(std::move(Plan));
  }

  if (D.hasErrors() || MainPragmas.empty())
    return;
  GeneratedCode Code;
  Code.Original = Original;
  Code.Stem = Stem;
  Code.Host = rewriteHost(Ctx, MainPragmas, Plans, Regions, Original);
  Code.Cuda = emitCuda(Ctx, Plans, llvm::sys::path::filename(Original).str());
  writeOutputs(Code, D);
}

void GpuparConsumer::writeOutputs(GeneratedCode &Code, Diagnostics &D) {
  // Side files: always without code output (-fsyntax-only), for -S/-emit-llvm (the kernel file
  // must be compiled separately), and with -c only when `outdir` asks for them.
  bool Compiles = producesCode(CI);
  if (!Compiles || !producesObject(CI) || !Opts.OutDir.empty()) {
    llvm::SmallString<256> Dir(Opts.OutDir);
    if (Dir.empty())
      Dir = llvm::sys::path::parent_path(Code.Original);
    else if (std::error_code EC = llvm::sys::fs::create_directories(Dir)) {
      D.diag(Diag::cannot_create_directory, SourceLocation()) << Dir << EC.message();
      return;
    }
    llvm::SmallString<256> HostPath(Dir), CudaPath(Dir);
    llvm::sys::path::append(HostPath, Code.Stem + ".gpupar.c");
    llvm::sys::path::append(CudaPath, Code.Stem + ".gpupar.cu");
    if (!writeFile(std::string(HostPath), Code.Host, D) ||
        !writeFile(std::string(CudaPath), Code.Cuda, D))
      return;
    Code.CudaSide = std::string(CudaPath);
  }
  if (Compiles)
    buildOutput(CI, Code, D);
}

} // namespace gpupar
