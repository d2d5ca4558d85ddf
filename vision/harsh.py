"""A real camera above a real tray under one lamp (issue 29): what vision/render.py draws when a Scene is `harsh`.

The dice are cubes in the world (the tray plane is z = 0, units are the nominal frame's pixels, a die is `die_px`
wide there), seen by a pinhole camera 30-60 cm up, tilted 5-15 degrees, through a slightly barrel lens, and lit by
one lamp (overhead or off to the side) of some size. What follows from that geometry, not painted on:
- side faces: away from the point under the camera a die shows one or two of its sides, carrying other faces;
- cast shadows: each cube's shadow on the felt from the lamp (the hull of its corners projected from the lamp),
  soft by the lamp's size, its core about 55 % of the felt's brightness;
- light: the lamp's fall-off over the tray, the faces lit by how they turn to it (Lambert), and a glossy highlight
  where the lamp's mirror image falls on a top face (glare, strongest on dark dice);
- the sensor: exposure and white balance drifting a few % from frame to frame, shot noise, now and then a die still
  settling (motion blur), JPEG at quality 70-90.
An installation (the camera seed) fixes the rig; the dice, the drift, the noise and the JPEG change with each frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

DIE_CM = 1.6  # a real die's side: sets the camera's height in die widths
LAMP_PLACES = ("overhead", "side")
GLARE_REACH = 2.5  # dice (from a die's centre) within which the lamp's mirror image puts a highlight on its top
AMBIENT = 0.35  # light that reaches every face (the room), the rest comes from the lamp


@dataclass(frozen=True)
class Rig:
    """One installation's camera and lamp, in world units (the nominal frame's pixels; the tray centre at W/2, H/2)."""

    camera: np.ndarray  # (3,) the camera's position
    rotation: np.ndarray  # (3, 3) rows: the camera's x, y and optical axes in the world
    focal: float  # pixels
    barrel: float  # radial distortion k1 on the radius normalised by the half diagonal (0: a perfect lens)
    lamp: np.ndarray  # (3,) the lamp's position
    lamp_size: float  # the lamp's diameter, world units: sets the shadows' softness and the glare's size
    shadow_core: float  # the felt's brightness in the core of a shadow, as a share of its lit brightness
    gloss: float  # the dice's shine: the glare's peak, 0-1 of full white
    centre: tuple[float, float]  # the image centre

    def project(self, points: np.ndarray) -> np.ndarray:
        """(n, 3) world points to (n, 2) image points, before the lens's distortion."""
        local = (points - self.camera) @ self.rotation.T
        return local[:, :2] * (self.focal / local[:, 2:3]) + np.array(self.centre, np.float32)


def make_rig(rng: np.random.Generator, width: int, height: int, die_px: float, place: str | None) -> Rig:
    """A random installation: camera height and tilt, lens, lamp position, size and strength; `place` picks the
    lamp's ("overhead" or "side", else at random)."""
    unit = die_px / DIE_CM  # world units per centimetre
    camera_height = rng.uniform(30, 60) * unit
    tilt, towards = math.radians(rng.uniform(5, 15)), rng.uniform(0, 2 * math.pi)
    target = np.array([width / 2, height / 2, 0.0])
    distance = camera_height / math.cos(tilt)
    camera = target + distance * np.array([math.sin(tilt) * math.cos(towards), math.sin(tilt) * math.sin(towards),
                                           math.cos(tilt)])  # fmt: skip
    axis = (target - camera) / distance
    x_axis = np.array([1.0, 0.0, 0.0]) - axis[0] * axis
    x_axis /= np.linalg.norm(x_axis)
    y_axis = np.cross(x_axis, axis)
    rotation = np.stack([x_axis, y_axis, axis])
    focal = distance - die_px  # a die's top face (die_px above the tray) at the image centre is die_px wide
    place = place or str(rng.choice(LAMP_PLACES))
    lamp_height = rng.uniform(35, 70) * unit
    if place == "overhead":  # a lamp near the camera: short shadows all round, glare near the middle
        reach = rng.uniform(0, 0.25) * lamp_height
    else:  # a desk lamp off to the side: shadows about 0.6 of a die long (0.4-0.8) at the tray's centre
        reach = rng.uniform(0.4, 0.8) * (lamp_height - die_px)
    turn = rng.uniform(0, 2 * math.pi)
    lamp = target + np.array([reach * math.cos(turn), reach * math.sin(turn), lamp_height])
    return Rig(
        camera=camera.astype(np.float64),
        rotation=rotation.astype(np.float64),
        focal=float(focal),
        barrel=float(rng.uniform(0.01, 0.06)),
        lamp=lamp.astype(np.float64),
        lamp_size=float(rng.uniform(2, 10) * unit),
        shadow_core=float(rng.uniform(0.5, 0.6)),
        gloss=float(rng.uniform(0.35, 0.8)),
        centre=(width / 2, height / 2),
    )


# ---------------------------------------------------------------- the lens


def distort_points(rig: Rig, points: np.ndarray) -> np.ndarray:
    """Where the barrel lens puts (n, 2) undistorted image points: solves p_u = c + (p_d - c)(1 + k r_d^2)."""
    centre = np.array(rig.centre)
    half_diagonal = float(np.hypot(*centre))
    offset = (points - centre) / half_diagonal
    radius_u = np.hypot(offset[:, 0], offset[:, 1])
    radius_d = radius_u.copy()
    for _ in range(8):  # a fixed point: converges fast for k < 0.1
        radius_d = radius_u / (1 + rig.barrel * radius_d * radius_d)
    ratio = np.where(radius_u > 0, radius_d / np.maximum(radius_u, 1e-9), 1.0)
    return centre + offset * ratio[:, None] * half_diagonal


def distort_image(rig: Rig, image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    cx, cy = rig.centre
    half_diagonal = float(np.hypot(cx, cy))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    u, v = (xs - cx) / half_diagonal, (ys - cy) / half_diagonal
    grow = 1 + rig.barrel * (u * u + v * v)
    map_x, map_y = cx + u * grow * half_diagonal, cy + v * grow * half_diagonal
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


# ---------------------------------------------------------------- light on the tray


def tray_homography(rig: Rig, width: int, height: int) -> np.ndarray:
    """The tray plane (world x, y) to the undistorted image."""
    world = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float64)
    image = rig.project(np.column_stack([world, np.zeros(4)]))
    return cv2.getPerspectiveTransform(world.astype(np.float32), image.astype(np.float32))


def lamp_field(rig: Rig, width: int, height: int, homography: np.ndarray) -> np.ndarray:
    """The lamp's light on the tray at each image pixel (1 at the tray's centre): cos / r^2, plus the room's."""
    coarse_w, coarse_h = 64, 48
    ys, xs = np.mgrid[0:coarse_h, 0:coarse_w].astype(np.float32)
    pixels = np.column_stack([(xs.ravel() + 0.5) * width / coarse_w, (ys.ravel() + 0.5) * height / coarse_h])
    world = cv2.perspectiveTransform(pixels[None], np.linalg.inv(homography))[0]
    offset = np.column_stack([world, np.zeros(len(world))]) - rig.lamp
    distance = np.linalg.norm(offset, axis=1)
    irradiance = rig.lamp[2] / distance**3
    centre = rig.lamp[2] / np.linalg.norm(np.array([width / 2, height / 2, 0]) - rig.lamp) ** 3
    light = AMBIENT + (1 - AMBIENT) * irradiance / centre
    return cv2.resize(light.reshape(coarse_h, coarse_w).astype(np.float32), (width, height),
                      interpolation=cv2.INTER_LINEAR)  # fmt: skip


# ---------------------------------------------------------------- the dice


@dataclass(frozen=True)
class Cube:
    """One die in the world: its 4 base corners (x, y) and its height."""

    base: np.ndarray  # (4, 2), in order around the die
    height: float

    def corners(self) -> np.ndarray:
        """(8, 3): the 4 base corners, then the 4 top corners above them."""
        bottom = np.column_stack([self.base, np.zeros(4)])
        top = np.column_stack([self.base, np.full(4, self.height)])
        return np.vstack([bottom, top])

    def centre(self) -> np.ndarray:
        return np.array([*self.base.mean(axis=0), self.height / 2])


def shadow_polygon(rig: Rig, cube: Cube) -> np.ndarray:
    """The cube's shadow on the tray (world x, y): the hull of its corners projected from the lamp."""
    corners = cube.corners()
    lamp = rig.lamp
    reach = lamp[2] / np.maximum(lamp[2] - corners[:, 2], 1e-6)
    on_tray = lamp[:2] + (corners[:, :2] - lamp[:2]) * reach[:, None]
    hull: np.ndarray = cv2.convexHull(on_tray.astype(np.float32))[:, 0]
    return hull


def face_shade(rig: Rig, normal: np.ndarray, at: np.ndarray) -> float:
    """How brightly the lamp lights a face turned this way at this point, relative to the tray under it."""
    to_lamp = rig.lamp - at
    to_lamp = to_lamp / np.linalg.norm(to_lamp)
    lit = AMBIENT + (1 - AMBIENT) * max(0.0, float(normal @ to_lamp))
    tray = AMBIENT + (1 - AMBIENT) * max(0.0, float(to_lamp[2]))
    return lit / tray


def visible_sides(rig: Rig, cube: Cube) -> list[tuple[int, np.ndarray]]:
    """The side faces the camera sees, as (index of the base edge, outward normal), most oblique first."""
    base = cube.base
    middle = base.mean(axis=0)
    sides = []
    for i in range(4):
        a, b = base[i], base[(i + 1) % 4]
        along = b - a
        normal = np.array([along[1], -along[0]]) / max(float(np.linalg.norm(along)), 1e-6)
        if normal @ ((a + b) / 2 - middle) < 0:
            normal = -normal
        face_centre = np.array([*((a + b) / 2), cube.height / 2])
        facing = float(np.array([*normal, 0.0]) @ (rig.camera - face_centre))
        if facing > 0:
            sides.append((facing, i, np.array([*normal, 0.0])))
    return [(i, normal) for _, i, normal in sorted(sides, key=lambda side: side[0])]


def glare_point(rig: Rig, cube: Cube) -> tuple[np.ndarray, float]:
    """Where on the top face's plane the lamp's mirror image is seen, and how far (in dice) from the face's centre."""
    top = cube.height
    mirrored = rig.camera.copy()
    mirrored[2] = 2 * top - mirrored[2]
    step = (rig.lamp[2] - top) / (rig.lamp[2] - mirrored[2])
    point = rig.lamp + (mirrored - rig.lamp) * step
    side = float(np.linalg.norm(cube.base[1] - cube.base[0]))
    return point, float(np.linalg.norm(point[:2] - cube.base.mean(axis=0)) / max(side, 1e-6))


def paste_quad(
    canvas: np.ndarray, tile: np.ndarray, quad: np.ndarray, alpha_tile: np.ndarray, layer: bool = False
) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int, int]] | None:
    """Warp `tile` (float BGR) onto the image quad (4 points, in the tile's corner order) of the float canvas.

    With `layer`, nothing is drawn: the warped colour and alpha and their box are returned (a die to blur first)."""
    h, w = canvas.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return None
    side = float(max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[3] - quad[0])))
    factor = tile.shape[1] / max(side, 1.0)
    if factor > 1.5:  # shrink close to the final size first: a direct warp would alias the glyph
        size = (max(2, round(tile.shape[1] / factor)), max(2, round(tile.shape[0] / factor)))
        tile = cv2.resize(tile, size, interpolation=cv2.INTER_AREA)
        alpha_tile = cv2.resize(alpha_tile, size, interpolation=cv2.INTER_AREA)
    th, tw = tile.shape[:2]
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, (quad - [x0, y0]).astype(np.float32))
    size = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(tile, matrix, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    alpha = cv2.warpPerspective(alpha_tile, matrix, size, flags=cv2.INTER_LINEAR)[..., None]
    if layer:
        return warped, alpha, (x0, y0, x1, y1)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + warped * alpha
    return None


def motion_blur(image: np.ndarray, rng: np.random.Generator, length: float) -> np.ndarray:
    """A straight smear `length` pixels long in a random direction: a die still moving while the shutter is open."""
    size = max(3, math.ceil(length) | 1)
    kernel = np.zeros((size, size), np.float32)
    angle = rng.uniform(0, math.pi)
    half = (size - 1) / 2
    dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
    cv2.line(kernel, (round(half - dx), round(half - dy)), (round(half + dx), round(half + dy)), 1.0, 1, cv2.LINE_AA)
    kernel /= max(float(kernel.sum()), 1e-6)
    return cv2.filter2D(image, -1, kernel, borderType=cv2.BORDER_REPLICATE)


# ---------------------------------------------------------------- the sensor


def sensor(image: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Exposure and white balance drifting a few %, shot noise (its spread grows with the light), JPEG 70-90."""
    gains = rng.uniform(0.96, 1.04) * rng.uniform(0.97, 1.03, 3)
    exposed = image * gains[None, None, :].astype(np.float32)
    shot = rng.uniform(0.04, 0.15)
    spread = np.sqrt(np.clip(exposed, 0, 255) * shot + 1.0)
    noisy = exposed + rng.standard_normal(image.shape, dtype=np.float32) * spread
    quality = int(rng.integers(70, 91))
    ok, encoded = cv2.imencode(".jpg", np.clip(noisy, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else None
    if decoded is None:  # pragma: no cover - OpenCV always round-trips a uint8 BGR image
        raise RuntimeError("JPEG encoding failed")
    return np.asarray(decoded)


# ---------------------------------------------------------------- a whole frame

TileMaker = Callable[[int, str | None], tuple[np.ndarray, np.ndarray]]
"""(die index, face or None for a side face) -> (float BGR tile, its 0-1 alpha): the die's pictures."""


@dataclass(frozen=True)
class HarshDie:
    """What the harsh renderer needs of one die: its base in the world, height, and its faces' pictures."""

    base: np.ndarray  # (4, 2) world
    height: float
    top: np.ndarray  # float BGR tile of the face up
    sides: Sequence[np.ndarray]  # float BGR tiles of up to 4 side faces
    alpha: np.ndarray  # the tiles' 0-1 alpha (rounded corners)
    dark: bool  # a dark body: glare shows most


def draw_scene(
    canvas: np.ndarray,
    dice: Sequence[HarshDie],
    rig: Rig,
    rng: np.random.Generator,
    settling: float,
) -> tuple[np.ndarray, list[np.ndarray]]:
    """Shadows, lit dice and glare drawn on the float tray `canvas` (in place, then lit and distorted); returns the
    image (float, before the sensor) and each die's top face as 4 distorted image points."""
    h, w = canvas.shape[:2]
    homography = tray_homography(rig, w, h)
    light = lamp_field(rig, w, h, homography)
    cubes = [Cube(die.base, die.height) for die in dice]
    if cubes:
        shadow = np.zeros((h, w), np.float32)
        for cube in cubes:
            polygon = cv2.perspectiveTransform(shadow_polygon(rig, cube)[None].astype(np.float32), homography)[0]
            cv2.fillConvexPoly(shadow, np.round(polygon * 4).astype(np.int32), 1.0, cv2.LINE_AA, shift=2)
        die_width = float(np.linalg.norm(cubes[0].base[1] - cubes[0].base[0]))
        # Penumbra: the lamp's size times how far the shadow falls from what casts it, over the lamp's height.
        soft = max(0.6, rig.lamp_size * die_width * 0.5 / rig.lamp[2])
        softened = cv2.GaussianBlur(shadow, (0, 0), soft)
        canvas *= (1 - (1 - rig.shadow_core) * softened)[..., None]
    canvas *= light[..., None]
    order = sorted(range(len(dice)), key=lambda i: -float(np.linalg.norm(cubes[i].centre() - rig.camera)))
    blurred = int(rng.integers(len(dice))) if dice and rng.random() < settling else -1
    tops: list[np.ndarray] = [np.zeros((4, 2))] * len(dice)
    for i in order:
        die, cube = dice[i], cubes[i]
        corners = cube.corners()
        image_corners = rig.project(corners)
        seen_x, seen_y = image_corners[:4].mean(axis=0)  # the lamp's light where the die stands, as the tray has it
        lamp_here = float(light[min(max(round(seen_y), 0), h - 1), min(max(round(seen_x), 0), w - 1)])
        target = np.zeros_like(canvas) if i == blurred else canvas
        cover = np.zeros((h, w, 1), np.float32) if i == blurred else None
        for side_number, (edge, normal) in enumerate(visible_sides(rig, cube)):
            a, b = edge, (edge + 1) % 4
            quad = np.array([image_corners[4 + a], image_corners[4 + b], image_corners[b], image_corners[a]])
            shade = face_shade(rig, normal, cube.centre()) * lamp_here * 0.92  # rounded edges catch less light
            tile = die.sides[side_number % len(die.sides)] * shade
            _draw(target, tile, quad, die.alpha, cover)
        top = image_corners[4:]
        tile = die.top * lamp_here
        point, off = glare_point(rig, cube)
        if off < GLARE_REACH:  # the lamp's mirror image falls on or near the top face: a highlight there
            tile = tile + _glare_tile(die, rig, cube, point, off)
        _draw(target, tile, top, die.alpha, cover)
        if cover is not None:
            length = rng.uniform(0.06, 0.2) * float(np.linalg.norm(top[1] - top[0]))
            colour, alpha = motion_blur(target, rng, length), motion_blur(cover, rng, length).reshape(h, w, 1)
            canvas[:] = canvas * (1 - alpha) + colour
        tops[i] = top
    image = distort_image(rig, canvas)
    return image, [distort_points(rig, top) for top in tops]


def _draw(target: np.ndarray, tile: np.ndarray, quad: np.ndarray, alpha: np.ndarray, cover: np.ndarray | None) -> None:
    if cover is None:
        paste_quad(target, tile, quad, alpha)
        return
    layer = paste_quad(target, tile, quad, alpha, layer=True)
    if layer is None:
        return
    warped, weight, (x0, y0, x1, y1) = layer
    # Premultiplied colour and coverage on their own layers: blurred together, composited once.
    target[y0:y1, x0:x1] = target[y0:y1, x0:x1] * (1 - weight) + warped * weight
    cover[y0:y1, x0:x1] = cover[y0:y1, x0:x1] * (1 - weight) + weight


def _glare_tile(die: HarshDie, rig: Rig, cube: Cube, point: np.ndarray, off: float) -> np.ndarray:
    """A soft white spot where the lamp is mirrored in the top face, the size of the lamp's image there."""
    th, tw = die.top.shape[:2]
    base = cube.base
    # The point in the tile's own coordinates: along the top edge (base 0 -> 1) and down (base 0 -> 3).
    across, down = base[1] - base[0], base[3] - base[0]
    rel = point[:2] - base[0]
    # A glossy (not mirror) face: the lamp's image spreads; seen from beside the face, its edge nearest shines.
    u = float(np.clip(rel @ across / (across @ across), 0.12, 0.88))
    v = float(np.clip(rel @ down / (down @ down), 0.12, 0.88))
    side = float(np.linalg.norm(across))
    radius = max(0.08, min(0.4, rig.lamp_size / side * 0.35))
    ys, xs = np.mgrid[0:th, 0:tw].astype(np.float32)
    spot = np.exp(-(((xs / tw - u) ** 2 + (ys / th - v) ** 2) / (2 * radius * radius)))
    peak = rig.gloss * 255 * (1.0 if die.dark else 0.6) * math.exp(-((off / (GLARE_REACH / 2)) ** 2))
    return (spot * peak)[..., None].astype(np.float32) * np.ones(3, np.float32)
