import numpy as np

from vision.crops import GLYPH
from vision.dice import FACES
from vision.faces import LABELS, NO_FACE, FaceNet, features
from vision.pipeline import DEFAULT_FACES

MAPS = np.random.default_rng(0).integers(0, 255, (2, GLYPH, GLYPH), np.uint8)


def _net(outputs: int, winner: int) -> FaceNet:
    """A network that answers `winner` whatever it is shown."""
    d = features(MAPS).shape[1]
    b2 = np.zeros(outputs, np.float32)
    b2[winner] = 5.0
    return FaceNet(np.zeros((d, 4), np.float32), np.zeros(4, np.float32), np.zeros((4, outputs), np.float32), b2)


def test_the_shipped_network_can_say_a_die_shows_no_face() -> None:
    assert FaceNet.load(str(DEFAULT_FACES)).labels == LABELS and LABELS[-1] == NO_FACE


def test_no_face_is_the_answer_only_where_it_may_be() -> None:
    net = _net(len(LABELS), LABELS.index(NO_FACE))
    (first, second) = net.read_many(MAPS, [("1", "2", NO_FACE), ("skull", "flag")])
    assert first[0] is None and first[1] > 0.9 and second[0] in ("skull", "flag")


def test_a_face_the_kind_cannot_show_is_never_the_answer() -> None:
    ((face, _),) = _net(len(LABELS), FACES.index("7")).read_many(MAPS[:1], [("1", "2")])
    assert face in ("1", "2")


def test_a_network_taught_before_no_face_existed_still_reads_faces() -> None:
    old = _net(len(FACES), FACES.index("skull"))  # a venue's faces.npz from an older release: 9 outputs
    assert old.labels == FACES
    assert [face for face, _ in old.read_many(MAPS, [("skull", "flag"), ("1", "skull")])] == ["skull", "skull"]


def test_how_likely_a_map_shows_no_face_against_every_face() -> None:
    assert (_net(len(LABELS), LABELS.index(NO_FACE)).no_face(MAPS) > 0.9).all()
    assert (_net(len(LABELS), FACES.index("skull")).no_face(MAPS) < 0.1).all()
    assert (_net(len(FACES), FACES.index("skull")).no_face(MAPS) == 0).all()  # an older network never says it
