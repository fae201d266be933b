// An executor of MSCCL algorithm files, hypercast's own, standing in for a GPU
// run (none is made here). It takes the file as checker/msccl_format.h read it
// and runs it as the MSCCL kernel would (Azure/msccl-executor-nccl,
// src/device/msccl_kernel.cu; the parser's folding of nop steps from
// src/misc/msccl/msccl_parser.cc):
//  - each threadblock runs its steps in order; a step with dependencies waits
//    until each named threadblock's flag reaches the named step; a step with
//    hasdep="1" raises its threadblock's flag to its own step number when done
//    (the kernel's counter, which nop steps advance);
//  - one FIFO per (sender, receiver, channel): a send appends the cnt chunks it
//    reads, a receive takes the oldest entry, which must hold as many chunks;
//    rcs receives, writes and sends on; cpy copies locally;
//  - the order leans against a missing dependency: every step that only
//    sends or copies runs as soon as it may, receives one per threadblock per
//    round; a send or copy of a buffer cell nothing has written yet is an error
//    (on a GPU it would send garbage), so is overwriting a cell of i or o. It
//    is one legal interleaving, not every one: the format checker covers all
//    of them, for deadlocks (its cycle check, with FIFOs that never fill) and
//    for races (every read of o or s ordered after its write);
//  - until every threadblock has finished, or nothing can move (a deadlock,
//    reported with what each stuck threadblock waits for);
//  - then nothing may be left in a FIFO, and every GPU's output buffer must hold
//    what the collective promises, written here from its definition:
//      allgather  o[j M + m] on every GPU = GPU j's message m
//      alltoall   o[j M + m] on GPU i = GPU j's message m for GPU i
//      broadcast  o[m] on every GPU = the root's message m
//      scatter    o[m] on GPU i = the root's message m for GPU i
//    (M messages per pair; the chunk layout of emit/msccl_xml.h, which is
//    MSCCLang's). Inputs hold each GPU's own messages the same way: allgather
//    i[m], alltoall i[d M + m], broadcast and scatter the root's i[m] and
//    i[d M + m]. A chunk's value names its (origin, destination, message).
// Reductions (rrs, rrc, rrcs, re) are not executed: no exported collective
// has one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "checker/msccl_format.h"

namespace hypercast {
namespace checker {

struct MscclRunOptions {
  uint64_t fifo_capacity = 0;  // entries per FIFO, 0 for unbounded
};

struct MscclRunReport {
  bool ok = false;
  bool deadlock = false;
  std::vector<std::string> errors;  // the first 50
  uint64_t error_count = 0;
  uint64_t steps_run = 0;     // transmissions executed (nops folded away)
  uint64_t chunks_moved = 0;  // chunks received from a peer
  uint64_t rounds = 0;
};

// `problem` says which collective the file must implement (collective, nodes,
// messages, root); the file's coll, ngpus and nchunksperloop must agree.
MscclRunReport runMscclAlgo(const MscclAlgo& algo, const CollectiveProblem& problem,
                            const MscclRunOptions& options = {});

}  // namespace checker
}  // namespace hypercast
