print("rx-examples")
