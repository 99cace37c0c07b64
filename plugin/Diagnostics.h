//===- Diagnostics.h - gpupar diagnostics ----------------------------------===//
//
// One helper over DiagnosticsEngine::getCustomDiagID. Messages start lowercase and have no final
// period. With the plugin argument `werror`, gpupar warnings become errors (custom diagnostics
// cannot join -W groups in Clang 19, so -Werror does not reach them).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DIAGNOSTICS_H
#define GPUPAR_PLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace gpupar {

enum class Severity { Remark, Note, Warning, Error };

/// A problem found by the analysis: where, what, and the notes that explain it.
struct Problem {
  Severity Level = Severity::Warning;
  clang::SourceRange Range;
  std::string Message;
  struct NoteAt {
    clang::SourceRange Range;
    std::string Message;
  };
  std::vector<NoteAt> Notes;
  /// A proven dependence between two different iterations: no dependence at all when the loop
  /// runs at most one iteration (Analysis.cpp).
  bool BetweenIterations = false;
};

/// Returns a problem of `Level` at `Range` that says `Message` (no notes).
Problem makeProblem(Severity Level, clang::SourceRange Range, std::string Message);

class Diagnostics {
public:
  Diagnostics(clang::DiagnosticsEngine &Engine, bool WarningsAsErrors)
      : Engine(Engine), WarningsAsErrors(WarningsAsErrors) {}

  /// Starts diagnostic `Format` (%0, %1 ... are streamed by the caller) at `Loc`.
  clang::DiagnosticBuilder diag(Severity Level, clang::SourceLocation Loc, llvm::StringRef Format);
  /// Reports `P` and its notes.
  void report(const Problem &P);

  bool hasErrors() const { return Engine.hasErrorOccurred(); }

private:
  clang::DiagnosticsEngine &Engine;
  bool WarningsAsErrors;
};

} // namespace gpupar

#endif
