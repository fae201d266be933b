hw/hc_sum_node.v
rtl/cube3_gsum_hd.v
