// The MSCCL algorithm XML format, checked rule by rule as the runtimes read it.
// Written from their sources, not from hypercast's emitter (emit/msccl_xml.*),
// with which it shares no code:
//  [P] the executor's hand-written parser, src/misc/msccl/msccl_parser.cc and
//      src/include/msccl/msccl_parser.h of Azure/msccl-executor-nccl (the same
//      file in ROCm/rccl), and src/graph/topo.cc of the older microsoft/msccl;
//  [K] its kernel, src/device/msccl_kernel.cu, and src/include/msccl/msccl_struct.h;
//  [S] its algorithm selection, src/misc/msccl/msccl_lifecycle.cc;
//  [T] the generator's writer, ir_to_xml in msccl/language/ir.py (microsoft/ and
//      Azure/msccl-tools), and its checks in msccl/language/passes.py.
//
// Text rules [P] (the parser reads byte by byte; this checker takes exactly the
// subset that parser reads as intended):
//  - no XML declaration ("<?xml" is read as an element and fails at "?>"), no
//    comments, no text between elements;
//  - between elements only spaces and newlines ('\n', '\r'): a tab is an error;
//  - an element's attributes on its tag's line, each after one space, values
//    in double quotes (a value ends only at '"'), no entities; names and values
//    under 255 bytes (MAX_STR_LEN), at most 16 attributes (MAX_ATTR_COUNT);
//  - integers in plain decimal: the parser reads them with strtol(s, NULL, 0),
//    so "010" would be octal and "0x10" hex;
//  - <algo> holds <gpu>s, a <gpu> <tb>s, a <tb> <step/>s; nothing else.
// Content rules:
//  - <algo>: all ten attributes name proto nchannels nchunksperloop ngpus coll
//    inplace outofplace minBytes maxBytes ([P]: a missing one fails the load,
//    Azure/msccl #26; [T] omits the last three), proto Simple|LL|LL128, coll a
//    collective the executor knows, nchannels 1..32 (MAXCHANNELS), inplace
//    and outofplace 0|1 and not both 0 ([S] never selects it), 0 <= minBytes
//    <= maxBytes and maxBytes > 0 (0 is "no limit" to [S] but "never" to
//    microsoft/msccl, whose default is 128 MB: microsoft/msccl #54);
//  - <gpu>: ids 0..ngpus-1 once each; i_chunks, o_chunks, s_chunks >= 0 and, for
//    allgather, alltoall, broadcast and scatter, i/o_chunks 0 (unused) or the
//    sizes of the call's buffers in chunks of count * sizeMultiplier /
//    nchunksperloop elements ([K], [S]; microsoft/msccl's "Inconsistency
//    between i_chunks/o_chunks and nchunksperloop"). Scatter, which NCCL has
//    no call for, as the executor's in-place test reads count (per GPU):
//    input N nchunksperloop, output nchunksperloop;
//  - <tb>: ids 0..k-1 once each ("thread block %d is missing"), send and recv
//    -1 or another GPU, chan below nchannels; at most one threadblock per
//    (peer, channel, direction), since it alone drives that NCCL connection
//    ([T] tb_assignment.py); at most 32 per channel and direction
//    (MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL);
//  - <step>: all ten attributes s type srcbuf srcoff dstbuf dstoff cnt depid
//    deps hasdep; s = 0, 1, 2, .. in order and below MSCCL_MAX_NUM_STEPS (64 in
//    msccl-executor-nccl's makefiles/common.mk), since the kernel counts steps
//    to match deps; type s r rcs rrs rrc rrcs cpy re nop; buffers i o s; cnt
//    1..71 (MSCCL_MAX_COUNT); the local buffer a step reads or writes within
//    its size (offset .. offset + cnt); a send needs the threadblock's send
//    peer, a receive its recv peer;
//  - dependencies: depid -1 with deps -1, or a step of another threadblock on
//    the same GPU (depid at most 127: int8_t dependentBid [K]) that is not a
//    nop and carries hasdep="1" (only such a step raises the flag the waiter
//    polls [K]); hasdep 0|1; one dependency per step, extra ones as nop steps,
//    each with a dependency, hasdep="0", and followed by a real step in its
//    threadblock (the parser hands a nop's dependency to the next real step);
//  - connections: the k-th send of GPU u to v on channel c meets the k-th
//    receive of v from u on c (one FIFO per connection): both counts equal,
//    both cnt equal, and where a plain send meets a plain receive, the send's
//    dstbuf/dstoff and the receive's srcbuf/srcoff name the other side's
//    chunk as the receive and the send do ([T] writes the peer's location there);
//  - no cycle of waits: program order in a threadblock, dependencies, and each
//    receive after its send ([T] check_dependency_cycles and
//    check_threadblock_ordering);
//  - no race: every step that reads a cell of o or s is ordered after a step
//    of its GPU that writes it, and is not unordered with any that does, by
//    program order and dependencies (a dependency on step d of tb b waits for
//    b's steps 0..d [K]); a forwarded chunk thus waits on its receive through
//    depid/deps. Ordering through other GPUs is not counted;
//  - parser capacity per GPU: <algo>, every <gpu>, and that GPU's <tb>s and
//    <step>s at most 4096 (MAX_NODES), at most 1024 children of one element
//    (MAX_SUBS).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {
namespace checker {

enum class MscclStepType : uint8_t { kS, kR, kRcs, kRrs, kRrc, kRrcs, kCpy, kRe, kNop };

const char* toString(MscclStepType t);
bool sendsToPeer(MscclStepType t);       // s rcs rrs rrcs
bool receivesFromPeer(MscclStepType t);  // r rcs rrs rrc rrcs
bool readsLocal(MscclStepType t);        // s rrs rrc rrcs cpy re: srcbuf/srcoff
bool writesLocal(MscclStepType t);       // r rcs rrc rrcs cpy re: dstbuf/dstoff

struct MscclStep {
  int32_t s = 0;
  MscclStepType type = MscclStepType::kNop;
  char srcbuf = 'i', dstbuf = 'o';
  int32_t srcoff = -1, dstoff = -1, cnt = 0;
  int32_t depid = -1, deps = -1, hasdep = 0;
  uint32_t line = 0;
};

struct MscclTb {
  int32_t id = 0, send = -1, recv = -1, chan = 0;
  uint32_t line = 0;
  std::vector<MscclStep> steps;
};

struct MscclGpu {
  int32_t id = 0;
  int64_t i_chunks = 0, o_chunks = 0, s_chunks = 0;
  uint32_t line = 0;
  std::vector<MscclTb> tbs;
};

struct MscclAlgo {
  std::string name, proto, coll;
  int64_t nchannels = 0, nchunksperloop = 0, ngpus = 0, inplace = 0, outofplace = 0;
  int64_t min_bytes = 0, max_bytes = 0;
  std::vector<MscclGpu> gpus;
};

struct MscclLimits {
  int32_t max_steps_per_tb = 64;  // MSCCL_MAX_NUM_STEPS of the executor build
};

struct MscclFormatReport {
  bool ok = false;
  bool parsed = false;              // the text rules held: `algo` holds the file
  std::vector<std::string> errors;  // the first 50, each naming its line
  uint64_t error_count = 0;
  MscclAlgo algo;
};

MscclFormatReport checkMscclXml(const std::string& text, const MscclLimits& limits = {});

}  // namespace checker
}  // namespace hypercast
