#!/usr/bin/env python3
"""Writes the large benchmark models as conformance-corpus case folders.

    make_large_cases.py OUT_DIR [--only NAME ...]

Makes OUT_DIR/resnet50 and OUT_DIR/bert_base_encoder, each with model.pt
(torch.jit.script of the module in eval mode), inputs.pt, expected.pt and
case.json in the corpus's format (../shared/conformance/FORMAT.md), so that
jit-conform can check them and jit-bench can time them (workloads
frozen_resnet50_*, frozen_bert_base_encoder_*, whose "archive" names
"large/NAME": pass --conformance the folder holding OUT_DIR as "large").

They are too large to ship in the corpus or carry to the GPU machine
(resnet50 ~100 MB, the encoder ~340 MB), so each machine makes them with its
own PyTorch: scripts/gpu_checks.sh runs this with PyTorch 2.11 there.

- resnet50: the ResNet-50 architecture (bottleneck blocks of expansion 4 in
  stages of 3, 4, 6 and 3, as torchvision builds it; defined here so no
  torchvision is needed), BatchNorm statistics calibrated on one fixed random
  batch as the corpus does, so the frozen model's numbers are not trivial.
- bert_base_encoder: nn.TransformerEncoder of 12 nn.TransformerEncoderLayer
  (d_model 768, 12 heads, feed-forward 3072, batch_first), BERT-base sized,
  on (batch, 128, 768) inputs.
"""
import argparse
import json
import os

import torch
import torch.nn as nn


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, planes * 4, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(planes * 4)
        self.relu = nn.ReLU(inplace=True)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        return self.relu(out + identity)


class ResNet50(nn.Module):
    def __init__(self, num_classes=1000):
        super().__init__()
        self.inplanes = 64
        self.conv1 = nn.Conv2d(3, 64, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(64)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, stride=2, padding=1)
        self.layer1 = self._stage(64, 3, 1)
        self.layer2 = self._stage(128, 4, 2)
        self.layer3 = self._stage(256, 6, 2)
        self.layer4 = self._stage(512, 3, 2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(2048, num_classes)

    def _stage(self, planes, blocks, stride):
        downsample = None
        if stride != 1 or self.inplanes != planes * 4:
            downsample = nn.Sequential(nn.Conv2d(self.inplanes, planes * 4, 1, stride=stride, bias=False),
                                       nn.BatchNorm2d(planes * 4))
        layers = [Bottleneck(self.inplanes, planes, stride, downsample)]
        self.inplanes = planes * 4
        layers += [Bottleneck(self.inplanes, planes) for _ in range(1, blocks)]
        return nn.Sequential(*layers)

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))


def calibrate_bn(model, example):
    """Running statistics from one fixed random batch (momentum None: the
    cumulative average), then eval mode."""
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.reset_running_stats()
            m.momentum = None
    model.train()
    with torch.no_grad():
        model(example)
    model.eval()


def write_case(out_dir, name, module, inputs, tags, note, tol):
    case = os.path.join(out_dir, name)
    os.makedirs(case, exist_ok=True)
    scripted = torch.jit.script(module)
    with torch.no_grad():
        expected = scripted(*inputs)
    torch.jit.save(scripted, os.path.join(case, "model.pt"))
    torch.save(list(inputs), os.path.join(case, "inputs.pt"))
    torch.save(expected, os.path.join(case, "expected.pt"))
    with open(os.path.join(case, "case.json"), "w") as f:
        json.dump({"kind": "archive", "entry": "forward", "expect": "value", "atol": tol, "rtol": tol,
                   "tags": tags, "note": note, "torch_version": torch.__version__}, f, indent=1, sort_keys=True)
    print(f"wrote {case}")


def resnet50(out_dir):
    torch.manual_seed(0)
    model = ResNet50()
    calibrate_bn(model, torch.randn(8, 3, 224, 224, generator=torch.Generator().manual_seed(1)))
    x = torch.randn(1, 3, 224, 224, generator=torch.Generator().manual_seed(2))
    write_case(out_dir, "resnet50", model, [x], ["resnet50", "scripted", "benchmark"],
               "ResNet-50 (torchvision's architecture), BatchNorm calibrated on one fixed random batch", 1e-3)


def bert_base_encoder(out_dir):
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(d_model=768, nhead=12, dim_feedforward=3072, batch_first=True)
    model = nn.TransformerEncoder(layer, num_layers=12, enable_nested_tensor=False).eval()
    x = torch.randn(1, 128, 768, generator=torch.Generator().manual_seed(3))
    write_case(out_dir, "bert_base_encoder", model, [x], ["transformer", "scripted", "benchmark"],
               "nn.TransformerEncoder, 12 layers, d_model 768, 12 heads, feed-forward 3072 (BERT-base sized)", 1e-3)


MAKERS = {"resnet50": resnet50, "bert_base_encoder": bert_base_encoder}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--only", nargs="*", choices=sorted(MAKERS), help="make only these")
    args = ap.parse_args()
    for name in args.only or sorted(MAKERS):
        MAKERS[name](args.out_dir)


if __name__ == "__main__":
    main()
