# lit configuration for the gpupar plugin tests (loaded from the configured lit.site.cfg.py).
import os

import lit.formats

config.name = "gpupar"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.gpupar_obj_root

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])

include = "-I" + config.gpupar_include_dir
config.substitutions.append(("%gpupar_include", include))
config.substitutions.append(("%gpupar_cc", "%s -fplugin=%s" % (config.clang, config.gpupar_plugin)))
config.substitutions.append(("%clang19", config.clang))
config.substitutions.append(
    ("%filecheck",
     '%s --implicit-check-not "error:" --implicit-check-not "warning:"' % config.filecheck))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%cxx", config.cxx))
config.substitutions.append(("%gcc", config.gcc or "gcc"))
config.substitutions.append(
    ("%unline_prologue", "awk -f " + os.path.join(config.test_source_root, "unline-prologue.awk")))

# The ptxas gate is strict in CI: a kernel the plugin's -c path compiles must not spill.
config.environment["GPUPAR_PTXAS_STRICT"] = "1"

if config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", config.nvcc))
