//===- OmpTeams.cpp - gpupar loops that every thread of an OpenMP team reaches --===//
#include "Pragma/OmpTeams.h"

#include "Analysis/LoopForm.h"
#include "Pragma/Attach.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace gpupar {
namespace {

/// Every direct call of the file, by callee, and the functions named other than as a callee.
struct CallIndex : RecursiveASTVisitor<CallIndex> {
  llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> &Calls;
  llvm::DenseMap<const FunctionDecl *, bool> &Used;
  llvm::DenseSet<const DeclRefExpr *> Callees;
  CallIndex(llvm::DenseMap<const FunctionDecl *, std::vector<const CallExpr *>> &Calls,
            llvm::DenseMap<const FunctionDecl *, bool> &Used)
      : Calls(Calls), Used(Used) {}
  bool VisitCallExpr(CallExpr *CE) {
    if (const FunctionDecl *F = CE->getDirectCallee()) {
      Calls[F->getCanonicalDecl()].push_back(CE);
      if (const auto *R = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreParenImpCasts()))
        Callees.insert(R);
    }
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (const auto *F = dyn_cast<FunctionDecl>(R->getDecl()); F && !Callees.count(R))
      Used[F->getCanonicalDecl()] = true;
    return true;
  }
};

} // namespace

void OmpTeams::addThreadPrivates(StringRef Directive) {
  size_t Open = Directive.find('('), Close = Directive.find(')', Open);
  if (Open == StringRef::npos || Close == StringRef::npos)
    return;
  SmallVector<StringRef, 8> Names;
  Directive.slice(Open + 1, Close).split(Names, ',');
  for (StringRef N : Names) {
    N = N.trim(" \t\\\r\n");
    if (!N.empty() && llvm::all_of(N, [](char C) { return isalnum((unsigned char)C) || C == '_'; }))
      ThreadPrivates.push_back(N.str());
  }
}

const std::vector<std::string> &OmpTeams::threadPrivates() {
  index();
  return ThreadPrivates;
}

void OmpTeams::indexPragmas() {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation P : Log.Pragmas) {
    std::pair<FileID, unsigned> At = SM.getDecomposedLoc(P);
    bool Invalid = false;
    StringRef Buf = SM.getBufferData(At.first, &Invalid);
    if (Invalid || At.second >= Buf.size())
      continue;
    size_t End = directiveEnd(Buf, At.second);
    StringRef Directive = Buf.slice(At.second, End);
    StringRef Construct = ompConstruct(Directive);
    if (Construct == "threadprivate") {
      addThreadPrivates(Directive);
      continue;
    }
    // Stand-alone directives belong to no statement.
    if (Construct.empty() || Construct == "barrier" || Construct == "flush" ||
        Construct == "taskwait" || Construct == "taskyield" || Construct == "declare" ||
        Construct == "requires" || Construct == "cancel" || Construct == "cancellation" ||
        Construct == "depobj" || Construct == "scan" || Construct == "allocate" ||
        Construct == "end")
      continue;
    // `parallel` alone: a region every thread runs; `parallel for`, `single`, `critical`, ...
    // share the statement out or give it to one thread.
    bool Region = ompRegionParallelEnd(Directive).has_value();
    std::optional<Token> T =
        tokenFrom(P.getLocWithOffset(End - At.second), Log, SM, Ctx.getLangOpts());
    if (!T || T->is(tok::hash))
      continue; // a gpupar pragma follows: the loop's own (moved with it), not a region
    auto &Nearest = Constructs[T->getLocation()];
    if (At.second >= Nearest.first)
      Nearest = {At.second, Region};
  }
}

void OmpTeams::index() {
  if (Indexed)
    return;
  Indexed = true;
  indexPragmas();
  CallIndex I(Calls, Used);
  // A call is visited before the reference to its callee under it, so that reference is known
  // as a call's when it is visited.
  I.TraverseDecl(Ctx.getTranslationUnitDecl());
}

OmpTeams::Context OmpTeams::contextOf(const Stmt *S, unsigned Depth) {
  const SourceManager &SM = Ctx.getSourceManager();
  index();
  for (const Stmt *P = S; P; P = parentStatement(Ctx, P)) {
    auto It = Constructs.find(SM.getExpansionLoc(P->getBeginLoc()));
    if (It != Constructs.end())
      return It->second.second ? Context::Team : Context::Shared;
  }
  const FunctionDecl *F = enclosingFunction(Ctx, S);
  return F ? functionContext(F, Depth) : Context::Shared;
}

OmpTeams::Context OmpTeams::functionContext(const FunctionDecl *F, unsigned Depth) {
  F = F->getCanonicalDecl();
  if (F->isMain())
    return Context::Serial;
  if (F->getFormalLinkage() != Linkage::Internal || Depth > 16)
    return Context::Shared;
  auto It = Known.find(F);
  if (It != Known.end())
    return It->second;
  Known[F] = Context::Serial; // a recursive call adds nothing to the other calls
  Context C = Context::Serial;
  if (Used.lookup(F))
    C = Context::Shared; // called through a pointer, from anywhere
  for (const CallExpr *CE : Calls.lookup(F)) {
    if (C == Context::Shared)
      break;
    Context At = contextOf(CE, Depth + 1);
    if (At == Context::Shared || At == Context::Team)
      C = At;
  }
  Known[F] = C;
  return C;
}

bool OmpTeams::reachedByTeam(const ForStmt *FS) {
  const Stmt *Above = parentStatement(Ctx, FS);
  return Above && contextOf(Above, 0) == Context::Team;
}

} // namespace gpupar
