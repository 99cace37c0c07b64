//===- GpuparPlugin.cpp - the gpupar Clang plugin --------------------------===//
//
// Registers the plugin action, parses `-fplugin-arg-gpupar-*` and installs the `#pragma gpupar`
// handler for each file. The pipeline itself lives in Consumer.cpp.
//
//   -fplugin-arg-gpupar-outdir=DIR  write <stem>.gpupar.c/.cu into DIR (default: beside input)
//   -fplugin-arg-gpupar-remarks     report each offloaded loop
//   -fplugin-arg-gpupar-werror      gpupar warnings become errors
//
//===----------------------------------------------------------------------===//
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
    CI.getPreprocessor().addPPCallbacks(std::make_unique<SkippedRangeRecorder>(Log));
    return std::make_unique<GpuparConsumer>(Opts, Log);
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

  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  Options Opts;
};

} // namespace
} // namespace gpupar

static FrontendPluginRegistry::Add<gpupar::GpuparAction>
    X("gpupar", "offload '#pragma gpupar' loops to GPUs");
