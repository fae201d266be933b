hw/hc_sched_rom.v
hw/hc_sched_bank.v
hw/hc_sched_node.v
rtl/cube3_te_top.v
