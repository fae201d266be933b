hw/hc_acc_node.v
rtl/hc_m4x4_r1x1_acc.v
