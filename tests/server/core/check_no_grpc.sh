#!/bin/sh
# check_no_grpc.sh PROGRAM: fails if PROGRAM loads a gRPC, protobuf or
# prometheus-cpp shared library (ldd) or holds a copy of their code (nm:
# a static one would).
set -u
bin=$1
libs=$(ldd "$bin") || { echo "ldd $bin failed"; exit 1; }
bad=$(printf '%s\n' "$libs" | grep -E 'grpc|protobuf|prometheus')
if [ -n "$bad" ]; then
  echo "$bin loads:"; echo "$bad"; exit 1
fi
syms=$(nm -C --defined-only "$bin") || { echo "nm $bin failed"; exit 1; }
bad=$(printf '%s\n' "$syms" | grep -E 'grpc::|google::protobuf::|prometheus::' | head -5)
if [ -n "$bad" ]; then
  echo "$bin defines:"; echo "$bad"; exit 1
fi
echo "$bin: no gRPC, protobuf or prometheus-cpp"
