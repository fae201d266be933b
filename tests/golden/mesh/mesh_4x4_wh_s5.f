hw/hc_fifo.v
hw/hc_mesh_router.v
hw/hc_mesh_node.v
hw/hc_mesh_tile.v
hw/hc_sched_rom.v
rtl/mesh_4x4_wh_s5_top.v
