"""Real torchvision and torchaudio models, scripted or traced by the PyTorch
that runs this, as conformance cases (../shared/conformance/FORMAT.md):
what users serve, with PyTorch's own outputs. Random weights, fixed seeds,
eval mode, references under torch.no_grad().

    make_cases.py OUT_DIR [--all]   -> exit 0, or 77 without torch + torchvision

The default set is the one ctest runs (conformance_torch_models, ~1 min):
small models that between them reach torchvision's detection code
(ImageList built with __new__, batched_nms, MultiScaleRoIAlign, mask
pasting: ops.torchvision.nms / roi_align), its classification and
segmentation families, and torchaudio's models and transforms when
torchaudio is installed. --all adds the large ones (resnet50-based
detectors, ViT, Swin, ...; ~3 GB), for a manual or GPU-machine run
(scripts/gpu_checks.sh).

Not here: detectors whose random-weight scores tie to within float
rounding (retinanet, fasterrcnn_mobilenet_v3, ssd300, keypointrcnn): the
order of such detections follows rounding noise, not semantics.
"""
import json
import os
import shutil
import sys

try:
    import torch
    import torchvision
    from torchvision import models
except ImportError:
    sys.exit(77)
try:
    import torchaudio
except ImportError:
    torchaudio = None

out_dir = sys.argv[1]
everything = "--all" in sys.argv[2:]
shutil.rmtree(out_dir, ignore_errors=True)
os.makedirs(out_dir)
made, failed = 0, []


def case(name, build, inputs, trace=False, entry="forward", rtol=1e-3, atol=1e-4):
    """Writes OUT_DIR/name from build() (a module), scripted or traced."""
    global made
    torch.manual_seed(0)
    d = os.path.join(out_dir, name)
    try:
        m = build().eval()
        inputs = inputs()
        with torch.no_grad():
            s = torch.jit.trace(m, tuple(inputs), strict=False) if trace else torch.jit.script(m)
        os.makedirs(d)
        s.save(os.path.join(d, "model.pt"))
        torch.save(inputs, os.path.join(d, "inputs.pt"))
        with torch.no_grad():
            torch.save(getattr(s, entry)(*inputs), os.path.join(d, "expected.pt"))
        json.dump({"kind": "archive", "entry": entry, "expect": "value", "rtol": rtol, "atol": atol, "tags": [name],
                   "torch_version": torch.__version__,
                   "note": "tests/conformance/torch_models/make_cases.py (%s, torchvision %s)" %
                           ("traced" if trace else "scripted", torchvision.__version__)},
                  open(os.path.join(d, "case.json"), "w"))
        made += 1
    except Exception as e:  # a model this PyTorch cannot script/save: reported, not a case
        shutil.rmtree(d, ignore_errors=True)
        failed.append("%s: %s" % (name, str(e).splitlines()[0][:160] if str(e) else type(e).__name__))


def image(size=224):
    return lambda: [torch.randn(1, 3, size, size)]


def detection_input():
    return [[torch.rand(3, 240, 320)]]


det = models.detection
seg = models.segmentation
case("mobilenet_v3_small", lambda: models.mobilenet_v3_small(weights=None), image())
case("efficientnet_b0_traced", lambda: models.efficientnet_b0(weights=None), image(), trace=True)
case("regnet_y_400mf", lambda: models.regnet_y_400mf(weights=None), image())
case("mnasnet0_5", lambda: models.mnasnet0_5(weights=None), image())
case("lraspp_mobilenet_v3", lambda: seg.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None), image(128))
case("ssdlite320_mobilenet_v3", lambda: det.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None),
     detection_input, rtol=1e-2, atol=1e-3)


def small_maskrcnn():
    # Mask R-CNN's heads (RPN, MultiScaleRoIAlign, box and mask heads, mask
    # pasting) on a small FPN backbone, so the archive stays small.
    backbone = det.backbone_utils.mobilenet_backbone(backbone_name="mobilenet_v3_small", weights=None, fpn=True,
                                                     trainable_layers=6)
    anchors = det.anchor_utils.AnchorGenerator(((32, 64, 128, 256, 512),) * 3, ((0.5, 1.0, 2.0),) * 3)
    return det.MaskRCNN(backbone, num_classes=5, min_size=240, max_size=320, box_score_thresh=0.0,
                        rpn_anchor_generator=anchors)


case("maskrcnn_mobilenet_v3_fpn", small_maskrcnn, detection_input, rtol=1e-2, atol=1e-3)
case("raft_small_traced", lambda: models.optical_flow.raft_small(weights=None),
     lambda: [torch.rand(1, 3, 128, 128), torch.rand(1, 3, 128, 128)], trace=True)
if everything:
    for n in ["efficientnet_b0", "densenet121", "convnext_tiny", "swin_t", "vit_b_16", "maxvit_t",
              "efficientnet_v2_s", "resnext50_32x4d", "shufflenet_v2_x1_0", "squeezenet1_0", "alexnet", "vgg11_bn"]:
        case(n, lambda n=n: getattr(models, n)(weights=None), image())
    case("inception_v3_traced", lambda: models.inception_v3(weights=None, aux_logits=False, init_weights=False),
         image(299), trace=True)
    case("googlenet_traced", lambda: models.googlenet(weights=None, aux_logits=False, init_weights=False), image(),
         trace=True)
    case("deeplabv3_mobilenet_v3", lambda: seg.deeplabv3_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                            aux_loss=False), image(128))
    case("fcn_resnet50", lambda: seg.fcn_resnet50(weights=None, weights_backbone=None, aux_loss=False), image(128))
    case("maskrcnn_resnet50_fpn", lambda: det.maskrcnn_resnet50_fpn(weights=None, weights_backbone=None,
                                                                     box_score_thresh=0.0),
         detection_input, rtol=1e-2, atol=1e-3)
    case("fcos_resnet50_fpn", lambda: det.fcos_resnet50_fpn(weights=None, weights_backbone=None, score_thresh=0.0),
         detection_input, rtol=1e-2, atol=1e-3)
    case("r3d_18", lambda: models.video.r3d_18(weights=None), lambda: [torch.randn(1, 3, 8, 64, 64)])
    case("mc3_18", lambda: models.video.mc3_18(weights=None), lambda: [torch.randn(1, 3, 8, 64, 64)])
    case("raft_small", lambda: models.optical_flow.raft_small(weights=None),
         lambda: [torch.rand(1, 3, 128, 128), torch.rand(1, 3, 128, 128)])

if torchaudio is not None:
    am = torchaudio.models
    T = torchaudio.transforms
    wav = lambda: [torch.randn(1, 8000)]
    case("wav2vec2_small", lambda: am.wav2vec2_model(
        extractor_mode="group_norm", extractor_conv_layer_config=None, extractor_conv_bias=False,
        encoder_embed_dim=64, encoder_projection_dropout=0.0, encoder_pos_conv_kernel=16, encoder_pos_conv_groups=4,
        encoder_num_layers=2, encoder_num_heads=4, encoder_attention_dropout=0.0, encoder_ff_interm_features=128,
        encoder_ff_interm_dropout=0.0, encoder_dropout=0.0, encoder_layer_norm_first=False, encoder_layer_drop=0.0,
        aux_num_out=None), wav)
    case("conformer", lambda: am.Conformer(input_dim=32, num_heads=4, ffn_dim=64, num_layers=2,
                                           depthwise_conv_kernel_size=7),
         lambda: [torch.randn(2, 20, 32), torch.tensor([20, 15])])
    case("emformer", lambda: am.Emformer(input_dim=32, num_heads=4, ffn_dim=64, num_layers=2, segment_length=4,
                                         right_context_length=1),
         lambda: [torch.randn(2, 21, 32), torch.tensor([21, 18])])
    case("wavernn", lambda: am.WaveRNN(upsample_scales=[5, 5, 8], n_classes=64, hop_length=200, n_res_block=2,
                                       n_rnn=32, n_fc=32, kernel_size=5, n_freq=20, n_hidden=16, n_output=16),
         lambda: [torch.randn(1, 1, 6 * 200), torch.randn(1, 1, 20, 10)])
    case("resample", lambda: T.Resample(8000, 6000), wav)
    case("mulaw_encoding", lambda: T.MuLawEncoding(), lambda: [torch.rand(1, 100) * 2 - 1])
    case("amplitude_to_db", lambda: T.AmplitudeToDB(), lambda: [torch.rand(1, 20, 30)])
    if everything:
        case("wav2vec2_base", lambda: am.wav2vec2_base(), wav)
        case("wav2letter", lambda: am.Wav2Letter(num_classes=20, input_type="waveform", num_features=1),
             lambda: [torch.randn(1, 1, 4000)])
        case("hubert_base", lambda: am.hubert_base(), wav)

print("%d cases written to %s" % (made, out_dir))
for f in failed:
    print("not made (PyTorch could not script/run it):", f)
