"""Makes torchvision_ops/ (run from this folder with PyTorch 1.13): the
detection post-processing shape of torchvision's models (batched_nms's
coordinate trick, then roi_align / roi_pool on the kept boxes), calling
ops.torchvision.nms / roi_align / roi_pool as their printed code does.

torchvision is not installed beside Debian's PyTorch 1.13, so the three
operators are defined here through torch.library with reference
implementations written in vectorized torch, independently of
runtime/ops/torchvision_ops.cpp: the expected output is theirs."""
import json
import math
import os
from typing import Tuple

import torch

lib = torch.library.Library("torchvision", "DEF")
lib.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
lib.define("roi_align(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width, "
           "int sampling_ratio, bool aligned) -> Tensor")
lib.define("roi_pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) "
           "-> (Tensor, Tensor)")


def ref_nms(dets, scores, thr):
    order = torch.sort(scores, stable=True, descending=True)[1]
    b = dets[order]
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    lt = torch.max(b[:, None, :2], b[None, :, :2])
    rb = torch.min(b[:, None, 2:], b[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    iou = inter / (area[:, None] + area[None, :] - inter)
    alive = torch.ones(len(order), dtype=torch.bool)
    for i in range(len(order)):
        if alive[i]:
            alive[i + 1:] &= ~(iou[i, i + 1:] > thr)
    return order[alive]


def sample(plane, y, x):
    # Bilinear at float positions y, x (same shape); torchvision's edge rule.
    H, W = plane.shape
    out_of = (y < -1) | (y > H) | (x < -1) | (x > W)
    y = y.clamp(min=0)
    x = x.clamp(min=0)
    y0 = y.floor().long().clamp(max=H - 1)
    x0 = x.floor().long().clamp(max=W - 1)
    y = torch.where(y0 >= H - 1, y0.to(y.dtype), y)
    x = torch.where(x0 >= W - 1, x0.to(x.dtype), x)
    y1 = (y0 + 1).clamp(max=H - 1)
    x1 = (x0 + 1).clamp(max=W - 1)
    ly, lx = y - y0, x - x0
    v = ((1 - ly) * (1 - lx) * plane[y0, x0] + (1 - ly) * lx * plane[y0, x1] + ly * (1 - lx) * plane[y1, x0] +
         ly * lx * plane[y1, x1])
    return torch.where(out_of, torch.zeros_like(v), v)


def ref_roi_align(inp, rois, scale, ph, pw, ratio, aligned):
    out = torch.zeros(rois.shape[0], inp.shape[1], ph, pw, dtype=inp.dtype)
    off = 0.5 if aligned else 0.0
    for k in range(rois.shape[0]):
        b, x1, y1, x2, y2 = rois[k].tolist()
        x1, y1, x2, y2 = x1 * scale - off, y1 * scale - off, x2 * scale - off, y2 * scale - off
        w, h = x2 - x1, y2 - y1
        if not aligned:
            w, h = max(w, 1.0), max(h, 1.0)
        bh, bw = h / ph, w / pw
        gh = ratio if ratio > 0 else math.ceil(bh)
        gw = ratio if ratio > 0 else math.ceil(bw)
        ys = y1 + torch.arange(ph)[:, None] * bh + (torch.arange(gh)[None, :] + 0.5) * bh / gh  # (ph, gh)
        xs = x1 + torch.arange(pw)[:, None] * bw + (torch.arange(gw)[None, :] + 0.5) * bw / gw  # (pw, gw)
        Y = ys[:, None, :, None].expand(ph, pw, gh, gw).to(inp.dtype)
        X = xs[None, :, None, :].expand(ph, pw, gh, gw).to(inp.dtype)
        for c in range(inp.shape[1]):
            out[k, c] = sample(inp[int(b), c], Y, X).sum((2, 3)) / max(gh * gw, 1)
    return out


def ref_roi_pool(inp, rois, scale, ph, pw):
    K, C, H, W = rois.shape[0], inp.shape[1], inp.shape[2], inp.shape[3]
    out = torch.zeros(K, C, ph, pw, dtype=inp.dtype)
    arg = torch.full((K, C, ph, pw), -1, dtype=torch.int32)
    for k in range(K):
        b, x1, y1, x2, y2 = rois[k].tolist()
        x1, y1, x2, y2 = (int(math.floor(v * scale + 0.5)) for v in (x1, y1, x2, y2))
        bh, bw = max(y2 - y1 + 1, 1) / ph, max(x2 - x1 + 1, 1) / pw
        for i in range(ph):
            for j in range(pw):
                hs = min(max(math.floor(i * bh) + y1, 0), H)
                he = min(max(math.ceil((i + 1) * bh) + y1, 0), H)
                ws = min(max(math.floor(j * bw) + x1, 0), W)
                we = min(max(math.ceil((j + 1) * bw) + x1, 0), W)
                if he <= hs or we <= ws:
                    continue
                region = inp[int(b), :, hs:he, ws:we].reshape(C, -1)
                m, a = region.max(1)
                out[k, :, i, j] = m
                arg[k, :, i, j] = ((a // (we - ws) + hs) * W + a % (we - ws) + ws).to(torch.int32)
    return out, arg


lib.impl("nms", ref_nms, "CPU")
lib.impl("roi_align", ref_roi_align, "CPU")
lib.impl("roi_pool", ref_roi_pool, "CPU")


class Head(torch.nn.Module):
    def forward(self, features: torch.Tensor, boxes: torch.Tensor, scores: torch.Tensor,
                idxs: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
        # torchvision.ops.batched_nms: offset each class's boxes apart.
        max_coordinate = boxes.max()
        offsets = idxs.to(boxes) * (max_coordinate + torch.tensor(1).to(boxes))
        keep = torch.ops.torchvision.nms(boxes + offsets[:, None], scores, 0.5)
        kept = boxes[keep]
        rois = torch.cat([torch.zeros(kept.size(0), 1), kept], dim=1)
        a = torch.ops.torchvision.roi_align(features, rois, 0.25, 7, 7, 2, False)
        b = torch.ops.torchvision.roi_align(features, rois, 0.25, 3, 3, 0, True)
        p, arg = torch.ops.torchvision.roi_pool(features, rois, 0.25, 2, 2)
        return keep, a, b, p, arg


torch.manual_seed(0)
features = torch.randn(1, 3, 16, 20)
xy = torch.rand(12, 2) * 60
wh = torch.rand(12, 2) * 30 + 2
boxes = torch.cat([xy, xy + wh], 1)
boxes[5] = boxes[2] + 1.0  # a near-duplicate to suppress
scores = torch.rand(12)
idxs = torch.randint(0, 3, (12,))
idxs[5] = idxs[2]  # same class, so batched_nms compares them
inputs = [features, boxes, scores, idxs]

os.makedirs("torchvision_ops", exist_ok=True)
m = torch.jit.script(Head())
torch.jit.save(m, "torchvision_ops/model.pt")
torch.save(inputs, "torchvision_ops/inputs.pt")
with torch.no_grad():
    torch.save(m(*inputs), "torchvision_ops/expected.pt")
json.dump({"kind": "archive", "entry": "forward", "expect": "value", "rtol": 1e-4, "atol": 1e-5,
           "tags": ["torchvision_ops"], "torch_version": torch.__version__,
           "note": "made by tests/compiler/archive/data/make_torchvision_ops.py with PyTorch 1.13: "
                   "ops.torchvision.nms/roi_align/roi_pool in printed code; expected from reference "
                   "implementations in that script (torchvision is not installed here)"},
          open("torchvision_ops/case.json", "w"), indent=1)
