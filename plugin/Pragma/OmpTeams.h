//===- OmpTeams.h - gpupar loops that every thread of an OpenMP team reaches ----===//
//
// OpenMP programs keep `#pragma omp parallel` regions around loops that were `#pragma omp for`
// (NPB: a region in `main` around the time steps, `omp for` loops in the static functions it
// calls). With `omp for` swapped for `#pragma gpupar`, and the program built with -fopenmp, every
// thread of the team reaches the gpupar loop: it must run once for the team, as the `omp for`
// did, not once per thread. The analysis does not parse OpenMP (the plugin sees only
// `_OPENMP`), so the regions are read from the pragmas above the statements. The same reading
// collects the file's `threadprivate` variables (PrivateArrays.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_OMPTEAMS_H
#define GPUPAR_PLUGIN_OMPTEAMS_H

#include "Pragma/PragmaHandler.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace gpupar {

class OmpTeams {
public:
  OmpTeams(clang::ASTContext &Ctx, const PragmaLog &Log) : Ctx(Ctx), Log(Log) {}

  /// Whether loop `FS` runs in a `parallel` region, reached by every thread of its team:
  /// - a `#pragma omp parallel` stands above a statement around it in its function, with no
  ///   other OpenMP construct nearer (`single`, `master`, `critical`, a loop or `sections` of
  ///   the region leave it to one thread or share it out);
  /// - or, with no construct around it in its function, the function has internal linkage, is
  ///   never used but called, and every call of the file reaches it this way or from code no
  ///   region holds, at least one from a region (NPB's `compute_rhs`, called from `adi`, called in
  ///   the region of `main`). A function of external linkage may be called from another file
  ///   inside an `omp for`, where one thread per iteration must run it: left as it is.
  bool reachedByTeam(const clang::ForStmt *FS);

  /// The names listed by the file's `#pragma omp threadprivate(...)`: variables each thread
  /// keeps its own copy of, scratch for the loops that use them (NPB BT's `ue`, `buf`).
  const std::vector<std::string> &threadPrivates();

private:
  enum class Context { Serial, Team, Shared };
  clang::ASTContext &Ctx;
  const PragmaLog &Log;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const clang::CallExpr *>> Calls;
  llvm::DenseMap<const clang::FunctionDecl *, Context> Known;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Used; ///< named other than in a call
  /// The statement (its first token) that each OpenMP construct of the file applies to: true
  /// for a `parallel` region, false for any other (the nearest pragma above the statement).
  llvm::DenseMap<clang::SourceLocation, std::pair<unsigned, bool>> Constructs;
  std::vector<std::string> ThreadPrivates;
  bool Indexed = false;

  void index();
  void indexPragmas();
  /// Adds the names of `#pragma omp threadprivate(a, b)` (the directive's text, from its `#`).
  void addThreadPrivates(llvm::StringRef Directive);
  /// Where statement `S` runs: the construct nearest above it in its function, else its
  /// function's callers' (Depth bounds the walk up the calls).
  Context contextOf(const clang::Stmt *S, unsigned Depth);
  Context functionContext(const clang::FunctionDecl *F, unsigned Depth);
};

} // namespace gpupar

#endif
