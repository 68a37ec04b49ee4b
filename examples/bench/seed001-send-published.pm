perf-model 1
# Seed 001's published T_send (µs, n in bytes), with the coefficients as printed
# (rounded), which Table 1's model column was computed with (Laine et al.,
# BT/PCS/0302, EPUSP 2003, §3.2; notes 000-001-models.md, B.4):
#   6824 <= n <= 65536:     T_send(n) = 0.0879182 n - 82.0523
#   65536 < n <= 5592404:   T_send(n) = 0.0849931 n + 2065.49
poly T_send 6824 65536 1 -82.0523 0.0879182
poly T_send 131072 5592404 1 2065.49 0.0849931
