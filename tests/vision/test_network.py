import numpy as np
import pytest

from vision.network import Network


def _two_clusters(n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, n)
    x = rng.normal(0, 0.3, (n, 4)).astype(np.float32) + y[:, None] * 1.0
    return x, y


def test_training_learns_what_it_is_shown() -> None:
    x, y = _two_clusters()
    net = Network(*Network.fit(x, y, outputs=3, hidden=8, epochs=60, rate=0.03))
    p = net.probabilities(x)
    assert p.shape == (len(x), 3) and np.allclose(p.sum(axis=1), 1, atol=1e-5)
    assert (p.argmax(axis=1) == y).mean() > 0.95


def test_outputs_left_out_of_training_keep_their_weights() -> None:
    x, y = _two_clusters()
    start = Network(*Network.fit(x, y, outputs=3, hidden=8, epochs=2))
    taught = Network(*Network.fit(x, y, outputs=3, epochs=5, start=start, trained=2))
    assert np.array_equal(taught.w2[:, 2], start.w2[:, 2]) and taught.b2[2] == start.b2[2]
    assert not np.array_equal(taught.w2[:, :2], start.w2[:, :2])


def test_saved_weights_come_back_and_others_are_refused(tmp_path) -> None:
    x, y = _two_clusters()
    net = Network(*Network.fit(x, y, outputs=2, hidden=8, epochs=1))
    net.save(str(tmp_path / "net.npz"))
    again = Network(*Network.weights(str(tmp_path / "net.npz"), 4, (2,)))
    assert np.array_equal(again.probabilities(x), net.probabilities(x))
    with pytest.raises(ValueError, match="not a network of this reader"):
        Network.weights(str(tmp_path / "net.npz"), 5, (2,))
    with pytest.raises(ValueError, match="not a network of this reader"):
        Network.weights(str(tmp_path / "net.npz"), 4, (3, 9))


def test_subnormal_weights_are_flushed() -> None:
    w = np.full((4, 2), 1e-40, np.float32)
    assert not Network(w, np.zeros(2), np.ones((2, 2)), np.zeros(2)).w1.any()
