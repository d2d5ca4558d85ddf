"""`pirate-table dice ...`: read dice from images, render a labelled test set, measure accuracy on one, and teach
the table a venue's own dice (capture, teach, calibrate).

Label format for `dice eval DIR`: every image `NAME.png` has a sidecar `NAME.json`:
    {"dice": [{"kind": "black", "face": "7", "x": 120.5, "y": 88.0}, ...]}
(`face` null for a die on its edge). `dice render DIR` writes exactly this layout.

What teaching and calibrating learn is kept in PIRATE_TABLE_HOME/dice/ (faces.npz, kinds.npz, tray.png and tray.json,
the die's width in pixels); `dice read` and `dice eval` use it when it is there (`--shipped` ignores it but for the
config's [camera] die_px). The step-by-step commands end plainly, changing nothing, on end of input, Ctrl-C and a
camera that stops giving pictures.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from table.paths import dice_folder

MATCH_PX = 12  # a reading within this many pixels of a labelled die is that die
PHOTOS_PER_FACE = 20


def register(subparsers: argparse._SubParsersAction) -> None:
    dice = subparsers.add_parser("dice", help="read the dice tray from images; teach the table your dice")
    commands = dice.add_subparsers(dest="dice_command", required=True)
    read = commands.add_parser("read", help="print one JSON line per image with every die found")
    read.add_argument("images", nargs="+", type=Path)
    read.add_argument("--shipped", action="store_true", help="ignore what was taught or calibrated")
    render = commands.add_parser("render", help="write a labelled set of rendered tray images")
    render.add_argument("folder", type=Path)
    render.add_argument("--count", type=_positive, default=100)
    render.add_argument("--seed", type=int, default=0)
    render.add_argument("--look", default="default")
    evaluate = commands.add_parser("eval", help="accuracy on a labelled folder (NAME.png + NAME.json)")
    evaluate.add_argument("folder", type=Path)
    evaluate.add_argument("--shipped", action="store_true", help="ignore what was taught or calibrated")
    capture = commands.add_parser("capture", help="photograph every face of your dice for `dice teach`")
    capture.add_argument("folder", type=Path)
    capture.add_argument(
        "--count", type=_positive, default=PHOTOS_PER_FACE, help="photos per kind and face (default 20)"
    )
    capture.add_argument("--camera", default="auto", help='"auto", "picamera2", "/dev/video0", or a folder')
    teach = commands.add_parser("teach", help="adapt the reader to labelled photos DIR/<kind>/<face>/*.png|jpg")
    teach.add_argument("folder", type=Path)
    calibrate = commands.add_parser("calibrate", help="learn the empty tray and the colour of each kind of die")
    calibrate.add_argument("--camera", default="auto", help='"auto", "picamera2", "/dev/video0", or a folder')


def _positive(value: str) -> int:
    """A count on the command line: a whole number from 1 (argparse says so plainly otherwise)."""
    if not (value.isascii() and value.isdigit()) or int(value) < 1 or int(value) > 100_000:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to 100000, not {value!r}")
    return int(value)


def run(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    """`ask` shows a prompt and returns what the person typed (tests pass their own)."""
    from table.config import ConfigError

    try:
        return _run(args, ask)
    except ConfigError as error:  # the dice of this printing come from the config
        print(f"pirate-table dice: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, ask: Callable[[str], str]) -> int:
    if args.dice_command == "read":
        return _read(args.images, args.shipped)
    if args.dice_command == "render":
        return _render(args.folder, args.count, args.seed, args.look)
    if args.dice_command == "eval":
        return _eval(args.folder, args.shipped)
    if args.dice_command == "teach":
        return teach(args.folder)
    if args.dice_command in ("capture", "calibrate"):
        try:
            camera = _camera(args.camera)
        except Stopped as error:
            print(f"pirate-table dice {args.dice_command}: {error}", file=sys.stderr)
            return 2
        if args.dice_command == "capture":
            return capture(camera, args.folder, args.count, ask)
        return calibrate(camera, ask)
    raise AssertionError(args.dice_command)


def table_dice():  # -> vision.dice.DiceSet
    """The dice of this table's printing: the config's [dice] faces and counts (default: the standard bag)."""
    from table.config import load_config
    from vision.dice import DiceSet, load_dice

    bag = load_config().dice_bag()
    return DiceSet(dict(bag.faces), dict(bag.counts)) if bag is not None else load_dice()


def configured_die_px() -> float | None:
    """The config's [camera] die_px, if set (it wins over what calibration measured)."""
    from table.config import load_config

    return load_config().camera_die_px


def configured_exposure_us() -> int | None:
    """The config's [camera] exposure_us, if set (the Pi camera's exposure time)."""
    from table.config import load_config

    return load_config().camera_exposure_us


def reader(shipped: bool = False):  # -> vision.pipeline.DiceReader (imported lazily: OpenCV loads slowly)
    from vision.pipeline import DEFAULT_DIE_PX, DiceReader

    dice, die_px = table_dice(), configured_die_px()
    if shipped:
        return DiceReader(dice=dice, die_px=die_px or DEFAULT_DIE_PX)
    return DiceReader.from_folder(dice_folder(), dice=dice, die_px=die_px)


class Stopped(Exception):
    """The person or the camera ended a step-by-step command: the message says so in plain words."""


class Frames:
    """The camera as the step-by-step commands use it: a frame may be put back (the empty tray's frames end where a
    die appears), a camera that raises is a camera that gave nothing, and several pictures missing in a row mean the
    camera stopped (a folder ran out, a cable came loose): `Stopped`, not a wait for ever."""

    def __init__(self, camera, give_up: int = 3) -> None:
        self.camera = camera
        self.give_up = give_up
        self._back: list[np.ndarray] = []
        self.missing = 0

    def capture(self) -> np.ndarray | None:
        if self._back:
            return self._back.pop()
        try:
            frame = self.camera.capture()
        except Exception as error:  # a driver error is a picture missing, said plainly
            print(f"  the camera failed: {error}")
            frame = None
        self.missing = 0 if frame is not None else self.missing + 1
        if self.missing >= self.give_up:
            raise Stopped(f"the camera stopped giving pictures ({self.missing} missing in a row)")
        return frame

    @property
    def exposure_us(self) -> int | None:
        """The camera's exposure where the config sets it (the Pi camera's), else None."""
        return getattr(self.camera, "exposure_us", None)

    def put_back(self, frame: np.ndarray) -> None:
        self._back.append(frame)

    def close(self) -> None:
        self.camera.close()


def from_folder(camera) -> bool:
    """A folder or video file plays its frames without waiting for anyone: no Enter between them."""
    from table.devices.camera import FileCamera

    return isinstance(camera, FileCamera)


def _asker(ask: Callable[[str], str], camera) -> Callable[[str], str]:
    """`ask`, with the end of input said plainly (`Stopped`). A camera reading a folder needs no one at the keyboard:
    there the end of input is Enter for every step, and the folder's frames, in name order, drive the steps."""
    folder = from_folder(camera)

    def asked(prompt: str) -> str:
        try:
            return ask(prompt)
        except EOFError:
            if folder:
                print(prompt.strip())
                return ""
            raise Stopped("the input ended (no one at the keyboard?)") from None

    return asked


def _camera(source: str):
    from table.devices.camera import open_camera

    looks_like_path = source not in ("auto", "picamera2") and not source.isdigit() and not source.startswith("/dev/")
    if looks_like_path and not Path(source).exists():
        raise Stopped(f"no folder or video {source} to read the camera's frames from")
    try:
        return open_camera(source, configured_exposure_us())
    except Exception as error:  # no camera module, no driver: said plainly
        raise Stopped(f"the camera {source!r} cannot be opened: {error}") from None


def _size_hint(die_px: float) -> None:
    """Say on stderr when the die size is only assumed: a camera higher or lower than usual then misreads."""
    if _size_origin(die_px).startswith("assumed"):
        print(f"pirate-table dice: the dice are assumed {die_px:.0f} px wide; if the camera sees them larger or "
              "smaller, run pirate-table dice calibrate (or set [camera] die_px)", file=sys.stderr)  # fmt: skip


def _read(images: list[Path], shipped: bool = False) -> int:
    """One JSON line per image; an image that cannot be read gets its line with the reason, and the rest of the
    batch is read all the same."""
    dice_reader, failed = reader(shipped), 0
    _size_hint(dice_reader.die_px)
    for path in images:
        image, why = _image(path, dice_reader.die_px)
        if image is None:
            print(json.dumps({"image": str(path), "error": why}))
            failed += 1
            continue
        try:
            reading = dice_reader.read(image)
        except Exception as error:  # one odd picture never stops the batch
            print(json.dumps({"image": str(path), "error": f"could not be read: {error}"[:300]}))
            failed += 1
            continue
        line: dict[str, object] = {"image": str(path), "dice": [die.as_json() for die in reading.dice]}
        if reading.obstructed:
            line["obstructed"] = True
        print(json.dumps(line))
    return 1 if failed else 0


MAX_PIXELS = 4096 * 4096  # a picture larger than this is no camera frame of a tray (and would take gigabytes)


def _image(path: Path, die_px: float) -> tuple[np.ndarray | None, str]:
    """The picture at `path`, or None and why not: unreadable, too large (checked before decoding), too small to
    hold a die."""
    size = _header_size(path)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        return None, f"{size[0]}x{size[1]} is too large: a tray picture is at most {MAX_PIXELS} pixels"
    image = cv2.imread(str(path))
    if image is None:
        return None, "cannot read this image"
    height, width = image.shape[:2]
    if width * height > MAX_PIXELS:
        return None, f"{width}x{height} is too large: a tray picture is at most {MAX_PIXELS} pixels"
    if min(width, height) < die_px:
        return None, f"{width}x{height} is too small to hold a die {die_px:.0f} px wide"
    return image, ""


def _header_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's or a JPEG's header, without decoding it; None for other files."""
    try:
        with path.open("rb") as file:
            head = file.read(26)
            if head[:8] == b"\x89PNG\r\n\x1a\n":
                return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
            if head[:2] != b"\xff\xd8":
                return None
            file.seek(2)
            while (marker := file.read(4)) and len(marker) == 4 and marker[0] == 0xFF:
                length = int.from_bytes(marker[2:4], "big")
                if 0xC0 <= marker[1] <= 0xCF and marker[1] not in (0xC4, 0xC8, 0xCC):  # a start of frame
                    frame = file.read(5)
                    return int.from_bytes(frame[3:5], "big"), int.from_bytes(frame[1:3], "big")
                file.seek(length - 2, 1)
    except OSError:
        return None
    return None


def _render(folder: Path, count: int, seed: int, look: str) -> int:
    from vision.render import EVAL_STYLE, LOOKS_DIR, load_look, scatter

    try:
        chosen = load_look(look)
    except (OSError, ValueError, KeyError):
        known = ", ".join(sorted(path.stem for path in LOOKS_DIR.glob("*.json")))
        print(
            f"pirate-table dice render: no look '{look}' (the looks: {known}, or a look file's path)", file=sys.stderr
        )
        return 2
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"pirate-table dice render: {folder} cannot be made ({error.strerror})", file=sys.stderr)
        return 2
    dice = table_dice()
    for i in range(count):
        frame = scatter(seed + i, dice, 1 + i % 6, look=chosen, style=EVAL_STYLE, touching=0.3, on_edge=0.05)
        name = f"tray-{seed + i:06d}"
        cv2.imwrite(str(folder / f"{name}.png"), frame.image)
        labels = [{"kind": d.kind, "face": d.face, "x": d.centre[0], "y": d.centre[1]} for d in frame.dice]
        (folder / f"{name}.json").write_text(json.dumps({"dice": labels}))
    print(f"wrote {count} labelled images to {folder}")
    return 0


def _eval(folder: Path, shipped: bool = False) -> int:
    dice_reader = reader(shipped)
    _size_hint(dice_reader.die_px)
    sidecars = sorted(folder.glob("*.json"))
    if not sidecars:
        print(f"pirate-table dice eval: no NAME.json labels in {folder}", file=sys.stderr)
        return 2
    whole = kinds_right = faces_right = matched = 0
    confusion: Counter[tuple[str, str]] = Counter()
    for sidecar in sidecars:
        image = cv2.imread(str(sidecar.with_suffix(".png")))
        labels = json.loads(sidecar.read_text())["dice"]
        readings = dice_reader.read(image).dice if image is not None else []
        found_all = len(readings) == len(labels)
        for label in labels:
            near = [r for r in readings if np.hypot(r.x - label["x"], r.y - label["y"]) < MATCH_PX]
            if len(near) != 1:
                found_all = False
                continue
            matched += 1
            kinds_right += near[0].kind == label["kind"]
            faces_right += near[0].face == label["face"]
            confusion[(f"{label['kind']}:{label['face']}", f"{near[0].kind}:{near[0].face}")] += 1
        whole += found_all
    print(f"images {len(sidecars)}   every die found, no ghost: {whole / len(sidecars):.2%}")
    print(f"dice matched {matched}   kind right: {kinds_right / max(matched, 1):.2%}   "
          f"face right: {faces_right / max(matched, 1):.2%}")  # fmt: skip
    print("confusions (truth -> read: count):")
    for (truth, read), n in sorted(confusion.items()):
        if truth != read:
            print(f"  {truth} -> {read}: {n}")
    return 0


def capture(camera, folder: Path, count: int, ask: Callable[[str], str]) -> int:
    """Photos for teaching: for each kind and face, `count` photos of one die, into folder/<kind>/<face>/NNN.png.

    The person lays one die of the named kind with the named face up, presses Enter for each photo and moves or
    turns the die between photos. A photo without exactly one die is not kept. "s" skips to the next face, "q"
    stops; photos already in the folder count, so a stopped capture carries on where it left off.
    """
    from vision.segment import find_dice

    pairs, die_px = table_dice().pairs(), reader().die_px
    frames, ask = Frames(camera), _asker(ask, camera)
    try:
        for number, (kind, face) in enumerate(pairs, 1):
            target = folder / kind / face
            target.mkdir(parents=True, exist_ok=True)
            have = len(list(target.glob("*.png")))
            if have < count:
                print(f"[{number}/{len(pairs)}] Lay one {kind} die in the tray, {face} up.")
            while have < count:
                answer = ask(f"  {kind} {face} photo {have + 1}/{count}: Enter to take it (s skip, q stop) ")
                if answer.strip().lower() == "q":
                    print(f"stopped; run the same command again to carry on. Photos are in {folder}")
                    return 1
                if answer.strip().lower() == "s":
                    break
                image = frames.capture()
                if image is None:
                    print("  the camera gave no picture; check it and press Enter again")
                    continue
                found = find_dice(image, die_px)
                if found.obstructed or len(found.blobs) != 1:
                    seen = "something covers the tray" if found.obstructed else f"{len(found.blobs)} dice seen"
                    print(f"  not kept: {seen}; one die, flat, hands away")
                    continue
                have += 1
                cv2.imwrite(str(target / f"{have:03d}.png"), image)
                print("  kept; move or turn the die a little" if have < count else "  done")
    except (Stopped, KeyboardInterrupt) as error:
        why = error if isinstance(error, Stopped) else "stopped (Ctrl-C)"
        print(f"pirate-table dice capture: {why}. The photos taken are kept in {folder}; run the same command "
              "again to carry on", file=sys.stderr)  # fmt: skip
        return 1
    finally:
        frames.close()
    print(f"photos are in {folder}; next: pirate-table dice teach {folder}")
    return 0


def teach(folder: Path) -> int:
    """Adapt the reader to the labelled photos and keep the result in the data folder."""
    try:
        return _teach(folder)
    except KeyboardInterrupt:
        print("pirate-table dice teach: stopped (Ctrl-C); nothing was changed", file=sys.stderr)
        return 1


def _teach(folder: Path) -> int:
    from vision.faces import NO_FACE, FaceNet
    from vision.pipeline import DEFAULT_FACES
    from vision.teach import TeachError, load_photos
    from vision.teach import teach as adapt

    if not folder.is_dir():
        print(f"pirate-table dice teach: no folder {folder}", file=sys.stderr)
        return 2
    current = reader()
    print(f"die size: {current.die_px:.0f} px wide ({_size_origin(current.die_px)})")
    try:
        photos = load_photos(folder, current.dice, current.die_px, current.tray)
    except TeachError as error:
        print(f"pirate-table dice teach: {error}", file=sys.stderr)
        return 2
    for photo, why in photos.skipped:
        print(f"  skipped {photo}: {why}")
    if NO_FACE not in current.faces.labels:
        # A network taught with an older release: teaching again from it would keep the old network for good.
        print("the face network taught here is from an older release; teaching starts again from the shipped one")
        current.faces = FaceNet.load(str(DEFAULT_FACES))
    before = _photo_accuracy(current, photos)
    # How sure: taught without every fifth photo, then read on those it did not learn from.
    check = np.arange(len(photos.kinds)) % 5 == 4
    held_out = None
    if check.sum() >= 3 and (~check).sum() >= 10:
        kinds, faces = adapt(_photos_subset(photos, ~check), current.kinds, current.faces)
        held_out = _misread(_with_models(current, kinds, faces), _photos_subset(photos, check))
    kinds, faces = adapt(photos, current.kinds, current.faces)
    current.kinds, current.faces = kinds, faces
    after = _photo_accuracy(current, photos)
    store = dice_folder()
    try:
        kinds.save(store / "kinds.npz")
        faces.save(str(store / "faces.npz"))
    except OSError as error:
        print(f"pirate-table dice teach: what was learned could not be kept in {store} ({_why(error)}); free the card "
              f"or make it writable, and teach again", file=sys.stderr)  # fmt: skip
        return 1
    print(f"taught from {len(photos.kinds)} photos ({len(photos.skipped)} skipped); "
          f"right on these photos before {before:.1%}, after {after:.1%}. Kept in {store}")  # fmt: skip
    if held_out is not None:
        n = int(check.sum())
        print(f"how sure: taught without every fifth photo, it read {1 - len(held_out) / n:.1%} of those {n} photos "
              f"right ({_verdict(n, len(held_out))})")  # fmt: skip
        for path, kind, face in held_out:
            print(f"  misread {path}: read as {kind} {face}")
    return 0


def _why(error: OSError) -> str:
    """An OSError said plainly: the system's words, without its traceback."""
    return error.strerror or str(error)


def _verdict(photos: int, misread: int) -> str:
    """What to do after teaching, when `misread` of the `photos` held back were read wrong. One photo misread of
    fifty or more says little (a blurred photo, a die still rolling, in the wrong folder): it is named, not taken for a
    reader that needs more photos (read right 99.5 % of the time, 72 photos hold one misread 30 % of the time)."""
    if misread / photos <= 0.01:
        return "good"
    if misread == 1 and photos >= 50:
        return "good; look at the photo it misread"
    return "take more photos, in the table's own light, and teach again"


def _size_origin(die_px: float) -> str:
    from vision.pipeline import learned_die_px

    if configured_die_px() is not None:
        return "set in the config, [camera] die_px"
    if learned_die_px(dice_folder()) is not None:
        return "measured by dice calibrate"
    return "assumed: run pirate-table dice calibrate first to measure it"


def _photos_subset(photos, chosen: np.ndarray):  # -> vision.teach.TaughtPhotos
    from vision.teach import TaughtPhotos

    pick = np.flatnonzero(chosen)
    return TaughtPhotos(
        photos.crops[pick], [photos.kinds[i] for i in pick], [photos.faces[i] for i in pick], [],
        [photos.paths[i] for i in pick],
    )  # fmt: skip


def _with_models(current, kinds, faces):  # -> a shallow copy of the reader with other models
    import copy

    trial = copy.copy(current)
    trial.kinds, trial.faces = kinds, faces
    return trial


def _photo_accuracy(dice_reader, photos) -> float:
    """Share of the photos' dice read with the right kind and face (the crops the teacher used)."""
    return 1 - len(_misread(dice_reader, photos)) / len(photos.kinds)


def _misread(dice_reader, photos) -> list[tuple[Path, str, str | None]]:
    """Each photo whose die is read with another kind or face, and what it was read as."""
    from vision.crops import die_looks

    looks = die_looks(photos.crops)
    kinds, _ = dice_reader.kinds.read_many(looks.colours)
    allowed = [dice_reader.dice.faces_of(k) for k in kinds]
    faces = [face for face, _ in dice_reader.faces.read_many(looks.maps, allowed)]
    read = zip(photos.paths, kinds, faces, photos.kinds, photos.faces, strict=True)
    return [(path, kind, face) for path, kind, face, right_kind, right_face in read
            if (kind, face) != (right_kind, right_face)]  # fmt: skip


def calibrate(camera, ask: Callable[[str], str], empty_frames: int = 5) -> int:
    """The empty tray, then one die of each kind: kept in the data folder as tray.png, tray.json (the die's width
    in pixels) and kinds.npz. End of input, Ctrl-C and a camera that stops end it plainly, changing nothing."""
    frames = Frames(camera)
    try:
        return _calibrate(frames, _asker(ask, camera), empty_frames)
    except Stopped as error:
        print(f"pirate-table dice calibrate: {error}; nothing was changed", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("pirate-table dice calibrate: stopped (Ctrl-C); nothing was changed", file=sys.stderr)
        return 1
    finally:
        frames.close()


def _calibrate(frames: Frames, ask: Callable[[str], str], empty_frames: int) -> int:
    from vision.calibrate import (
        CalibrationError,
        ClothError,
        calibrated_kinds,
        check_cloth,
        check_evenness,
        check_exposure,
        closest_kinds,
        die_width,
        empty_tray,
        measure_die,
        one_die,
        top_face_width,
    )
    from vision.motion import SettleDetector
    from vision.pipeline import keep_die_px

    current, configured = reader(), configured_die_px()
    store = dice_folder()
    ask("Empty the tray (no dice, hands away) and press Enter ")
    empties: list[np.ndarray] = []
    still = SettleDetector()
    while len(empties) < empty_frames:
        frame = frames.capture()
        if frame is None:
            continue
        if empties and still.moving(frame):
            frames.put_back(frame)  # something came into the tray: the frames of the empty tray end here
            break
        if not empties:
            still.moving(frame)
        empties.append(frame)
    try:
        empty = empty_tray(empties, current.die_px)
    except CalibrationError as error:
        print(f"not calibrated: {error}", file=sys.stderr)
        return 1
    tray = empty.picture
    # One die of each kind: each picture must show one thing about a die's size; the size kept is the median of
    # them all (a die close to the cloth's colour shows only in part), then every die is checked at that size.
    pictures: dict[str, np.ndarray] = {}
    sizes: dict[str, float] = {}
    tops: dict[str, float | None] = {}  # the same as each kind's top face says (top_face_width)

    def picture_of(kind: str) -> bool:
        while True:
            answer = ask(f"Lay one {kind} die in the tray, alone and flat, then press Enter (q stop) ")
            if answer.strip().lower() == "q":
                print("stopped: nothing was changed")
                return False
            image = frames.capture()
            if image is None:
                print("  the camera gave no picture; check it and press Enter again")
                continue
            try:
                sizes[kind] = measure_die(image, tray)
                tops[kind] = top_face_width(image, tray, sizes[kind])
            except CalibrationError as error:
                print(f"  {error}")
                continue
            pictures[kind] = image
            return True

    for kind in current.dice.kinds:
        if not picture_of(kind):
            return 1
    size, by_tops = die_width(list(sizes.values()), [top for top in tops.values() if top is not None])
    die_px = configured if configured is not None else size
    measured = {}
    for kind in current.dice.kinds:
        while kind not in measured:
            try:
                measured[kind] = one_die(pictures[kind], tray, die_px)
            except CalibrationError as error:
                print(f"  the {kind} die again, please: {error}")
                if not picture_of(kind):
                    return 1
    bodies = [die.colour[:3] for die in measured.values()]
    overexposed = check_exposure(tray, frames.exposure_us)
    warnings = [warning for warning in (overexposed, check_evenness(tray), empty.taken_for_light) if warning]
    for kind, die in measured.items():
        print(f"  {kind}: {die.die_px:.0f} px wide, {die.cloth_distance:.0f} unlike the cloth")
        try:
            warning = check_cloth(kind, die, die_px, bodies)
        except ClothError as error:
            print(f"not calibrated: {error}", file=sys.stderr)
            return 1
        if warning is not None:
            warnings.append(warning)
    colours = {kind: die.colour for kind, die in measured.items()}
    low, high = min(sizes.values()), max(sizes.values())
    whole = float(np.median(list(sizes.values()))) if by_tops else None  # (the dice with their sides: find_dice)
    kinds = calibrated_kinds(current.kinds, colours)
    try:
        if not cv2.imwrite(str(store / "tray.png"), tray):
            raise OSError(f"{store / 'tray.png'} could not be written")
        keep_die_px(store, size, (tray.shape[1], tray.shape[0]), whole)
        kinds.save(store / "kinds.npz")
    except OSError as error:
        print(f"not calibrated: what was measured could not be kept in {store} ({_why(error)}); free the card or "
              f"make it writable, and calibrate again", file=sys.stderr)  # fmt: skip
        return 1
    print(f"calibrated: the tray and {len(colours)} kinds of dice. Kept in {store}")
    how = " by their top faces" if by_tops else ""  # the whole dice measured as much bigger: their sides counted
    print(f"die size: {size:.0f} px wide{how} (the {len(measured)} dice measured {low:.0f} to {high:.0f} px)")
    if configured is not None:
        print(f"  the config's [camera] die_px = {configured:g} is used instead; remove it to use what was measured")
    first, second, apart = closest_kinds(kinds)
    nearest = min(measured, key=lambda kind: measured[kind].cloth_distance)
    sure = "apart" if apart >= 4 else "close: check them with pirate-table dice read, or teach your dice"
    print(f"how sure: the closest colours are the {first} and {second} dice, {apart:.1f} spreads apart ({sure}); "
          f"the die closest to the cloth is {nearest} ({measured[nearest].cloth_distance:.0f} unlike it)")  # fmt: skip
    for warning in warnings:  # last, where it is seen
        print(f"careful: {warning}")
    return 0
