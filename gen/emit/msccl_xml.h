// A checked Schedule (algorithm/collective.h) as an MSCCL algorithm XML file,
// the file the MSCCL executors (Azure/msccl-executor-nccl, RCCL, the older
// microsoft/msccl) load as a custom collective. Checked by
// checker/msccl_format.h and run by checker/msccl_executor.h; nothing here is
// shared with them.
//
// Collectives (the `coll` attribute, as the executors' parsers spell it;
// runtimeCollective() in algorithm/collective.h): multinode-broadcast ->
// allgather, total-exchange -> alltoall, broadcast -> broadcast, scatter ->
// scatter.
//
// Chunk layout. N GPUs, M messages per (origin, destination) pair; a chunk is
// one message, the packet (origin, dest, msg) of the schedule. The executor
// cuts a call's buffer into nchunksperloop equal chunks (msccl_kernel.cu:
// sizePerMscclChunk = count * sizeMultiplier / nChunksPerLoop), so:
//   allgather  nchunksperloop N M; i[m] = own message m; o[o M + m] = origin o's m
//   alltoall   nchunksperloop N M; i[d M + m] = own message m for d;
//              o[o M + m] = origin o's message m for this GPU
//   broadcast  nchunksperloop M;   i[m] on the root; o[m] everywhere
//   scatter    nchunksperloop M;   i[d M + m] on the root (its input is N
//              times the per-GPU count: sizeMultiplier 1); o[m] on GPU d
// These are MSCCLang's layouts (msccl/language/collectives.py, Azure/msccl-tools)
// and what msccl-tools' ncclize derives from our SCCL JSON (emit/sccl_json.h).
// A packet a GPU relays but does not keep lands in its scratch buffer s, one
// slot per relayed packet in arrival order (never reused, so no step waits for
// a slot to be freed). The files are out-of-place (inplace="0"
// outofplace="1"); each GPU copies its own chunks from i into o (cpy steps).
//
// Threadblocks. Every transfer (t, u -> v, packet) is a send on u in the
// threadblock with send=v and a receive on v in the one with recv=u, on channel
// c = (its rank among the u -> v transfers, by step) mod nchannels, so each
// (peer, channel, direction) has exactly one threadblock and a connection's
// sends and receives come in the same (step) order. A send of a packet the GPU
// received waits on that receive through depid/deps; the receive carries
// hasdep="1". Each step has at most one dependency, so no nop steps are needed.
// Every wait goes to an earlier schedule step (a dependency) or to the matching
// send of the same step (a receive), so no cycle of waits exists. Threadblock
// ids: the receiving ones first (the only ones named by depid, which the
// executor keeps in an int8_t), then the sending ones, then one for the copies.
// nchannels is the fewest that keeps every threadblock within the executor's
// steps per threadblock (MSCCL_MAX_NUM_STEPS, 64 in msccl-executor-nccl's
// makefiles/common.mk).
#pragma once

#include <cstdint>
#include <string>

#include "algorithm/collective.h"

namespace hypercast {

struct MscclXmlOptions {
  std::string name = "hypercast";  // <algo name="...">: letters, digits, '_', '-', '.', ','
  uint32_t max_steps_per_tb = 64;  // the executor's MSCCL_MAX_NUM_STEPS
  // maxBytes: written explicitly. A missing one fails the executor's load
  // (Azure/msccl #26); 0 means "no limit" to msccl-executor-nccl but "never" to
  // microsoft/msccl (nbytes < maxBytes); microsoft/msccl defaults it to 128 MB
  // (microsoft/msccl #54).
  int64_t max_bytes = int64_t{1} << 40;
};

struct MscclXml {
  std::string text;
  uint32_t chunks_per_loop = 0;
  uint32_t channels = 0;
  uint64_t threadblocks = 0;  // all GPUs
  uint32_t max_threadblocks_per_gpu = 0;
  uint64_t steps = 0;  // <step> elements, all GPUs
  uint32_t max_steps_per_tb = 0;
  uint32_t max_scratch_chunks = 0;
};

// Throws Error when the algorithm exceeds what the executor takes (channels,
// threadblocks, steps per threadblock, the parser's 4096 elements per GPU and
// 1024 children per element, 16-bit offsets); the message names the limit.
MscclXml emitMscclXml(const Schedule& s, const MscclXmlOptions& o = {});

}  // namespace hypercast
