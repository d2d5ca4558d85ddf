"""Train the centring network (vision/centre.py) with PyTorch on harsh renders and save it as vision/models/centre.onnx.

    .venv/bin/pip install onnx torch --extra-index-url https://download.pytorch.org/whl/cpu   # training only
    .venv/bin/python -m vision.train_centre [--frames 8000] [--wide 4000] [--epochs 12] [--jobs 2]
                                            [--cache /tmp/centre.npz]

Each harsh frame is its own installation (vision/train.py, camera seeds from CENTRE_CAMERAS on); `--wide` more of
them have small dice in a big frame (train._harsh's `wide`: the far corners seen at the widest angle, where a side
shows nearly as big as the top and the network moved dice towards it). Each flat die found is cut as the reader cuts
it up to the placer (vision/pipeline.cut_out without centring), and looked at from there and from three places up to
JITTER from there, each labelled with how far its true top's middle lies (in dice, along the crop's axes). Training
turns and mirrors every example (with its label and the frame's middle). 8 000 + 4 000 frames give about 158 000
examples in 9 minutes on two cores; 12 epochs take about 14 minutes.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision import centre
from vision.crops import CROP
from vision.pipeline import LEANING, cut_out, shipped_networks
from vision.place import REACH, along_crop, quarter_turned
from vision.segment import find_dice
from vision.train import _cached, _harsh, render_examples

INSTALL = ".venv/bin/pip install onnx torch --extra-index-url https://download.pytorch.org/whl/cpu"  # the CPU build
CENTRE_CAMERAS = 4_000_000  # camera seeds of these frames: far from every other training set's and the bench's
WIDE = 100_000  # seeds from here on are wide-angle frames (vision/train._harsh's `wide`)
JITTER = 0.3  # (dice) how far from the placer's place a die is also looked at from
COPIES = 4  # looks per die: from the placer's place and from three jittered ones


def examples(seeds: range) -> dict[str, np.ndarray]:
    """What the network looks at around each flat die of these frames (`image`: lightness and colour as bytes,
    `geometry`: the three constant channels) and the true top's offset from each crop's middle (`offset`)."""
    cv2.setNumThreads(1)
    posture, place, _ = shipped_networks()
    images, geometry, offsets = [], [], []
    for seed in seeds:
        rng = np.random.default_rng([seed, 11])
        frame, die_px = _harsh(seed, rng, on_edge=0.1, camera_seed=CENTRE_CAMERAS + seed, wide=seed >= WIDE)
        blobs = find_dice(frame.image, die_px).blobs
        cut = cut_out(frame.image, blobs, die_px, posture, place, None)
        for i, blob in enumerate(blobs):
            x, y = cut.places[i]
            dice = sorted(frame.dice, key=lambda t: math.hypot(t.centre[0] - x, t.centre[1] - y))
            far = [math.hypot(t.centre[0] - x, t.centre[1] - y) for t in dice] + [math.inf, math.inf]
            # A flat die found, the one die within the placer's reach of where it was placed.
            if cut.leaning[i] >= LEANING or dice[0].face is None or not far[0] < REACH * frame.die_px <= far[1]:
                continue
            jitters = [(0.0, 0.0), *rng.uniform(-JITTER, JITTER, (COPIES - 1, 2))]
            at = [(x + dx * die_px, y + dy * die_px, blob.angle) for dx, dy in jitters]
            seen = centre.inputs(frame.image, at, die_px, np.repeat(cut.looks.body[i : i + 1], COPIES, axis=0))
            images.append(np.round(seen[:, :2] * 255).astype(np.uint8))
            geometry.append(seen[:, 2:, 0, 0])
            tx, ty = dice[0].centre
            offsets.append([[d / die_px for d in along_crop(tx - cx, ty - cy, angle)] for cx, cy, angle in at])
    return {
        "image": np.concatenate(images) if images else np.zeros((0, 2, CROP, CROP), np.uint8),
        "geometry": np.concatenate(geometry) if geometry else np.zeros((0, 3), np.float32),
        "offset": np.array(offsets, np.float32).reshape(-1, 2),
    }


def turned(
    image: np.ndarray, geometry: np.ndarray, offset: np.ndarray, k: int, mirrored: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """An example mirrored (left to right) and turned by np.rot90(image, k): its frame's middle and label with it."""
    geometry, offset = geometry.copy(), offset.copy()
    if mirrored:
        image = image[..., ::-1]
        geometry[:, 0], offset[:, 0] = -geometry[:, 0], -offset[:, 0]
    image = np.rot90(image, k, axes=(2, 3))
    geometry[:, :2] = quarter_turned(geometry[:, :2], k)
    return np.ascontiguousarray(image), geometry, quarter_turned(offset, k)


def fit(data: dict[str, np.ndarray], epochs: int, path: Path, seed: int = 0) -> None:
    """Train the network on `data` (all of it) and save it as ONNX at `path`."""
    import torch  # training only: the table runs the saved network with OpenCV
    from torch import nn
    from torch.nn import functional

    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.c1 = nn.Conv2d(centre.CHANNELS, 16, 3, padding=1)
            self.c2 = nn.Conv2d(16, 32, 3, padding=1)
            self.c3 = nn.Conv2d(32, 32, 3, padding=1)
            self.f1 = nn.Linear(32 * (CROP // 8) ** 2, 64)
            self.f2 = nn.Linear(64, 2)

        def forward(self, x: Any) -> Any:
            for conv in (self.c1, self.c2, self.c3):
                x = functional.max_pool2d(functional.relu(conv(x)), 2)
            return self.f2(functional.relu(self.f1(x.flatten(1))))

    def batch(index: np.ndarray) -> tuple[Any, Any]:
        image, geometry, offset = turned(
            data["image"][index], data["geometry"][index], data["offset"][index], int(rng.integers(4)),
            bool(rng.integers(2)),
        )  # fmt: skip
        constant = np.broadcast_to(geometry[:, :, None, None], (len(index), 3, CROP, CROP))
        x = np.concatenate([image / np.float32(255), constant], axis=1)
        return torch.from_numpy(x.astype(np.float32)), torch.from_numpy(offset)

    net = Net()
    batches = len(data["offset"]) // 256
    optimiser = torch.optim.AdamW(net.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=epochs * batches)
    for epoch in range(epochs):
        order = rng.permutation(len(data["offset"]))
        for b in range(batches):
            x, y = batch(order[b * 256 : (b + 1) * 256])
            loss = functional.smooth_l1_loss(net(x), y, beta=0.05)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        print(f"epoch {epoch + 1}/{epochs}: loss {loss.item():.4f}", flush=True)
    net.eval()
    torch.onnx.export(net, torch.zeros(1, centre.CHANNELS, CROP, CROP), str(path), dynamo=False, input_names=["x"],
                      output_names=["offset"], dynamic_axes={"x": {0: "n"}, "offset": {0: "n"}})  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=8000)
    parser.add_argument("--wide", type=int, default=4000, help="wide-angle frames besides (small dice, big frame)")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2, help="rendering processes")
    parser.add_argument("--cache", type=Path, help="keep the examples here (and reuse them if present)")
    args = parser.parse_args()
    if min(args.frames, args.epochs, args.jobs) < 1 or args.wide < 0:
        parser.error("--frames, --epochs and --jobs must be at least 1, --wide at least 0")
    if args.frames > WIDE:  # the wide-angle frames' seeds start there
        parser.error(f"--frames must be at most {WIDE}")
    missing = [name for name in ("torch", "onnx") if importlib.util.find_spec(name) is None]
    if missing:  # said before rendering for minutes, not after
        parser.error(f"training needs {' and '.join(missing)}: {INSTALL}")

    def render() -> dict[str, np.ndarray]:
        parts = [render_examples(examples, args.frames, args.jobs)]
        if args.wide:
            parts.append(render_examples(examples, args.wide, args.jobs, first=WIDE))
        return {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}

    data = _cached(args.cache, render)
    print(f"{len(data['offset'])} examples from {args.frames} + {args.wide} wide-angle frames", flush=True)
    fit(data, args.epochs, centre.DEFAULT_MODEL)
    print(f"-> {centre.DEFAULT_MODEL}")


if __name__ == "__main__":
    main()
