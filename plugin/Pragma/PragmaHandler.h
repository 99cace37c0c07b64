//===- PragmaHandler.h - records `#pragma gpupar` --------------------------===//
//
// The handler only records: where the pragma starts, its clause tokens up to `eod`, and where
// the pragma line ends. The AST pass (Consumer.cpp) attaches each record to the next loop.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_PRAGMAHANDLER_H
#define GPUPAR_PLUGIN_PRAGMAHANDLER_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Pragma.h"

#include <memory>
#include <string>
#include <vector>

namespace gpupar {

/// One clause token, with its spelling (kept so clauses can be parsed after preprocessing).
struct ClauseToken {
  clang::SourceLocation Loc;
  std::string Spelling;
  bool IsIdentifier = false;
};

/// One `#pragma gpupar` (or `_Pragma("gpupar")`) seen by the preprocessor.
struct PragmaRecord {
  clang::SourceLocation HashLoc; ///< `#` of `#pragma`, or the `_Pragma` keyword
  clang::SourceLocation EodLoc;  ///< the end of the pragma line
  bool IsHashPragma = true;      ///< `#pragma` (false: `_Pragma` or `__pragma`)
  /// For `_Pragma` produced by an object-like macro whose whole body is that `_Pragma`: the
  /// macro name's location (the host file comments it out).
  clang::SourceLocation PragmaMacroLoc;
  std::vector<ClauseToken> Clauses;
};

/// The pragmas of one file, in order, and the conditional blocks the preprocessor skipped (the
/// text between a pragma and its loop may hold `#else` branches: `#ifdef OPEN` / `#pragma
/// gpupar` / `#else` / ... / `#endif` / `for`).
struct PragmaLog : std::vector<PragmaRecord> {
  std::vector<clang::SourceRange> Skipped;    ///< from the `#if`/`#else` to after the `#endif`
  std::vector<clang::SourceLocation> Pragmas; ///< the `#` of every active `#pragma` line
};

/// Records the skipped conditional blocks and the active pragma lines into the log.
class SkippedRangeRecorder : public clang::PPCallbacks {
public:
  explicit SkippedRangeRecorder(std::shared_ptr<PragmaLog> Log) : Log(std::move(Log)) {}
  void SourceRangeSkipped(clang::SourceRange Range, clang::SourceLocation) override {
    Log->Skipped.push_back(Range);
  }
  void PragmaDirective(clang::SourceLocation Loc, clang::PragmaIntroducerKind Kind) override {
    if (Kind == clang::PIK_HashPragma)
      Log->Pragmas.push_back(Loc);
  }

private:
  std::shared_ptr<PragmaLog> Log;
};

class GpuparPragmaHandler : public clang::PragmaHandler {
public:
  explicit GpuparPragmaHandler(std::shared_ptr<PragmaLog> Log)
      : clang::PragmaHandler("gpupar"), Log(std::move(Log)) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &FirstToken) override;

private:
  std::shared_ptr<PragmaLog> Log;
};

} // namespace gpupar

#endif
