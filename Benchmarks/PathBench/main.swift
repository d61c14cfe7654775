print("path-bench")
