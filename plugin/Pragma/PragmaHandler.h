//===- PragmaHandler.h - records `#pragma gpupar` --------------------------===//
//
// The handler only records: where the pragma starts, its clause tokens up to `eod`, and where
// the pragma line ends. The AST pass (Consumer.cpp) attaches each record to the next loop.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_PRAGMAHANDLER_H
#define GPUPAR_PLUGIN_PRAGMAHANDLER_H

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

using PragmaLog = std::vector<PragmaRecord>;

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
