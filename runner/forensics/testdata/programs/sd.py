import staticdtor; print("ok")
