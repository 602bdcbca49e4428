print("loom-bench")
