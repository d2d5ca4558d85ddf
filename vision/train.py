"""Train the shipped models on rendered frames (training fonts and drawings only) and save them in vision/models/.

    .venv/bin/python -m vision.train [--flat 4400] [--harsh 12000] [--posture 12000] [--only faces|posture]
                                     [--jobs 2] [--cache /tmp/pirate-train-crops.npz]

Writes vision/models/faces.npz (the face network), vision/models/kinds.npz (one colour Gaussian per kind, default
look, from the flat frames), vision/models/posture.npz (flat or leaning on an edge, vision/posture.py) and
vision/models/place.npz (where a found die's top truly lies, vision/place.py). The face network learns from two
kinds of frame: the flat renders of issue 16 (44 px dice seen from straight above) and harsh ones (vision/harsh.py:
every frame its own installation, dice 22-110 px wide at 640x480 or 1280x960, overhead or side lamp, any cloth, lamp
colour and printing), with some dice on their edge, taught as NO_FACE. The posture network and the placer learn from
frames of their own, harsh ones with 30 % of dice on an edge and a flat one now and then, each die in its four
quarter turns. Crops come from the real segmentation and are cut as the reader cuts them (the face network's with
the shipped posture network, placer and centring network), so training sees what reading sees. The shipped
faces.npz is still the third round's (issue 29 in BENCHMARKS.md: networks trained since on the reader's newer crops
read no better).
Rendering takes most of the time (about 12 minutes on two cores for each set of frames); `--cache` keeps the crops
for another training run (the posture network's and placer's beside it, "-posture" added to its name). The centring
network (vision/centre.py, vision/models/centre.onnx) is trained by `python -m vision.train_centre`, with PyTorch.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision import place, posture
from vision.crops import CROP, die_looks, top_face_crops, where_die_lies
from vision.dice import load_dice
from vision.faces import LABELS, NO_FACE, FaceNet, features
from vision.kinds import KindReader
from vision.pipeline import cut_out, shipped_networks
from vision.place import PlaceNet
from vision.posture import PostureNet
from vision.render import CLOTHS, LAMPS, TRAIN_STYLE, Frame, Scene, load_look, scatter
from vision.segment import find_dice

MODELS = Path(__file__).with_name("models")
LOOKS = ("default", "harbour", "tavern")
HARSH_CAMERAS = 1_000_000  # harsh training frames' camera seeds start here: far from any bench installation's
POSTURE_CAMERAS = 2_000_000  # and the posture network's
CHUNK = 250  # frames per job


_dice = cache(load_dice)  # read once per process, not once per frame
_look = cache(load_look)


def flat_frame(seed: int) -> tuple[Frame, float]:
    frame = scatter(seed, _dice(), 1 + seed % 6, look=_look("default"), style=TRAIN_STYLE, touching=0.3, on_edge=0.1)
    return frame, frame.die_px


def harsh_frame(seed: int) -> tuple[Frame, float]:
    """A frame of its own random installation, and the die width calibration would have measured there (within
    5 %)."""
    return _harsh(seed, np.random.default_rng([seed, 99]), on_edge=0.15, camera_seed=HARSH_CAMERAS + seed)


def posture_frame(seed: int) -> tuple[Frame, float]:
    """A frame for the posture network: more dice on their edge, a flat frame now and then."""
    rng = np.random.default_rng([seed, 77])
    if rng.random() < 0.15:
        frame = scatter(seed, _dice(), 1 + seed % 6, look=_look("default"), style=TRAIN_STYLE, touching=0.3,
                        on_edge=0.3)  # fmt: skip
        return frame, frame.die_px
    return _harsh(seed, rng, on_edge=0.3, camera_seed=POSTURE_CAMERAS + seed)


def _harsh(
    seed: int, rng: np.random.Generator, on_edge: float, camera_seed: int, wide: bool = False
) -> tuple[Frame, float]:
    """A harsh frame of its own random installation, and the die width calibration would have measured there.

    `wide`: small dice in a big frame (a high camera: 22-36 px at 640x480, twice that at 1280x960), where the
    corners are seen at the widest angle and a die's side shows nearly as big as its top; three to six dice, and a
    measured width up to 15 % over the drawn one (what calibration measures at such a camera, its sides taken in)."""
    width, height = (1280, 960) if rng.random() < (0.5 if wide else 0.3) else (640, 480)
    if wide:
        die_px = math.exp(rng.uniform(math.log(22), math.log(36))) * width / 640
    else:
        die_px = math.exp(rng.uniform(math.log(22), math.log(110)))
    # Teal felt is left out: calibration refused it when the shipped networks were trained (it need not: issue 29's
    # tenth round in BENCHMARKS.md, where its mermaid dice, the nearest to it, read worst).
    cloth = str(rng.choice([name for name in CLOTHS if name != "teal felt"]))
    scene = Scene(width, height, die_px, cloth=cloth, lamp=str(rng.choice(list(LAMPS))), harsh=True,
                  lamp_place=str(rng.choice(["overhead", "side"])))  # fmt: skip
    look = _look(LOOKS[int(rng.integers(len(LOOKS)))])
    count = int(rng.integers(3, 7)) if wide else int(rng.integers(1, 7))
    frame = scatter(seed, _dice(), count, look=look, style=TRAIN_STYLE, scene=scene, touching=0.12, on_edge=on_edge,
                    camera_seed=camera_seed)  # fmt: skip
    return frame, die_px * rng.uniform(0.95, 1.15 if wide else 1.05)


def labelled_crops(seeds: range, harsh: bool) -> tuple[np.ndarray, list[str], list[str]]:
    """The crops the reader would read in these frames, with each die's true kind and face (NO_FACE on its edge)."""
    cv2.setNumThreads(1)
    crops, kinds, labels = [], [], []
    for seed in seeds:
        frame, die_px = harsh_frame(seed) if harsh else flat_frame(seed)
        blobs = find_dice(frame.image, die_px).blobs
        cut = cut_out(frame.image, blobs, die_px, *shipped_networks())
        reach = max(12.0, 0.3 * frame.die_px)
        for i, blob in enumerate(blobs):
            x, y = cut.places[i]  # where the reader says the die lies
            near = [t for t in frame.dice if math.hypot(t.centre[0] - x, t.centre[1] - y) < reach]
            # What the reader reads, and more: every die whose top face is clear, a leaning one too (the network
            # learns NO_FACE from the rest).
            if (blob.readable or cut.tops[i] is not None) and len(near) == 1:
                crops.append(cut.crops[i])
                kinds.append(near[0].kind)
                labels.append(near[0].face or NO_FACE)
    return np.array(crops, np.uint8).reshape(-1, CROP, CROP, 3), kinds, labels


def posture_examples(seeds: range) -> dict[str, np.ndarray]:
    """Every die found in these frames with what the posture network and the placer look at (its context crop,
    geometry and body colour), whether it leans on an edge, and how far its true top lies from where it was found
    (in dice, along the context crop's axes: what the placer learns).

    `matched`: found where the bench counts it found (within max(12 px, 0.3 die) of one die): the posture network
    learns from those. The placer learns from every piece that is the one nearest a die, up to place.REACH from it."""
    cv2.setNumThreads(1)
    crops, geometry, body, leaning, offset, matched = [], [], [], [], [], []
    for seed in seeds:
        frame, die_px = posture_frame(seed)
        blobs = find_dice(frame.image, die_px).blobs
        cut, tops = top_face_crops(frame.image, blobs, die_px)
        looks = die_looks(cut)
        context = posture.context_crops(frame.image, blobs, tops, die_px)
        height, width = frame.image.shape[:2]
        reach = max(12.0, 0.3 * frame.die_px)
        for i, (blob, top) in enumerate(zip(blobs, tops, strict=True)):
            x, y = where_die_lies(blob, top)
            dice = sorted(frame.dice, key=lambda t: math.hypot(t.centre[0] - x, t.centre[1] - y))
            far = [math.hypot(t.centre[0] - x, t.centre[1] - y) for t in dice] + [math.inf, math.inf]
            one_near = far[0] < reach <= far[1]
            if one_near or far[0] < place.REACH * frame.die_px <= far[1]:
                die = dice[0]
                crops.append(context[i])
                geometry.append(posture.geometry(blob, top, die_px, width, height))
                body.append(looks.body[i])
                leaning.append(die.face is None)
                dx, dy = place.along_crop(die.centre[0] - x, die.centre[1] - y, blob.angle)
                offset.append((dx / die_px, dy / die_px))
                matched.append(one_near)
    size = posture.SIZE
    return {
        "crops": np.array(crops, np.uint8).reshape(-1, size, size, 3),
        "geometry": np.array(geometry, np.float32).reshape(-1, posture.GEOMETRY),
        "body": np.array(body, np.float32).reshape(-1, 3),
        "leaning": np.array(leaning, bool),
        "offset": np.array(offset, np.float32).reshape(-1, 2),
        "matched": np.array(matched, bool),
    }


def turned_features(crops: np.ndarray, geometry: np.ndarray, body: np.ndarray, k: int) -> np.ndarray:
    """posture.features of the context crops turned by np.rot90(crop, k) (a quarter turn swaps the crop's two axes,
    and so the frame's middle's components along them)."""
    turned = geometry.copy()
    if k % 2:
        turned[:, posture.ACROSS] = turned[:, posture.ACROSS[::-1]]
    return posture.from_crops(np.ascontiguousarray(np.rot90(crops, k, axes=(1, 2))), turned, body)


def quarter_turns(data: dict[str, np.ndarray]) -> list[np.ndarray]:
    """posture_examples' features in each of the four quarter turns (a die lies any way round), computed once for
    both networks."""
    return [turned_features(data["crops"], data["geometry"], data["body"], k) for k in range(4)]


def train_posture(data: dict[str, np.ndarray], turns: list[np.ndarray]) -> PostureNet:
    """Trained on each die found where the bench counts it found, in its four quarter turns."""
    m = data["matched"]
    return PostureNet.train(np.concatenate([x[m] for x in turns]), np.tile(data["leaning"][m], 4))


def train_place(data: dict[str, np.ndarray], turns: list[np.ndarray]) -> PlaceNet:
    """Trained on each die in its four quarter turns, its offset turned with it."""
    offsets = [place.quarter_turned(data["offset"], k) for k in range(4)]
    return PlaceNet.train(np.concatenate(turns), np.concatenate(offsets))


def render_crops(flat: int, harsh: int, jobs: int) -> tuple[np.ndarray, list[str], list[str], np.ndarray]:
    """Crops, kinds and labels of `flat` flat and `harsh` harsh frames, and which crops are flat."""
    work = [(range(s, min(s + CHUNK, flat)), False) for s in range(0, flat, CHUNK)]
    work += [(range(s, min(s + CHUNK, harsh)), True) for s in range(0, harsh, CHUNK)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(labelled_crops, *zip(*work, strict=True)))
    crops = np.concatenate([p[0] for p in parts])
    kinds = [k for p in parts for k in p[1]]
    labels = [label for p in parts for label in p[2]]
    is_flat = np.concatenate([np.full(len(p[1]), not harsh) for p, (_, harsh) in zip(parts, work, strict=True)])
    return crops, kinds, labels, is_flat


def train_faces(crops: np.ndarray, labels: list[str], epochs: int, start: FaceNet | None = None, **options) -> FaceNet:
    x = features(die_looks(crops).maps)
    y = np.repeat([LABELS.index(label) for label in labels], 4)
    return FaceNet.train(x, y, epochs=epochs, start=start, **options)


def render_examples(
    examples: Callable[[range], dict[str, np.ndarray]], frames: int, jobs: int, first: int = 0
) -> dict[str, np.ndarray]:
    """`examples` of `frames` frames from seed `first` on, rendered in `jobs` processes, CHUNK frames at a time."""
    end = first + frames
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(examples, [range(s, min(s + CHUNK, end)) for s in range(first, end, CHUNK)]))
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}


def _cached(path: Path | None, render: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """What `render` makes, kept at `path` (and read from there when it exists)."""
    if path and path.exists():
        with np.load(path) as data:
            return dict(data)
    made = render()
    if path:
        np.savez_compressed(path, **made)  # type: ignore[arg-type]  # (its stubs take a key for allow_pickle)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flat", type=int, default=4400, help="flat frames (issue 16's renders)")
    parser.add_argument("--harsh", type=int, default=12000, help="harsh frames (a real camera under one lamp)")
    parser.add_argument("--posture", type=int, default=12000, help="frames for the posture network")
    parser.add_argument("--only", choices=["faces", "posture"], help="train only this (faces: with the kinds)")
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--hidden", type=int, default=192)
    parser.add_argument("--jobs", type=int, default=2, help="rendering processes")
    parser.add_argument("--cache", type=Path, help="keep the rendered crops here (and reuse them if present)")
    args = parser.parse_args()
    MODELS.mkdir(exist_ok=True)
    if args.only != "posture":

        def render_faces() -> dict[str, np.ndarray]:
            crops, kinds, labels, is_flat = render_crops(args.flat, args.harsh, args.jobs)
            return {"crops": crops, "kinds": np.array(kinds), "labels": np.array(labels), "flat": is_flat}

        data = _cached(args.cache, render_faces)
        crops, kinds, labels, is_flat = data["crops"], data["kinds"], data["labels"], data["flat"]
        # The kinds' colour spreads from the flat frames' dice (calibration replaces the means at each installation).
        flat_faces = is_flat & (labels != NO_FACE)
        KindReader.fit(die_looks(crops[flat_faces]).colours, [str(k) for k in kinds[flat_faces]]).save(
            MODELS / "kinds.npz"
        )
        train_faces(crops, [str(f) for f in labels], args.epochs, hidden=args.hidden).save(str(MODELS / "faces.npz"))
        print(f"faces: trained on {len(crops)} dice ({int(is_flat.sum())} flat) from {args.flat + args.harsh} frames")
    if args.only != "faces":
        cache = args.cache.with_name(args.cache.stem + "-posture.npz") if args.cache else None
        data = _cached(cache, lambda: render_examples(posture_examples, args.posture, args.jobs))
        turns = quarter_turns(data)
        train_posture(data, turns).save(str(MODELS / "posture.npz"))
        train_place(data, turns).save(str(MODELS / "place.npz"))
        matched = data["matched"]
        print(f"posture: trained on {int(matched.sum())} dice ({int(data['leaning'][matched].sum())} leaning), the "
              f"placer on {len(matched)}, from {args.posture} frames")  # fmt: skip
    print(f"-> {MODELS}")


if __name__ == "__main__":
    main()
