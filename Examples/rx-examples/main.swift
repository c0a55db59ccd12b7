import RxTestSupport

print("rx-examples")
