// Both directions share one geometry: block (bh, bw) at column l covers
// input pixel (oh * sh - ph + i * dh, ow * sw - pw + j * dw) for kernel
// offset (i, j); pixels in the padding read as zero (im2col) or are dropped
// (col2im). Values move through double, exact for every dtype but 64-bit
// integers beyond 2^53.
#include "runtime/ops/op_tables.h"

#include <vector>

#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

struct Geometry {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
  int64_t height, width, blocks_h, blocks_w;
};

std::vector<int64_t> pair(std::vector<int64_t> v, const char* what) {
  if (v.size() == 1) v.push_back(v[0]);
  JS_CHECK(v.size() == 2, "It is expected ", what, " equals to 2, but got size ", v.size());
  return v;
}

Geometry geometry(std::vector<int64_t> kernel_size, std::vector<int64_t> dilation, std::vector<int64_t> padding,
                  std::vector<int64_t> stride, int64_t height, int64_t width) {
  const auto kernel = pair(std::move(kernel_size), "kernel_size"), dil = pair(std::move(dilation), "dilation"),
             pad = pair(std::move(padding), "padding"), str = pair(std::move(stride), "stride");
  Geometry g{kernel[0], kernel[1], dil[0], dil[1], pad[0], pad[1], str[0], str[1], height, width, 0, 0};
  JS_CHECK(g.kh > 0 && g.kw > 0, "kernel size should be greater than zero, but got kernel_height: ", g.kh,
           " kernel_width: ", g.kw);
  JS_CHECK(g.dh > 0 && g.dw > 0, "dilation should be greater than zero, but got dilation_height: ", g.dh,
           " dilation_width: ", g.dw);
  JS_CHECK(g.ph >= 0 && g.pw >= 0, "padding should be non-negative, but got pad_height: ", g.ph, " pad_width: ", g.pw);
  JS_CHECK(g.sh > 0 && g.sw > 0, "stride should be greater than zero, but got stride_height: ", g.sh,
           " stride_width: ", g.sw);
  g.blocks_h = (height + 2 * g.ph - (g.dh * (g.kh - 1) + 1)) / g.sh + 1;
  g.blocks_w = (width + 2 * g.pw - (g.dw * (g.kw - 1) + 1)) / g.sw + 1;
  return g;
}

// Calls f(pixel, column) for every kernel tap of every block that falls
// inside the image: pixel indexes an (N, C, height, width) image, column an
// (N, C * kh * kw, blocks) column matrix.
template <typename F>
void forEachTap(const Geometry& g, int64_t N, int64_t C, const F& f) {
  const int64_t H = g.height, W = g.width, rows = C * g.kh * g.kw, L = g.blocks_h * g.blocks_w;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t c = r / (g.kh * g.kw), i = (r / g.kw) % g.kh, j = r % g.kw;
      for (int64_t bh = 0; bh < g.blocks_h; ++bh) {
        const int64_t y = bh * g.sh - g.ph + i * g.dh;
        for (int64_t bw = 0; bw < g.blocks_w; ++bw) {
          const int64_t xx = bw * g.sw - g.pw + j * g.dw;
          if (y >= 0 && y < H && xx >= 0 && xx < W)
            f(((n * C + c) * H + y) * W + xx, (n * rows + r) * L + bh * g.blocks_w + bw);
        }
      }
    }
}

Tensor im2col(const Tensor& self, std::vector<int64_t> kernel_size, std::vector<int64_t> dilation,
              std::vector<int64_t> padding, std::vector<int64_t> stride) {
  JS_CHECK((self.dim() == 3 && self.size(0) != 0 && self.size(1) != 0 && self.size(2) != 0) ||
               (self.dim() == 4 && self.size(1) != 0 && self.size(2) != 0 && self.size(3) != 0),
           "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
           "input, but got: ",
           shapeToString(self.sizes()));
  const bool batched = self.dim() == 4;
  const Tensor x = batched ? self : self.unsqueeze(0);
  const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
  const Geometry g = geometry(std::move(kernel_size), std::move(dilation), std::move(padding), std::move(stride), H, W);
  JS_CHECK(g.blocks_h >= 1 && g.blocks_w >= 1, "Given input with spatial size (", H, ", ", W,
           "), calculated shape of the array of sliding blocks as (", g.blocks_h, ", ", g.blocks_w,
           "), but its components must be at least one.");
  const int64_t L = g.blocks_h * g.blocks_w, rows = C * g.kh * g.kw;
  Tensor in = x.to(ScalarType::Double).contiguous();
  Tensor out = zeros({N, rows, L}, ScalarType::Double);
  const double* ip = in.data<double>();
  double* op = out.data<double>();
  forEachTap(g, N, C, [&](int64_t pixel, int64_t column) { op[column] = ip[pixel]; });
  Tensor res = out.to(self.dtype());
  return batched ? res : res.squeeze(0);
}

Tensor col2im(const Tensor& self, std::vector<int64_t> output_size, std::vector<int64_t> kernel_size,
              std::vector<int64_t> dilation, std::vector<int64_t> padding, std::vector<int64_t> stride) {
  JS_CHECK((self.dim() == 2 && self.size(0) != 0 && self.size(1) != 0) ||
               (self.dim() == 3 && self.size(1) != 0 && self.size(2) != 0),
           "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for "
           "input, but got: ",
           shapeToString(self.sizes()));
  const auto osize = pair(std::move(output_size), "output_size");
  const bool batched = self.dim() == 3;
  const Tensor x = batched ? self : self.unsqueeze(0);
  const int64_t H = osize[0], W = osize[1];
  JS_CHECK(H >= 1 && W >= 1, "Expected output spatial size to be positive, but got: output_size=(", H, ", ", W, ")");
  const Geometry g = geometry(std::move(kernel_size), std::move(dilation), std::move(padding), std::move(stride), H, W);
  const int64_t N = x.size(0), rows = x.size(1), L = x.size(2), kk = g.kh * g.kw;
  JS_CHECK(rows % kk == 0, "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
           "got input.size(1)=", rows, " and kernel_size=(", g.kh, ", ", g.kw, ")");
  JS_CHECK(g.blocks_h * g.blocks_w == L, "Given output_size=(", H, ", ", W, "), kernel_size=(", g.kh, ", ", g.kw,
           "), dilation=(", g.dh, ", ", g.dw, "), padding=(", g.ph, ", ", g.pw, "), stride=(", g.sh, ", ", g.sw,
           "), expected size of input's dimension 2 to match the calculated number of sliding blocks ", g.blocks_h,
           " * ", g.blocks_w, " = ", g.blocks_h * g.blocks_w, ", but got input.size(2)=", L, ".");
  const int64_t C = rows / kk;
  Tensor in = x.to(ScalarType::Double).contiguous();
  Tensor out = zeros({N, C, H, W}, ScalarType::Double);
  const double* ip = in.data<double>();
  double* op = out.data<double>();
  forEachTap(g, N, C, [&](int64_t pixel, int64_t column) { op[pixel] += ip[column]; });
  Tensor res = out.to(self.dtype());
  return batched ? res : res.squeeze(0);
}

}  // namespace

const OpTable kFoldOps = {
    op<im2col>(
        "aten::im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
        "Sliding 2-D blocks as columns (nn.functional.unfold)."),
    op<col2im>("aten::col2im(Tensor self, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, "
               "int[2] stride) -> Tensor",
               "Sums columns of sliding blocks back into an image (nn.functional.fold)."),
};

}  // namespace jitserve::ops
