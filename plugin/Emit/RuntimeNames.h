//===- RuntimeNames.h - the runtime's names the generated code spells -------===//
//
// The contract between the emitters and libgpupar: every runtime function, type, macro and
// enumerator the generated files name (the host file: gpupar/gpupar.h, gpupar/loop.h; the .cu:
// gpupar/kernel.h), and the spellings of the plan's enums. unit.plugin.runtime_names checks each
// name against the headers.
//
//===----------------------------------------------------------------------===//
#ifndef GPUPAR_PLUGIN_RUNTIMENAMES_H
#define GPUPAR_PLUGIN_RUNTIMENAMES_H

#include "Analysis/LoopForm.h"
#include "Pragma/Directive.h"

#include "gpupar/loop.h"

#include <string>

namespace gpupar::rt {

// Host API, called by the prologue the host file gets before each loop.
inline constexpr const char *Header = "gpupar/gpupar.h";
inline constexpr const char *Loop = "gpupar_loop";
inline constexpr const char *Call = "gpupar_call";
inline constexpr const char *Run = "gpupar_run";
inline constexpr const char *HostDone = "gpupar_host_done";
inline constexpr const char *HostOnly = "gpupar_host_only";
inline constexpr const char *Span = "gpupar_span";
inline constexpr const char *SpanInit = "gpupar_span_init";
inline constexpr const char *SpanAddRange = "gpupar_span_add_range";
inline constexpr const char *SpanCols = "gpupar_span_cols";
inline constexpr const char *SpanColCoef = "gpupar_span_col_coef";
inline constexpr const char *SpanAddCols = "gpupar_span_add_cols";
inline constexpr const char *SpanGuardLo = "gpupar_span_guard_lo";
inline constexpr const char *SpanGuardHi = "gpupar_span_guard_hi";
inline constexpr const char *TripCount = "gpupar_trip_count";
inline constexpr const char *MaxLL = "gpupar_max_ll";
inline constexpr const char *MinLL = "gpupar_min_ll";
inline constexpr const char *RowsLayout = "gpupar_rows_layout";
inline constexpr const char *HeapExtent = "gpupar_heap_extent";
inline constexpr const char *VersionCode = "GPUPAR_VERSION_CODE";

/// All of the above, for the contract test.
inline constexpr const char *HostNames[] = {
    Loop,     Call,        Run,         HostDone,    Span,        SpanInit,  SpanAddRange,
    SpanCols, SpanColCoef, SpanAddCols, SpanGuardLo, SpanGuardHi, TripCount, MaxLL,
    MinLL,    RowsLayout,  HeapExtent,  HostOnly,    VersionCode};

// kernel.h, included by the generated .cu: the launch record, descriptor tables, loop and launch
// macros, per-thread reduction helpers, pointer-to-pointer views.
inline constexpr const char *KernelHeader = "gpupar/kernel.h";
inline constexpr const char *Kernels = "GPUPAR_KERNELS";
inline constexpr const char *CudaFn = "GPUPAR_CUDA_FN";
inline constexpr const char *LaunchKernel = "GPUPAR_LAUNCH";
inline constexpr const char *DynamicShared = "GPUPAR_DYNAMIC_SHARED";
inline constexpr const char *Index = "GPUPAR_INDEX";
inline constexpr const char *ForThreads = "GPUPAR_FOR_THREADS";
inline constexpr const char *NestBegin = "gpupar_nest_begin";
inline constexpr const char *NestStep = "gpupar_nest_step";
inline constexpr const char *Launch = "gpupar_launch";
inline constexpr const char *ArrayDesc = "gpupar_array_desc";
inline constexpr const char *TermDesc = "gpupar_term_desc";
inline constexpr const char *ReductionDesc = "gpupar_reduction_desc";
inline constexpr const char *RowsDesc = "gpupar_rows_desc";
inline constexpr const char *Rows = "gpupar_rows";
inline constexpr const char *Cols = "gpupar_cols";
inline constexpr const char *Vla = "gpupar_vla";
inline constexpr const char *StorePartial = "gpupar_store_partial";
inline constexpr const char *BlockReduce = "gpupar_block_reduce";
inline constexpr const char *RedFill = "gpupar_red_fill";
inline constexpr const char *RedFillAsync = "gpupar_red_fill_async";
inline constexpr const char *RedSharedBytes = "gpupar_red_shared_bytes";
inline constexpr const char *RedSharedMax = "GPUPAR_RED_SHARED_MAX";
inline constexpr const char *RedPrivateBegin = "gpupar_red_private_begin";
inline constexpr const char *RedPrivateEnd = "gpupar_red_private_end";
inline constexpr const char *RedUpdate = "gpupar_red_update";
inline constexpr const char *RedUpdateIn = "gpupar_red_update_in";
inline constexpr const char *RedCheck = "gpupar_red_check";
inline constexpr const char *TileGeometry = "gpupar_tile_geometry";
inline constexpr const char *TiledLaunch = "gpupar_tiled_launch";

/// The names above that the .cu uses, for the contract test (each declared in kernel.h or the
/// headers it includes).
inline constexpr const char *KernelNames[] = {
    Kernels,   CudaFn,       LaunchKernel,   DynamicShared, Index,           ForThreads,
    NestBegin, NestStep,     Launch,         ArrayDesc,     TermDesc,        ReductionDesc,
    RowsDesc,  Rows,         Cols,           Vla,           StorePartial,    BlockReduce,
    RedFill,   RedFillAsync, RedSharedBytes, RedSharedMax,  RedPrivateBegin, RedPrivateEnd,
    RedUpdate, RedUpdateIn,  RedCheck,       TileGeometry,  TiledLaunch};

/// Returns the enumerator of `C` in gpupar_cond: "GPUPAR_LT", ...
const char *condName(Cond C);
/// Returns the enumerator of `Op` in gpupar_red_op ("GPUPAR_RED_ADD") and kernel.h's operator
/// template ("gpupar_red_add").
const char *reductionOpEnum(ReductionOp Op);
const char *reductionOpTemplate(ReductionOp Op);
/// The enumerator of gpupar_red_op for a last value.
inline constexpr const char *RedLast = "GPUPAR_RED_LAST";
/// Returns the enumerator of `K` in gpupar_type_kind: "GPUPAR_TYPE_FLOAT", ...
const char *typeKindName(gpupar_type_kind K);
/// Returns the GPUPAR_READ / GPUPAR_WRITE / GPUPAR_SCATTER / GPUPAR_DISJOINT bits, or-ed.
std::string accessBits(bool Read, bool Write, bool Scatter, bool Disjoint);

} // namespace gpupar::rt

#endif
