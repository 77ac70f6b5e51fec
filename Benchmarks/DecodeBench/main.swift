print("decode-bench: not written yet")
