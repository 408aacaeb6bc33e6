print("statistics benchmark: being written")
