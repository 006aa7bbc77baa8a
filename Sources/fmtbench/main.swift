print("fmtbench")
