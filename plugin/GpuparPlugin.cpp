//===- GpuparPlugin.cpp - the gpupar Clang plugin --------------------------===//
//
// Registers the plugin action, parses `-fplugin-arg-gpupar-*` and installs the `#pragma gpupar`
// handler for each file. The pipeline itself lives in Consumer.cpp; with -c/-S/-emit-llvm it
// compiles what it generated into clang's output (Build/ObjectBuilder.cpp).
//
//   -fplugin-arg-gpupar-outdir=DIR  write <stem>.gpupar.c/.cu into DIR (default: beside input;
//                                   with -c only when given)
//   -fplugin-arg-gpupar-remarks     report each offloaded loop
//   -fplugin-arg-gpupar-werror      gpupar warnings become errors
//   -fplugin-arg-gpupar-no=ID       do not report warning or remark ID (docs/diagnostics.md)
//
//===----------------------------------------------------------------------===//
#include "Build/ObjectBuilder.h"
#include "Consumer.h"
#include "Diagnostics.h"
#include "Pragma/PragmaHandler.h"

#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"

#if CLANG_VERSION_MAJOR != 19
#error "gpupar.so must be built against Clang 19"
#endif

using namespace clang;

namespace gpupar {
namespace {

class GpuparAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    auto Log = std::make_shared<PragmaLog>();
    CI.getPreprocessor().AddPragmaHandler(new GpuparPragmaHandler(Log));
    if (insideNestedCompile())
      return std::make_unique<ASTConsumer>();
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkippedRangeRecorder>(Log));
    return std::make_unique<GpuparConsumer>(CI, Opts, Log);
  }

  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    Diagnostics D(CI.getDiagnostics(), /*WarningsAsErrors=*/false);
    for (const std::string &Arg : Args) {
      StringRef A(Arg);
      if (A.consume_front("outdir=") && !A.empty()) {
        Opts.OutDir = A.str();
      } else if (Arg == "remarks") {
        Opts.Remarks = true;
      } else if (Arg == "werror") {
        Opts.WarningsAsErrors = true;
      } else if (A.consume_front("no=")) {
        std::optional<Diag> Id = diagNamed(A);
        if (!Id) {
          D.diag(Diag::unknown_diagnostic_id, SourceLocation()) << A;
        } else if (severityOf(*Id) == Severity::Error || severityOf(*Id) == Severity::Note) {
          // An error stops a wrong program from being built; a note belongs to its warning.
          D.diag(Diag::cannot_silence_error, SourceLocation()) << A;
          return false;
        } else {
          Opts.Silenced.insert(*Id);
        }
      } else {
        D.diag(Diag::unknown_plugin_argument, SourceLocation()) << Arg;
        return false;
      }
    }
    return true;
  }

  // After the main action: with -c clang has then written the object of the unchanged source,
  // which Build/ObjectBuilder.cpp replaces (a plugin cannot tell -c from -fsyntax-only early
  // enough to replace the main action itself).
  ActionType getActionType() override { return AddAfterMainAction; }

private:
  Options Opts;
};

} // namespace
} // namespace gpupar

static FrontendPluginRegistry::Add<gpupar::GpuparAction>
    X("gpupar", "offload '#pragma gpupar' loops to GPUs");
