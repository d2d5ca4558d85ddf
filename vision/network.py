"""A small numpy network: one hidden layer of ReLUs, a softmax over its outputs (or the outputs as they are, for a
measure), trained with Adam on the CPU.

The face reader (vision/faces.py), the posture reader (vision/posture.py) and the placer (vision/place.py) are made
of these.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

import numpy as np

HUBER = 0.1  # where a fitted measure's loss turns from squared to linear
C = TypeVar("C", bound="Committee")


class Network:
    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> None:
        # Weight decay leaves unused weights tiny; as subnormal floats they make every product many times slower.
        self.w1, self.b1, self.w2, self.b2 = (
            np.where(np.abs(w) < 1e-30, 0, w).astype(np.float32) for w in (w1, b1, w2, b2)
        )

    def values(self, x: np.ndarray) -> np.ndarray:
        """The outputs before any softmax: a measure, for a network fitted to one."""
        return np.maximum(x @ self.w1 + self.b1, 0) @ self.w2 + self.b2

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        logits = self.values(x)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=-1, keepdims=True)

    @classmethod
    def fit(
        cls,
        x: np.ndarray,
        y: np.ndarray,
        outputs: int,
        hidden: int = 64,
        epochs: int = 30,
        seed: int = 0,
        start: Network | None = None,
        rate: float = 0.003,
        trained: int | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Weights after Adam on cross-entropy, from `start`'s when given (teaching adapts a shipped network).

        `y`: each example's class (int, (n,)), or the measures to fit (float, (n, outputs)): then the loss is the
        Huber loss, squared error up to HUBER and linear beyond (a few wild examples do not pull the fit).

        `trained`: only the first this many outputs are in the softmax and have their weights changed (the others
        are left as they were)."""
        rng = np.random.default_rng(seed)
        n, d = x.shape
        if start is not None:
            w1, b1, w2, b2 = (p.astype(np.float32).copy() for p in (start.w1, start.b1, start.w2, start.b2))
        else:
            w1 = rng.normal(0, math.sqrt(2 / d), (d, hidden)).astype(np.float32)
            b1 = np.zeros(hidden, np.float32)
            w2 = rng.normal(0, math.sqrt(1 / hidden), (hidden, outputs)).astype(np.float32)
            b2 = np.zeros(outputs, np.float32)
        trained = w2.shape[1] if trained is None else trained
        params = [w1, b1, w2[:, :trained], b2[:trained]]  # views: updating them updates w2 and b2
        m = [np.zeros_like(p) for p in params]
        v = [np.zeros_like(p) for p in params]
        step = 0
        for _ in range(epochs):
            for batch in np.array_split(rng.permutation(n), max(1, n // 128)):
                xb, yb = x[batch], y[batch]
                h = np.maximum(xb @ w1 + b1, 0)
                logits = h @ params[2] + params[3]
                if y.ndim == 2:
                    g_logits = np.clip(logits - yb, -HUBER, HUBER) / len(yb)
                else:
                    logits -= logits.max(axis=1, keepdims=True)
                    p = np.exp(logits)
                    p /= p.sum(axis=1, keepdims=True)
                    p[np.arange(len(yb)), yb] -= 1
                    g_logits = p / len(yb)
                g_h = (g_logits @ params[2].T) * (h > 0)
                grads = [xb.T @ g_h + 1e-4 * w1, g_h.sum(0), h.T @ g_logits + 1e-4 * params[2], g_logits.sum(0)]
                step += 1
                for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                    m[i] = 0.9 * m[i] + 0.1 * grad
                    v[i] = 0.999 * v[i] + 0.001 * grad * grad
                    param -= rate * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
                    param[np.abs(param) < 1e-30] = 0  # no subnormals (see __init__)
                    v[i][v[i] < 1e-30] = 0
        return w1, b1, w2, b2

    def save(self, path: str) -> None:
        np.savez_compressed(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    @staticmethod
    def weights(path: str, inputs: int, outputs: tuple[int, ...]) -> tuple[np.ndarray, ...]:
        """The weights saved at `path`; ValueError unless they take `inputs` features to one of `outputs` outputs."""
        with np.load(path) as data:
            weights = tuple(data[name] for name in ("w1", "b1", "w2", "b2"))
        return checked(weights, inputs, outputs, "network")


def checked(
    weights: tuple[np.ndarray, ...], inputs: int, outputs: tuple[int, ...], what: str
) -> tuple[np.ndarray, ...]:
    """`weights` (w1, b1, w2, b2) if they take `inputs` features through one hidden layer to one of `outputs`
    outputs; else ValueError, saying it is not a `what` of this reader."""
    w1, b1, w2, b2 = weights
    hidden = b1.shape[0] if b1.ndim == 1 else -1
    out = w2.shape[1] if w2.ndim == 2 else -1
    if not (w1.shape == (inputs, hidden) and w2.shape == (hidden, out) and b2.shape == (out,) and out in outputs):
        raise ValueError(f"not a {what} of this reader (weights {w1.shape} {b1.shape} {w2.shape} {b2.shape})")
    return weights


class Committee:
    """Networks trained alike from different starting weights, their answers averaged (one network's answers vary
    with its starting weights: the posture network's share of leaning dice read varied two- to threefold).

    A kind of committee says what its members take and give (FEATURES features, OUTPUTS outputs) and what it is
    called in a message (WHAT)."""

    FEATURES: int
    OUTPUTS: int
    WHAT: str

    def __init__(self, members: Sequence[Network]) -> None:
        self.members = list(members)

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        return np.mean([member.probabilities(x) for member in self.members], axis=0)

    def values(self, x: np.ndarray) -> np.ndarray:
        return np.mean([member.values(x) for member in self.members], axis=0)

    @staticmethod
    def fitted(x: np.ndarray, y: np.ndarray, outputs: int, members: int, hidden: int, epochs: int) -> list[Network]:
        """Members trained on standardised features, the standardising then folded into each first layer."""
        mean, spread = x.mean(axis=0), x.std(axis=0) + 1e-3
        standard = (x - mean) / spread
        nets = []
        for seed in range(members):
            w1, b1, w2, b2 = Network.fit(standard, y, outputs, hidden, epochs, seed)
            nets.append(Network(w1 / spread[:, None], b1 - (mean / spread) @ w1, w2, b2))
        return nets

    def save(self, path: str) -> None:
        np.savez_compressed(path, **{f"{name}_{i}": getattr(member, name) for i, member in enumerate(self.members)
                                     for name in ("w1", "b1", "w2", "b2")})  # fmt: skip

    @classmethod
    def load(cls: type[C], path: str) -> C:
        """The committee saved at `path`; ValueError unless it is one of this class's (its members taking FEATURES
        features to OUTPUTS outputs)."""
        with np.load(path) as data:
            count = sum(1 for name in data.files if name.startswith("w1_"))
            if count == 0 or set(data.files) != {f"{n}_{i}" for i in range(count) for n in ("w1", "b1", "w2", "b2")}:
                raise ValueError(f"not a {cls.WHAT} of this reader (holds {', '.join(data.files) or 'nothing'})")
            members = [tuple(data[f"{name}_{i}"] for name in ("w1", "b1", "w2", "b2")) for i in range(count)]
        return cls([Network(*checked(weights, cls.FEATURES, (cls.OUTPUTS,), cls.WHAT)) for weights in members])
