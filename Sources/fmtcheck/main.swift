print("fmtcheck")
