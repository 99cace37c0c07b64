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
//
//===----------------------------------------------------------------------===//
#include "Build/ObjectBuilder.h"
#include "Consumer.h"
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
    DiagnosticsEngine &D = CI.getDiagnostics();
    for (const std::string &Arg : Args) {
      StringRef A(Arg);
      if (A.consume_front("outdir=") && !A.empty()) {
        Opts.OutDir = A.str();
      } else if (Arg == "remarks") {
        Opts.Remarks = true;
      } else if (Arg == "werror") {
        Opts.WarningsAsErrors = true;
      } else {
        unsigned ID = D.getDiagnosticIDs()->getCustomDiagID(
            DiagnosticIDs::Error,
            "unknown gpupar plugin argument '%0' (expected 'outdir=DIR', 'remarks' or "
            "'werror')");
        D.Report(ID) << Arg;
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
