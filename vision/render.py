"""A synthetic camera: top-down frames of the dice tray, with the truth about every die in them.

Everything random comes from one seed, so a frame can be rebuilt exactly. The randomisation is wide on purpose
(tray texture, light, colour cast, shadows, blur, noise, perspective, fonts and glyph drawings), because the
classifier trained on these frames must cope with a real café.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from vision import harsh
from vision.dice import DiceSet, load_dice

_DICE = load_dice()  # which faces a die's sides carry (harsh frames)
LOOKS_DIR = Path(__file__).with_name("looks")
TILE = 128  # glyphs are drawn on a tile this big, then shrunk to the die's size: smooth edges at any size

FONTS: dict[str, int] = {
    "simplex": cv2.FONT_HERSHEY_SIMPLEX,
    "plain": cv2.FONT_HERSHEY_PLAIN,
    "duplex": cv2.FONT_HERSHEY_DUPLEX,
    "complex": cv2.FONT_HERSHEY_COMPLEX,
    "triplex": cv2.FONT_HERSHEY_TRIPLEX,
    "complex_small": cv2.FONT_HERSHEY_COMPLEX_SMALL,
    "script": cv2.FONT_HERSHEY_SCRIPT_SIMPLEX,
    "italic": cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC,
    "segment": -1,  # drawn from line segments, like a printed seven-segment numeral
}
SKULLS = ("round", "crossbones", "narrow")
FLAGS = ("pennant", "banner", "swallowtail", "polygon")


@dataclass(frozen=True)
class Style:
    """Which glyph drawings a frame may use. Training and evaluation use different ones.

    `shear` slants glyphs by up to that much (a training variation: the evaluation's italic font is never drawn in
    training); the "polygon" flag is a random shape on a pole, so training learns "a pole with a cloth", not two
    particular flags.
    """

    fonts: tuple[str, ...] = ("simplex", "duplex", "triplex", "plain", "script", "segment")
    skulls: tuple[str, ...] = ("round", "crossbones")
    flags: tuple[str, ...] = ("pennant", "banner", "polygon")
    shear: float = 0.3


TRAIN_STYLE = Style()
EVAL_STYLE = Style(
    fonts=("complex", "complex_small", "italic"), skulls=("narrow", "round"), flags=("swallowtail",), shear=0.0
)


@dataclass(frozen=True)
class Look:
    """How a printing of the dice looks: body and glyph colour (BGR) per kind."""

    name: str
    body: dict[str, tuple[int, int, int]]
    glyph: dict[str, tuple[int, int, int]]
    edge_shade: float = 0.3


def _bgr(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) for i in (0, 2, 4))
    return (b, g, r)


def load_look(name_or_path: str | Path = "default") -> Look:
    """A look by name (a file in vision/looks/) or by path."""
    path = Path(name_or_path)
    if not path.suffix:
        path = LOOKS_DIR / f"{name_or_path}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    kinds = data["kinds"]
    return Look(
        name=data.get("name", path.stem),
        body={kind: _bgr(colours["body"]) for kind, colours in kinds.items()},
        glyph={kind: _bgr(colours["glyph"]) for kind, colours in kinds.items()},
        edge_shade=float(data.get("edge_shade", 0.3)),
    )


@dataclass(frozen=True)
class DieSpec:
    """One die to draw: where its centre lies (pixels), its turn in degrees, and whether it lies flat."""

    kind: str
    face: str
    x: float
    y: float
    angle: float = 0.0
    on_edge: bool = False  # leaning on an edge: two faces half seen, no readable top


@dataclass(frozen=True)
class DieTruth:
    """What a rendered frame really shows about one die. face is None when no face is readable."""

    kind: str
    face: str | None
    centre: tuple[float, float]
    corners: tuple[tuple[float, float], ...]


@dataclass
class Frame:
    image: np.ndarray
    dice: list[DieTruth]
    die_px: float
    obstructed: bool = False
    meta: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Scene:
    """The frame size, the die size and how wild the randomisation may be."""

    width: int = 640
    height: int = 480
    die_px: float = 44.0
    wild: float = 1.0  # 0 renders a clean frame: flat light, no noise, no blur, no perspective
    cloth: str | None = None  # one tray lining (a key of CLOTHS) for every frame: one installation; None: random
    lamp: str | None = None  # one lamp (a key of LAMPS) for every frame: its brightness and colour; None: random
    # A real camera under one lamp (vision/harsh.py): 3D dice, cast shadows, glare, lens, sensor drift, JPEG. Off,
    # every frame is drawn as it always was.
    harsh: bool = False
    lamp_place: str | None = None  # harsh: "overhead" or "side" (vision.harsh.LAMP_PLACES); None: the rig's choice
    settling: float = 0.08  # harsh: the chance that one die of a frame is still moving (motion blur)


# ---------------------------------------------------------------- glyphs (drawn white on a black tile mask)


def _draw_numeral(mask: np.ndarray, face: str, font: str, rng: np.random.Generator) -> None:
    size = mask.shape[0]
    height = size * rng.uniform(0.5, 0.64)
    if font == "segment":
        _draw_segment_numeral(mask, face, height, rng)
        return
    face_id = FONTS[font]
    thickness = int(rng.integers(5, 10))
    (w, h), _ = cv2.getTextSize(face, face_id, 1.0, thickness)
    scale = height / max(h, 1)
    thickness = max(2, round(thickness * scale / 2.5))
    (w, h), _ = cv2.getTextSize(face, face_id, scale, thickness)
    x = (size - w) / 2 + rng.uniform(-2, 2)
    y = (size + h) / 2 + rng.uniform(-2, 2)
    cv2.putText(mask, face, (round(x), round(y)), face_id, scale, 255, thickness, cv2.LINE_AA)


# Seven segments a..g as (x0, y0, x1, y1) on a unit box 0..1 wide, 0..1 tall.
_SEGMENTS = {
    "a": (0, 0, 1, 0),
    "b": (1, 0, 1, 0.5),
    "c": (1, 0.5, 1, 1),
    "d": (0, 1, 1, 1),
    "e": (0, 0.5, 0, 1),
    "f": (0, 0, 0, 0.5),
    "g": (0, 0.5, 1, 0.5),
}
_DIGIT_SEGMENTS = {
    "1": "bc",
    "2": "abged",
    "3": "abgcd",
    "4": "fgbc",
    "5": "afgcd",
    "6": "afgedc",
    "7": "abc",
}


def _draw_segment_numeral(mask: np.ndarray, face: str, height: float, rng: np.random.Generator) -> None:
    size = mask.shape[0]
    width = height * rng.uniform(0.5, 0.62)
    left, top = (size - width) / 2, (size - height) / 2
    thickness = int(rng.integers(7, 12))
    for name in _DIGIT_SEGMENTS[face]:
        x0, y0, x1, y1 = _SEGMENTS[name]
        p0 = (round(left + x0 * width), round(top + y0 * height))
        p1 = (round(left + x1 * width), round(top + y1 * height))
        cv2.line(mask, p0, p1, 255, thickness, cv2.LINE_AA)


def _draw_skull(mask: np.ndarray, variant: str, rng: np.random.Generator) -> None:
    s = mask.shape[0]
    c = s / 2
    k = rng.uniform(0.85, 1.05)
    if variant == "crossbones":
        w = round(s * 0.05)
        for sign in (-1, 1):
            p0 = (round(c - 0.36 * s * k), round(c + sign * -0.06 * s + 0.22 * s * k))
            p1 = (round(c + 0.36 * s * k), round(c + sign * 0.06 * s - 0.02 * s + 0.22 * s * k))
            cv2.line(mask, p0, p1, 255, w, cv2.LINE_AA)
            for end in (p0, p1):
                cv2.circle(mask, end, round(s * 0.04), 255, -1, cv2.LINE_AA)
        k *= 0.85
    narrow = variant == "narrow"
    rx, ry = 0.26 * s * k * (0.82 if narrow else 1.0), 0.24 * s * k
    top = c - 0.08 * s
    cv2.ellipse(mask, (round(c), round(top)), (round(rx), round(ry)), 0, 0, 360, 255, -1, cv2.LINE_AA)
    jaw_w, jaw_h = rx * 0.62, 0.16 * s * k
    cv2.rectangle(
        mask,
        (round(c - jaw_w), round(top + ry * 0.5)),
        (round(c + jaw_w), round(top + ry * 0.5 + jaw_h)),
        255,
        -1,
    )
    eye_r = round(s * 0.075 * k)
    for sign in (-1, 1):
        eye = (round(c + sign * rx * 0.42), round(top + ry * 0.12))
        if narrow:
            cv2.ellipse(mask, eye, (eye_r, round(eye_r * 1.3)), 0, 0, 360, 0, -1, cv2.LINE_AA)
        else:
            cv2.circle(mask, eye, eye_r, 0, -1, cv2.LINE_AA)
    nose = np.array(
        [[c, top + ry * 0.35], [c - s * 0.03, top + ry * 0.6], [c + s * 0.03, top + ry * 0.6]], dtype=np.int32
    )
    cv2.fillConvexPoly(mask, nose, 0, cv2.LINE_AA)
    for i in range(-1, 2):
        x = round(c + i * jaw_w * 0.5)
        cv2.line(mask, (x, round(top + ry * 0.85)), (x, round(top + ry * 0.5 + jaw_h)), 0, 2)


def _draw_flag(mask: np.ndarray, variant: str, rng: np.random.Generator) -> None:
    s = mask.shape[0]
    k = rng.uniform(0.85, 1.05)
    pole_x = round(s * (0.5 - 0.2 * k))
    top, bottom = round(s * (0.5 - 0.3 * k)), round(s * (0.5 + 0.3 * k))
    cv2.line(mask, (pole_x, top), (pole_x, bottom), 255, max(3, round(s * 0.045)), cv2.LINE_AA)
    cv2.rectangle(mask, (pole_x - 8, bottom - 3), (pole_x + 8, bottom + 3), 255, -1)
    fly = round(s * 0.44 * k)
    drop = round(s * 0.3 * k)
    if variant == "pennant":
        pts = [(pole_x, top), (pole_x + fly, top + drop // 2), (pole_x, top + drop)]
    elif variant == "polygon":
        corners = int(rng.integers(3, 7))
        xs = np.sort(rng.uniform(0.3, 1.0, corners)) * fly
        upper = [(pole_x + x, top + rng.uniform(-0.1, 0.25) * drop) for x in xs]
        lower = [(pole_x + x, top + rng.uniform(0.6, 1.1) * drop) for x in xs[::-1]]
        pts = [(pole_x, top), *upper, *lower, (pole_x, top + drop)]
    elif variant == "swallowtail":
        pts = [(pole_x, top), (pole_x + fly, top), (pole_x + fly * 2 // 3, top + drop // 2), (pole_x + fly, top + drop),
               (pole_x, top + drop)]  # fmt: skip
    else:  # banner: a waving rectangle
        xs = np.linspace(0, fly, 12)
        wave = np.sin(xs / fly * math.pi * 2) * s * 0.03
        upper = [(pole_x + x, top + w) for x, w in zip(xs, wave, strict=True)]
        lower = [(pole_x + x, top + drop + w) for x, w in zip(xs[::-1], wave[::-1], strict=True)]
        pts = upper + lower
    cv2.fillPoly(mask, [np.array(pts, dtype=np.int32)], 255, cv2.LINE_AA)


def glyph_mask(face: str, style: Style, rng: np.random.Generator, size: int = TILE) -> np.ndarray:
    """The face's glyph, white on black, upright, drawn with a font or drawing picked from the style."""
    mask: np.ndarray = np.zeros((size, size), np.uint8)
    if face == "skull":
        _draw_skull(mask, str(rng.choice(style.skulls)), rng)
    elif face == "flag":
        _draw_flag(mask, str(rng.choice(style.flags)), rng)
    else:
        _draw_numeral(mask, face, str(rng.choice(style.fonts)), rng)
    if style.shear:
        slant = rng.uniform(-style.shear, style.shear)
        matrix = np.array([[1, slant, -slant * size / 2], [0, 1, 0]], np.float32)
        mask = cv2.warpAffine(mask, matrix, (size, size), flags=cv2.INTER_LINEAR)
    return mask


# ---------------------------------------------------------------- the tray

_TRAYS = {  # BGR base colours: felts, cork and wood, all unlike any die body
    "green felt": (58, 96, 44),
    "grey felt": (120, 118, 112),
    "cork": (92, 140, 176),
    "light wood": (120, 170, 205),
    "dark felt": (70, 60, 52),
}


# Tray linings of installations (benchmarks, tests of calibration): drawn only when a Scene names one, so frames
# of a random tray are the same as ever.
CLOTHS = {
    **_TRAYS,
    "navy felt": (82, 44, 30),
    "beige felt": (150, 185, 200),
    "brown felt": (40, 62, 96),
    "teal felt": (190, 166, 62),  # the colour of the default mermaid die: calibration must refuse it
}

# Lamps of installations: overall brightness and colour (B, G, R gains) for every frame.
LAMPS = {
    "daylight": (1.0, (1.0, 1.0, 1.0)),
    "warm": (0.95, (0.86, 0.97, 1.08)),
    "cool": (1.05, (1.08, 1.0, 0.93)),
    "dim": (0.78, (0.97, 1.0, 1.03)),
}


def _tray(scene: Scene, rng: np.random.Generator) -> tuple[np.ndarray, str]:
    name = str(rng.choice(list(_TRAYS)))
    if scene.cloth is not None:
        name = scene.cloth
    base = np.array(CLOTHS[name], np.float32) * rng.uniform(0.9, 1.1, 3).astype(np.float32)
    h, w = scene.height, scene.width
    grain: np.ndarray = rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32)
    grain = cv2.resize(grain, (w, h), interpolation=cv2.INTER_LINEAR)[:h, :w]
    if "wood" in name:
        y = np.arange(h, dtype=np.float32)[:, None]
        x = np.arange(w, dtype=np.float32)[None, :]
        stripes = np.sin((y + 9 * np.sin(x / rng.uniform(40, 90))) / rng.uniform(3, 7)) * 6
        texture = stripes + grain * 3
    elif name == "cork":
        texture = grain * 7 + (rng.random((h, w)) < 0.02) * -25
    else:
        texture = grain * 4
    tray = base[None, None, :] + texture[..., None].astype(np.float32)
    return tray, name


# ---------------------------------------------------------------- one die


def _face_tile(kind: str, face: str, look: Look, style: Style, rng: np.random.Generator) -> np.ndarray:
    """A TILE x TILE float BGR picture of the face, with darker rounded edges."""
    mask = glyph_mask(face, style, rng).astype(np.float32)[..., None] / 255
    body = np.array(look.body[kind], np.float32) * rng.uniform(0.93, 1.07)
    glyph = np.array(look.glyph[kind], np.float32)
    tile = body * (1 - mask) + glyph * mask
    return tile * _edge_shading(TILE, TILE, look.edge_shade)[..., None]


def _edge_shading(h: int, w: int, shade: float) -> np.ndarray:
    # The rounded edges of a real die catch less light: they show as a darker rim and a seam between touching dice.
    y = np.minimum(np.arange(h), np.arange(h)[::-1])[:, None] / (h * 0.09)
    x = np.minimum(np.arange(w), np.arange(w)[::-1])[None, :] / (w * 0.09)
    rim = np.clip(np.minimum(x, y), 0, 1)
    return (1 - shade + shade * rim).astype(np.float32)


def _rounded_mask(h: int, w: int) -> np.ndarray:
    mask = np.zeros((h, w), np.uint8)
    r = round(min(h, w) * 0.12)
    cv2.rectangle(mask, (r, 0), (w - 1 - r, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - 1 - r), 255, -1)
    for cx, cy in ((r, r), (w - 1 - r, r), (r, h - 1 - r), (w - 1 - r, h - 1 - r)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def _edge_tile(kind: str, face: str, look: Look, style: Style, rng: np.random.Generator) -> np.ndarray:
    """A die leaning on an edge seen from above: two faces, each squashed, one in shade."""
    top = cv2.resize(_face_tile(kind, face, look, style, rng), (TILE, int(TILE * 0.72)))
    other = str(rng.choice(["skull", "flag", "1", "2", "3", "4", "5", "6", "7"]))
    bottom = cv2.resize(_face_tile(kind, other, look, style, rng), (TILE, int(TILE * 0.72))) * 0.7
    return np.vstack([top, bottom])


def _corners(spec: DieSpec, side: float) -> np.ndarray:
    h = side * (1.44 if spec.on_edge else 1.0)
    half = np.array([[-side, -h], [side, -h], [side, h], [-side, h]], np.float32) / 2
    a = math.radians(spec.angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]], np.float32)
    return half @ rot.T + np.array([spec.x, spec.y], np.float32)


def _paste(canvas: np.ndarray, tile: np.ndarray, corners: np.ndarray) -> None:
    """Warp the tile onto the float canvas (in place) so that its corners land on the given four points."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    # Shrink the tile close to its final size first: a direct warp from 128 px would alias the glyph.
    side = float(np.linalg.norm(corners[1] - corners[0]))
    factor = tile.shape[1] / max(side, 1.0)
    if factor > 1.5:
        size = (max(2, round(tile.shape[1] / factor)), max(2, round(tile.shape[0] / factor)))
        tile = cv2.resize(tile, size, interpolation=cv2.INTER_AREA)
    th, tw = tile.shape[:2]
    src = np.array([[0, 0], [tw, 0], [tw, th]], np.float32)
    matrix = cv2.getAffineTransform(src, (corners[:3] - [x0, y0]).astype(np.float32))
    mask = _rounded_mask(th, tw).astype(np.float32) / 255
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpAffine(tile, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.warpAffine(mask, matrix, size, flags=cv2.INTER_LINEAR)[..., None]
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + warped * alpha


# ---------------------------------------------------------------- whole frames


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    return float(area)


def random_dice(
    rng: np.random.Generator,
    dice: DiceSet,
    count: int,
    scene: Scene = Scene(),
    touching: float = 0.3,
    on_edge: float = 0.0,
) -> list[DieSpec]:
    """`count` dice of random kinds and faces, scattered over the tray without overlapping.

    With probability `touching` a die is laid against one already placed (edge to edge or corner to edge), the hard
    case for segmentation; with probability `on_edge` it leans on an edge and shows no readable face.
    """
    side = scene.die_px
    margin = side * 1.2
    placed: list[DieSpec] = []
    shapes: list[np.ndarray] = []
    for _ in range(count):
        kind = str(rng.choice(dice.kinds))
        face = str(rng.choice(dice.sides[kind]))
        edge = bool(rng.random() < on_edge)
        for _attempt in range(200):
            if placed and rng.random() < touching:
                anchor = placed[int(rng.integers(len(placed)))]
                angle = anchor.angle + (rng.uniform(-6, 6) if rng.random() < 0.6 else rng.uniform(-45, 45))
                direction = math.radians(anchor.angle + 90 * int(rng.integers(4)) + rng.uniform(-25, 25))
                gap = side * rng.uniform(1.0, 1.25)
                x, y = anchor.x + gap * math.cos(direction), anchor.y + gap * math.sin(direction)
            else:
                x = rng.uniform(margin, scene.width - margin)
                y = rng.uniform(margin, scene.height - margin)
                angle = rng.uniform(0, 360)
            spec = DieSpec(kind, face, float(x), float(y), float(angle % 360), edge)
            shape = _corners(spec, side)
            inside = (shape.min(axis=0) > side * 0.3).all() and (
                shape.max(axis=0) < [scene.width - side * 0.3, scene.height - side * 0.3]
            ).all()
            if inside and all(_overlap(shape, other) < 1.0 for other in shapes):
                placed.append(spec)
                shapes.append(shape)
                break
    return placed


def render(
    dice: Sequence[DieSpec],
    seed: int,
    look: Look | None = None,
    style: Style = TRAIN_STYLE,
    scene: Scene = Scene(),
    hand: bool = False,
    camera_seed: int | None = None,
) -> Frame:
    """Draw the tray with these dice; the same arguments always give the same picture.

    Each part draws from its own random stream (tray, shadows, each die by its place in `dice`, hand, light,
    camera), so frames of one seed that differ only in their dice are the same everywhere else: a sequence of
    frames with one seed is a still camera watching dice arrive, move and leave. With `camera_seed`, the tray, the
    lamp's shadows and light and the camera come from it and only the dice and the sensor noise from `seed`: one
    installation (calibrated once) seeing many throws of dice that each look their own.
    """
    still = seed if camera_seed is None else camera_seed
    look = look or load_look()
    if scene.harsh:
        return _render_harsh(dice, seed, still, look, style, scene, hand)
    rng = np.random.default_rng([still, 0])
    wild = scene.wild
    canvas, tray_name = _tray(scene, rng)
    side = scene.die_px * (1 + wild * rng.uniform(-0.04, 0.04))
    shapes = [_corners(spec, side) for spec in dice]

    # Soft shadows, cast away from a light somewhere above the tray.
    footprint: np.ndarray = np.zeros(canvas.shape[:2], np.float32)
    shift = rng.uniform(-0.12, 0.12, 2) * side * wild
    for shape in shapes:
        cv2.fillConvexPoly(footprint, np.round(shape + shift).astype(np.int32), 1.0, cv2.LINE_AA)
    footprint = cv2.GaussianBlur(footprint, (0, 0), side * 0.08 + 0.5)
    canvas *= (1 - footprint * rng.uniform(0.1, 0.3) * wild)[..., None]

    for spec, shape in zip(dice, shapes, strict=True):
        maker = _edge_tile if spec.on_edge else _face_tile
        _paste(canvas, maker(spec.kind, spec.face, look, style, _die_rng(seed, spec)), shape)
    if hand:
        _draw_hand(canvas, scene, np.random.default_rng([seed, 2]))

    canvas = _light(canvas, np.random.default_rng([still, 3]), wild, scene.lamp)
    image = np.clip(canvas, 0, 255).astype(np.uint8)
    rng = np.random.default_rng([still, 4])
    image, shapes = _perspective(image, shapes, rng, wild)
    if wild:
        sigma = rng.uniform(0, 1.0) * wild
        if sigma > 0.3:
            image = cv2.GaussianBlur(image, (0, 0), sigma)
        level = rng.uniform(0, 5) * wild
        noise = (rng if camera_seed is None else np.random.default_rng([seed, 6])).normal(0, level, image.shape)
        image = np.clip(image + noise, 0, 255).astype(np.uint8)
    truths = [
        DieTruth(
            spec.kind,
            None if spec.on_edge else spec.face,
            (float(shape[:, 0].mean()), float(shape[:, 1].mean())),
            tuple((float(px), float(py)) for px, py in shape),
        )
        for spec, shape in zip(dice, shapes, strict=True)
    ]
    return Frame(image, truths, side, obstructed=hand, meta={"tray": tray_name, "look": look.name, "seed": seed})


def _render_harsh(
    dice: Sequence[DieSpec], seed: int, still: int, look: Look, style: Style, scene: Scene, hand: bool
) -> Frame:
    """A real camera's frame (vision/harsh.py): the dice are placed where `dice` puts them in the image (their
    world place found through the tray's perspective), pushed apart where the perspective made them overlap."""
    rng = np.random.default_rng([still, 0])
    canvas, tray_name = _tray(scene, rng)
    rig = harsh.make_rig(np.random.default_rng([still, 7]), scene.width, scene.height, scene.die_px, scene.lamp_place)
    level, colour = LAMPS[scene.lamp] if scene.lamp is not None else (1.0, (1.0, 1.0, 1.0))
    light = np.random.default_rng([still, 3])
    canvas *= level * (1 + light.uniform(-0.08, 0.08)) * (np.array(colour) * light.uniform(0.97, 1.03, 3))
    to_world = np.linalg.inv(harsh.tray_homography(rig, scene.width, scene.height))
    side = scene.die_px
    placed: list[tuple[DieSpec, np.ndarray]] = []
    for spec in dice:
        centre = cv2.perspectiveTransform(np.array([[[spec.x, spec.y]]], np.float32), to_world)[0, 0]
        moved = DieSpec(spec.kind, spec.face, float(centre[0]), float(centre[1]), spec.angle, spec.on_edge)
        base = _corners(moved, side)
        for _push in range(40):  # the perspective shrinks gaps near the camera: push a die off those it overlaps
            hit = next((other for _, other in placed if _overlap(base, other) >= 1.0), None)
            if hit is None:
                break
            away = base.mean(axis=0) - hit.mean(axis=0)
            base = base + away / max(float(np.linalg.norm(away)), 1e-6) * side * 0.03
        else:
            continue
        top = rig.project(np.column_stack([base, np.full(4, side)]))
        if (top.min(axis=0) < side * 0.3).any() or (top.max(axis=0) > [scene.width - side * 0.3,
                                                                      scene.height - side * 0.3]).any():  # fmt: skip
            continue  # pushed or seen out of the frame
        placed.append((spec, base))
    shown = [_harsh_die(spec, base, side, look, style, _die_rng(seed, spec)) for spec, base in placed]
    image, tops = harsh.draw_scene(canvas, shown, rig, np.random.default_rng([seed, 9]), scene.settling)
    if hand:
        _draw_hand(image, scene, np.random.default_rng([seed, 2]))
    image = harsh.sensor(image, np.random.default_rng([seed, 8]))
    truths = [
        DieTruth(
            spec.kind,
            None if spec.on_edge else spec.face,
            (float(top[:, 0].mean()), float(top[:, 1].mean())),
            tuple((float(px), float(py)) for px, py in top),
        )
        for (spec, _), top in zip(placed, tops, strict=True)
    ]
    meta: dict[str, object] = {"tray": tray_name, "look": look.name, "seed": seed, "harsh": True}
    return Frame(image, truths, side, obstructed=hand, meta=meta)


def _harsh_die(
    spec: DieSpec, base: np.ndarray, side: float, look: Look, style: Style, rng: np.random.Generator
) -> harsh.HarshDie:
    """A cube's pictures: its face up, and four sides carrying other faces of its kind, each turned its own way."""
    kinds_faces = _DICE.sides.get(spec.kind, [spec.face])
    top = (
        _edge_tile(spec.kind, spec.face, look, style, rng)
        if spec.on_edge
        else _face_tile(spec.kind, spec.face, look, style, rng)
    )
    sides = []
    for _ in range(4):
        tile = _face_tile(spec.kind, str(rng.choice(kinds_faces)), look, style, rng)
        sides.append(np.ascontiguousarray(np.rot90(tile, int(rng.integers(4)))))
    alpha = _rounded_mask(top.shape[0], top.shape[1]).astype(np.float32) / 255
    body = np.array(look.body[spec.kind], np.float32)
    dark = float(body @ np.array([0.114, 0.587, 0.299], np.float32)) < 80
    if spec.on_edge:  # leaning: lower than a flat die, its sides the body's own colour
        sides = [cv2.resize(side_tile, (top.shape[1], top.shape[0])) for side_tile in sides]
    return harsh.HarshDie(base.astype(np.float64), side * (0.75 if spec.on_edge else 1.0), top, sides, alpha, dark)


def _die_rng(seed: int, spec: DieSpec) -> np.random.Generator:
    """A die's own stream, from what it is (not where it lies): it looks the same while it rolls and after."""
    return np.random.default_rng([seed, 1, *spec.kind.encode(), 0, *spec.face.encode(), int(spec.on_edge)])


def _light(canvas: np.ndarray, rng: np.random.Generator, wild: float, lamp: str | None = None) -> np.ndarray:
    """Uneven light: a brightness slope, a vignette and a colour cast (a named lamp's, a little varied)."""
    h, w = canvas.shape[:2]
    y = (np.arange(h, dtype=np.float32)[:, None] / h) - 0.5
    x = (np.arange(w, dtype=np.float32)[None, :] / w) - 0.5
    gx, gy = rng.uniform(-0.35, 0.35, 2) * wild
    vignette = rng.uniform(0, 0.35) * wild
    field = (1 + gx * x + gy * y) * (1 - vignette * (x * x + y * y) * 2)
    brightness = 1 + rng.uniform(-0.25, 0.2) * wild
    cast = 1 + rng.uniform(-0.1, 0.1, 3).astype(np.float32) * wild
    if lamp is not None:  # one lamp: its own light, varying only a little from frame to frame
        level, colour = LAMPS[lamp]
        brightness = level * (1 + (brightness - 1) * 0.2)
        cast = np.array(colour, np.float32) * (1 + (cast - 1) * 0.2)
    return canvas * (field * brightness)[..., None] * cast[None, None, :]


def _perspective(
    image: np.ndarray, shapes: list[np.ndarray], rng: np.random.Generator, wild: float
) -> tuple[np.ndarray, list[np.ndarray]]:
    """A camera not quite square to the tray: move each image corner a little."""
    if not wild:
        return image, shapes
    h, w = image.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dst = (src + rng.uniform(-0.025, 0.025, (4, 2)) * [w, h] * wild).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(image, matrix, (w, h), borderMode=cv2.BORDER_REFLECT)
    moved = [cv2.perspectiveTransform(shape[None].astype(np.float32), matrix)[0] for shape in shapes]
    return warped, moved


def _draw_hand(canvas: np.ndarray, scene: Scene, rng: np.random.Generator) -> None:
    """A hand reaching over the tray: palm, fingers and a forearm to the frame's edge, in a skin tone."""
    skin = np.array(rng.choice([(150, 180, 225), (120, 150, 200), (80, 110, 160), (60, 80, 120)]), np.float32)
    side = scene.die_px
    cx, cy = rng.uniform(0.3, 0.7) * scene.width, rng.uniform(0.35, 0.65) * scene.height
    mask = np.zeros(canvas.shape[:2], np.uint8)
    cv2.ellipse(mask, (round(cx), round(cy)), (round(side * 1.9), round(side * 2.2)), 0, 0, 360, 255, -1)
    for i in range(4):
        fx = cx + (i - 1.5) * side * 0.9
        cv2.line(mask, (round(fx), round(cy)), (round(fx), round(cy - side * 3.6)), 255, round(side * 0.75))
    cv2.line(mask, (round(cx), round(cy)), (round(cx), scene.height), 255, round(side * 2.6))
    alpha = cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), 2)[..., None]
    shade = cv2.GaussianBlur(rng.normal(1, 0.05, canvas.shape[:2]).astype(np.float32), (0, 0), 6)[..., None]
    canvas[:] = canvas * (1 - alpha) + skin * shade * alpha


def scatter(
    seed: int,
    dice: DiceSet,
    count: int,
    look: Look | None = None,
    style: Style = TRAIN_STYLE,
    scene: Scene = Scene(),
    touching: float = 0.3,
    on_edge: float = 0.0,
    camera_seed: int | None = None,
) -> Frame:
    """A random frame: `count` random dice scattered by `seed`, then rendered with the same seed (and the
    installation's `camera_seed`, see render)."""
    rng = np.random.default_rng([seed, 1])
    specs = random_dice(rng, dice, count, scene, touching, on_edge)
    return render(specs, seed, look, style, scene, camera_seed=camera_seed)


def calibration_frames(
    camera_seed: int,
    dice: DiceSet,
    look: Look | None = None,
    scene: Scene = Scene(),
    empty: int = 5,
    style: Style = EVAL_STYLE,
    seed: int = 0,
) -> list[np.ndarray]:
    """What `dice calibrate` sees at one installation (`camera_seed`, and the cloth and lamp of `scene`): `empty`
    frames of the empty tray, then one die of each kind in turn, alone, flat and somewhere in the tray."""
    rng = np.random.default_rng([seed, 5])
    frames = [render([], seed + i, look, style, scene, camera_seed=camera_seed).image for i in range(empty)]
    for number, kind in enumerate(dice.kinds):
        margin = scene.die_px
        spec = DieSpec(
            kind,
            str(rng.choice(dice.faces_of(kind))),
            float(rng.uniform(margin, scene.width - margin)),
            float(rng.uniform(margin, scene.height - margin)),
            float(rng.uniform(0, 90)),
        )
        frames.append(render([spec], seed + empty + number, look, style, scene, camera_seed=camera_seed).image)
    return frames
