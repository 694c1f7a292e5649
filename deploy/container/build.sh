#!/usr/bin/env bash
# Builds the jitserve container image from binaries already built (no base
# image, no registry): jitserved and jitctl, stripped, with exactly the
# shared libraries they load (their ldd closure) on an empty root, plus a
# non-root user and the /models mount point. deploy/container/Containerfile
# turns that root into the image; podman (or docker) builds it.
#
#   deploy/container/build.sh [--build-dir build] [--tag jitserve:VERSION]
#                             [--variant cpu|cuda] [--engine podman|docker]
#                             [--stage-only DIR]
#
#   --variant cuda  adds the CUDA libraries jitserve loads with dlopen
#                   (cuBLAS, cuDNN, cuSOLVER, cuFFT and what they need) from
#                   beside libcudart; needs a build with JITSERVE_CUDA=ON.
#                   The driver (libcuda.so.1) is never copied: the NVIDIA
#                   container toolkit mounts the host's at run time.
#   --stage-only DIR  writes the build context to DIR and builds nothing.
#
# Prints the image reference on its last line. On hosts without systemd
# (our build machines) run podman with
# CONTAINERS_CONF=deploy/container/containers.conf.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
build_dir="$repo/build"
variant=cpu
engine=podman
tag=""
stage_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir="$(cd "$2" && pwd)"; shift 2 ;;
    --tag) tag="$2"; shift 2 ;;
    --variant) variant="$2"; shift 2 ;;
    --engine) engine="$2"; shift 2 ;;
    --stage-only) stage_only="$2"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$variant" in cpu|cuda) ;; *) echo "build.sh: --variant is cpu or cuda" >&2; exit 2 ;; esac

jitserved="$build_dir/bin/jitserved"
jitctl="$build_dir/bin/jitctl"
for b in "$jitserved" "$jitctl"; do
  [ -x "$b" ] || { echo "build.sh: $b is missing: build it first (ninja -C $build_dir jitserved jitctl)" >&2; exit 1; }
done

version="$(sed -n 's/^project(jitserve VERSION \([0-9.]*\).*/\1/p' "$repo/CMakeLists.txt")"
version="${version:-0.0.0}"
revision="$(git -C "$repo" rev-parse HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no 2>/dev/null)" ]; then revision="$revision-dirty"; fi
if [ -z "$tag" ]; then
  tag="jitserve:$version"
  [ "$variant" = cuda ] && tag="$tag-cuda"
fi

if [ -n "$stage_only" ]; then
  ctx="$stage_only"
  mkdir -p "$ctx"
else
  ctx="$(mktemp -d "${TMPDIR:-/tmp}/jitserve-image.XXXXXX")"
  trap 'rm -rf "$ctx"' EXIT
fi
root="$ctx/rootfs"
rm -rf "$root"

# Merged /usr, as Debian 12: /lib and /lib64 point into /usr.
multiarch="$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)"
libdir="usr/lib/$multiarch"
mkdir -p "$root/usr/bin" "$root/$libdir" "$root/usr/lib64" "$root/etc" "$root/models" "$root/tmp"
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"
chmod 1777 "$root/tmp"

for b in "$jitserved" "$jitctl"; do
  strip --strip-unneeded -o "$root/usr/bin/$(basename "$b")" "$b"
done

# Copies the file a library name resolves to under that name (the soname
# the loader asks for), once.
copy_lib() {
  local name="$1" path="$2"
  [ -e "$root/$libdir/$name" ] && return 0
  cp -L "$path" "$root/$libdir/$name"
  # The loader is run by the kernel (it must be executable); libraries are not.
  case "$name" in ld-linux*) chmod 0755 "$root/$libdir/$name" ;; *) chmod 0644 "$root/$libdir/$name" ;; esac
}

# The ldd closure of each file given (ldd already lists indirect needs).
copy_needs() {
  local f line name path
  for f in "$@"; do
    while IFS= read -r line; do
      case "$line" in
        *"=> not found"*) echo "build.sh: $f: $line" >&2; exit 1 ;;
        *" => /"*)
          name="$(echo "$line" | awk '{print $1}')"
          path="$(echo "$line" | awk '{print $3}')"
          # The driver belongs to the host (the NVIDIA container toolkit).
          case "$name" in libcuda.so*|libnvidia-*) continue ;; esac
          copy_lib "$name" "$path" ;;
        */ld-linux*)
          path="$(echo "$line" | awk '{print $1}')"
          copy_lib "$(basename "$path")" "$path"
          ln -sf "../lib/$multiarch/$(basename "$path")" "$root/usr/lib64/$(basename "$path")" ;;
      esac
    done < <(ldd "$f")
  done
}
copy_needs "$jitserved" "$jitctl"

cuda_libs=""
if [ "$variant" = cuda ]; then
  cudart="$(ldd "$jitserved" | awk '/libcudart\.so/ {print $3}')"
  [ -n "$cudart" ] || { echo "build.sh: $jitserved does not link libcudart: configure with -DJITSERVE_CUDA=ON" >&2; exit 1; }
  cuda_dir="$(dirname "$(readlink -f "$cudart")")"
  # What runtime/cuda/cuda_libraries.cpp opens with dlopen, and what cuDNN
  # opens in turn (its engine and graph libraries, nvrtc).
  for f in "$cuda_dir"/lib{cublas,cublasLt,cusolver,cufft,cusparse,nvJitLink,nvrtc,cudnn,cudnn_*}.so.[0-9]*; do
    case "$(basename "$f")" in *.so.[0-9]|*.so.[0-9][0-9]) ;; *) continue ;; esac
    [ -e "$f" ] || continue
    copy_lib "$(basename "$f")" "$f"
    copy_needs "$f"
    cuda_libs="$cuda_libs $(basename "$f")"
  done
  [ -n "$cuda_libs" ] || { echo "build.sh: no CUDA libraries beside $cudart" >&2; exit 1; }
fi

# The user the server runs as (not root), and the name service files a
# scratch image lacks.
cat > "$root/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/usr/sbin/nologin
jitserve:x:65532:65532:jitserve:/nonexistent:/usr/sbin/nologin
EOF
cat > "$root/etc/group" <<'EOF'
root:x:0:
jitserve:x:65532:
EOF
echo "hosts: files dns" > "$root/etc/nsswitch.conf"

cp "$here/Containerfile" "$ctx/Containerfile"
{
  echo "jitserve $version ($variant), source $revision"
  echo "binaries from $build_dir"
  echo "libraries:"
  (cd "$root/$libdir" && ls -1)
} > "$root/etc/jitserve-image.txt"

if [ -n "$stage_only" ]; then
  echo "$ctx"
  exit 0
fi

cuda_env=()
if [ "$variant" = cuda ]; then
  cuda_env=(--build-arg NVIDIA_VISIBLE_DEVICES=all --build-arg NVIDIA_DRIVER_CAPABILITIES=compute,utility)
fi
# docker format: OCI images cannot carry HEALTHCHECK. One layer, no
# intermediate images to cache: the root is staged anew each time anyway.
format=()
[ "$engine" = podman ] && format=(--format docker --layers=false)
"$engine" build "${format[@]}" --network none -f "$ctx/Containerfile" -t "$tag" \
  --build-arg VERSION="$version" --build-arg REVISION="$revision" --build-arg VARIANT="$variant" \
  "${cuda_env[@]}" "$ctx" >&2
echo "$tag"
