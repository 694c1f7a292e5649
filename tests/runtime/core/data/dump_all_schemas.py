"""Writes every operator schema string PyTorch registers, one per line.

Run once with a python that has torch (the corpus was made with 1.13):
    python3 dump_all_schemas.py > all_schemas.txt
schema_parser_test reads the file and checks parseSchema(s).str() == s.
"""
import torch

for s in sorted(str(x) for x in torch._C._jit_get_all_schemas()):
    print(s)
