hw/hc_fifo.v
hw/hc_rr_arbiter.v
hw/hc_group_arbiter.v
hw/hc_router_core.v
hw/hc_router.v
hw/hc_epoch_head.v
rtl/hc_m4x4_r1x1_router.v
rtl/hc_m4x4_r1x1_top.v
