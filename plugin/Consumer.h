//===- Consumer.h - runs the gpupar pipeline over one translation unit ----===//
#ifndef GPUPAR_PLUGIN_CONSUMER_H
#define GPUPAR_PLUGIN_CONSUMER_H

#include "Diagnostics.h"
#include "Pragma/PragmaHandler.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <set>
#include <string>

namespace clang {
class CompilerInstance;
}

namespace gpupar {

struct GeneratedCode;

struct Options {
  std::string OutDir; ///< empty: beside the input (with -c: not written)
  bool Remarks = false;
  bool WarningsAsErrors = false;
  std::set<Diag> Silenced; ///< warnings and remarks not reported (`no=<id>`)
};

/// After parsing: attaches each recorded pragma to its loop, analyses the loops, and, when the
/// file holds at least one pragma, writes `<stem>.gpupar.c` and `<stem>.gpupar.cu` (-fsyntax-only,
/// or with -c when `outdir` is given) and compiles them into clang's output (-c, -S, -emit-llvm;
/// Build/ObjectBuilder.h).
class GpuparConsumer : public clang::ASTConsumer {
public:
  GpuparConsumer(clang::CompilerInstance &CI, Options Opts, std::shared_ptr<PragmaLog> Log)
      : CI(CI), Opts(std::move(Opts)), Log(std::move(Log)) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override;

private:
  /// Writes the side files (-fsyntax-only, -S, -emit-llvm, or `outdir`) and, when clang
  /// produces code, builds `Code` into its output.
  void writeOutputs(GeneratedCode &Code, Diagnostics &D);

  clang::CompilerInstance &CI;
  Options Opts;
  std::shared_ptr<PragmaLog> Log;
};

} // namespace gpupar

#endif
