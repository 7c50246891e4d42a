print("ron")
