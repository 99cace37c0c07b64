//===- Diagnostics.h - gpupar diagnostics ----------------------------------===//
//
// Every diagnostic the plugin emits is one row of Diagnostics.def: its id, level and message
// (clang's %0 %1 placeholders). Call sites name the id, so a message is written once, the
// documentation is generated from the same table (tools/gen_diag_doc.py) and users silence a
// warning or remark by id (`-fplugin-arg-gpupar-no=<id>`). Messages start lowercase and have no
// final period. With the plugin argument `werror`, gpupar warnings become errors (custom
// diagnostics cannot join -W groups in Clang 19, so -Werror does not reach them).
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_DIAGNOSTICS_H
#define GPUPAR_PLUGIN_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace gpupar {

enum class Severity { Remark, Note, Warning, Error };

/// One value per row of Diagnostics.def.
enum class Diag : unsigned {
#define GPUPAR_DIAG(Id, Level, Format) Id,
#include "Diagnostics.def"
#undef GPUPAR_DIAG
};

/// Returns the level `Id` has in the table.
Severity severityOf(Diag Id);
/// Returns the message format of `Id` (%0, %1 ... stand for the arguments).
llvm::StringRef formatOf(Diag Id);
/// Returns the id users write: the table's name with '-' for '_' ("loop-bound-modified").
std::string nameOf(Diag Id);
/// Returns the diagnostic whose user-facing id is `Name`, if any.
std::optional<Diag> diagNamed(llvm::StringRef Name);
/// Returns the message of `Id` with %N replaced by `Args[N]` (and %% by %).
std::string formatMessage(Diag Id, const std::vector<std::string> &Args);

/// A message without its place: which diagnostic, and the arguments of its message.
struct Reason {
  Reason(Diag Id, std::vector<std::string> Args = {}) : Id(Id), Args(std::move(Args)) {}
  Diag Id;
  std::vector<std::string> Args;
};

/// A problem found by the analysis: where, what, and the notes that explain it.
struct Problem {
  Severity Level = Severity::Warning;
  Diag Id{};
  clang::SourceRange Range;
  std::vector<std::string> Args; ///< fill %0, %1 ... of the message of `Id`
  /// Where the problem was found when that is not the loop itself ("in function 'f': "); it
  /// precedes the message.
  std::string Context;
  struct NoteAt {
    NoteAt(clang::SourceRange Range, Diag Id, std::vector<std::string> Args = {})
        : Range(Range), Id(Id), Args(std::move(Args)) {}
    clang::SourceRange Range;
    Diag Id;
    std::vector<std::string> Args;
  };
  std::vector<NoteAt> Notes;
  /// A proven dependence between two different iterations: no dependence at all when the loop
  /// runs at most one iteration (Analysis.cpp).
  bool BetweenIterations = false;

  /// Said after the message: "; the loop stays serial" where the message does not say so itself.
  std::string Tail;

  /// Returns the message as the user reads it (without the id).
  std::string message() const { return Context + formatMessage(Id, Args) + Tail; }
};

/// Returns a problem `Id` at `Range` with the level of the table and the arguments `Args`.
Problem makeProblem(Diag Id, clang::SourceRange Range, std::vector<std::string> Args = {});

class Diagnostics {
public:
  /// `Silenced`: warnings and remarks not to report (-fplugin-arg-gpupar-no=<id>).
  Diagnostics(clang::DiagnosticsEngine &Engine, bool WarningsAsErrors, std::set<Diag> Silenced = {})
      : Engine(Engine), WarningsAsErrors(WarningsAsErrors), Silenced(std::move(Silenced)) {}

  /// Starts diagnostic `Id` at `Loc`; the caller streams the arguments of its message.
  clang::DiagnosticBuilder diag(Diag Id, clang::SourceLocation Loc);
  /// Reports `P` and its notes.
  void report(const Problem &P);

  bool hasErrors() const { return Engine.hasErrorOccurred(); }

private:
  clang::DiagnosticBuilder start(Diag Id, clang::SourceLocation Loc, llvm::StringRef Format);

  clang::DiagnosticsEngine &Engine;
  bool WarningsAsErrors;
  std::set<Diag> Silenced;
};

} // namespace gpupar

#endif
