perf-model 1
# Seed 001's published T_receive (µs, n in bytes), coefficients as printed
# (Laine et al., BT/PCS/0302, EPUSP 2003, §3.2; notes 000-001-models.md, B.4):
#   6824 <= n <= 65536:     T_receive(n) = 0.0852 n + 9.706
#   65536 < n <= 5592404:   T_receive(n) = 0.0849968 n + 2146.19
poly T_receive 6824 65536 1 9.706 0.0852
poly T_receive 131072 5592404 1 2146.19 0.0849968
