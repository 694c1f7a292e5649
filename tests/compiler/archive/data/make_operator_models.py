"""Makes cells_rnn/, weight_norm_pads/, audio_windows_stft/ and
pad_sequence_unique/ (run from this folder with PyTorch 1.13): scripted
modules built on operators the corpus's models do not use (RNN cell
modules, _weight_norm with reflection/replication padding modules, signal
windows with stft, pad_sequence with typed torch.unique and x.mT), saved by
torch.jit.save with their inputs and PyTorch's outputs."""
import json
import os
import shutil

import torch
import torch.nn as nn
import torch.nn.functional as F

OUT = "."
torch.manual_seed(0)

class CellRnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTMCell(4, 6)
        self.gru = nn.GRUCell(6, 3)
        self.rnn = nn.RNNCell(3, 2, nonlinearity='relu')
    def forward(self, xs: torch.Tensor):
        h = torch.zeros(xs.size(1), 6)
        c = torch.zeros(xs.size(1), 6)
        g = torch.zeros(xs.size(1), 3)
        r = torch.zeros(xs.size(1), 2)
        for t in range(xs.size(0)):
            h, c = self.lstm(xs[t], (h, c))
            g = self.gru(h, g)
            r = self.rnn(g, r)
        return r, h.T

class WnConv(nn.Module):
    def __init__(self):
        super().__init__()
        self.v = nn.Parameter(torch.randn(3, 2, 3))
        self.g = nn.Parameter(torch.rand(3, 1, 1) + 0.5)
        self.b = nn.Parameter(torch.randn(3))
        self.pad = nn.ReflectionPad1d(2)
        self.rep = nn.ReplicationPad2d(1)
    def forward(self, x):
        y = F.conv1d(self.pad(x), torch._weight_norm(self.v, self.g, 0), self.b, padding=1)
        return y, self.rep(y.unsqueeze(1))

class Audio(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer('win', torch.hann_window(16))
    def forward(self, x):
        spec = torch.stft(x, 16, hop_length=4, window=self.win, return_complex=True)
        mag = torch.view_as_real(spec).pow(2).sum(-1).sqrt()
        return mag, torch.hamming_window(8, periodic=False)

class Padseq(nn.Module):
    def forward(self, a, b):
        p = torch.nn.utils.rnn.pad_sequence([a, b], batch_first=True)
        u, c = torch.unique(p, return_counts=True)
        return p, u, c, p.mT

models = {
  "cells_rnn": (CellRnn(), [torch.randn(5, 2, 4)]),
  "weight_norm_pads": (WnConv(), [torch.randn(1, 2, 8)]),
  "audio_windows_stft": (Audio(), [torch.randn(64)]),
  "pad_sequence_unique": (Padseq(), [torch.randn(3, 2).round(), torch.randn(1, 2).round()]),
}
for name, (m, inputs) in models.items():
    m.eval()
    d = os.path.join(OUT, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    sm = torch.jit.script(m)
    sm.save(os.path.join(d, "model.pt"))
    with torch.no_grad():
        r = sm(*inputs)
    torch.save(inputs, os.path.join(d, "inputs.pt"))
    torch.save(r, os.path.join(d, "expected.pt"))
    json.dump({"kind": "archive", "entry": "forward", "expect": "value", "rtol": 1e-4, "atol": 1e-5, "tags": [name],
               "torch_version": torch.__version__}, open(os.path.join(d, "case.json"), "w"))
    print(name, "ok")
