#include "algorithm/collective.h"

#include "util/error.h"

namespace hypercast {

const char* toString(Collective c) {
  switch (c) {
    case Collective::kBroadcast:
      return "broadcast";
    case Collective::kMultinodeBroadcast:
      return "multinode-broadcast";
    case Collective::kScatter:
      return "scatter";
    case Collective::kTotalExchange:
      return "total-exchange";
  }
  return "?";
}

Collective parseCollective(const std::string& word) {
  for (Collective c : {Collective::kBroadcast, Collective::kMultinodeBroadcast,
                       Collective::kScatter, Collective::kTotalExchange}) {
    if (word == toString(c)) return c;
  }
  // Fragopoulou & Akl's name for the total exchange.
  if (word == "multinode-scatter") return Collective::kTotalExchange;
  throw Error("unknown collective '" + word +
              "' (collectives: broadcast, multinode-broadcast, scatter, total-exchange or "
              "multinode-scatter)");
}

const char* runtimeCollective(Collective c) {
  switch (c) {
    case Collective::kMultinodeBroadcast:
      return "allgather";
    case Collective::kTotalExchange:
      return "alltoall";
    case Collective::kBroadcast:
      return "broadcast";
    case Collective::kScatter:
      return "scatter";
  }
  return "?";
}

bool hasRoot(Collective c) { return c == Collective::kBroadcast || c == Collective::kScatter; }

bool isPersonalized(Collective c) {
  return c == Collective::kScatter || c == Collective::kTotalExchange;
}

}  // namespace hypercast

namespace hypercast {

const char* toString(LinkMode m) {
  return m == LinkMode::kHalfDuplex ? "half-duplex" : "full-duplex";
}

LinkMode parseLinkMode(const std::string& word) {
  if (word == "full-duplex") return LinkMode::kFullDuplex;
  if (word == "half-duplex") return LinkMode::kHalfDuplex;
  throw Error("unknown link mode '" + word + "' (links: full-duplex or half-duplex)");
}

}  // namespace hypercast
