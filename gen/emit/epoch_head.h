// The generated tops' head epoch (hw/hc_epoch_head.v, --arbitration epoch) and
// each router's connection to it, as Verilog text.
#pragma once

#include <cstdint>
#include <string>

#include "emit/rtl_layout.h"

namespace hypercast {

// The wires ep_hn (the head epoch's parity of the next cycle, to every router)
// and ep_busy (one flag per router), and with l.epoch the hc_epoch_head that
// joins them; without, ep_hn is 0 and the flags are left unread. With programmable routers
// the head epoch waits for cfg_done_o.
std::string epochHeadDecl(const RtlLayout& l);
// Router x's connection: ".epoch_hn_i(ep_hn), .epoch_busy_o(ep_busy[x])".
std::string epochRouterPorts(uint64_t x);

}  // namespace hypercast
