"""A small numpy network: one hidden layer of ReLUs, a softmax over its outputs, trained with Adam on the CPU.

The face reader (vision/faces.py) and the posture reader (vision/posture.py) are each one of these.
"""

from __future__ import annotations

import math

import numpy as np


class Network:
    def __init__(self, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> None:
        # Weight decay leaves unused weights tiny; as subnormal floats they make every product many times slower.
        self.w1, self.b1, self.w2, self.b2 = (
            np.where(np.abs(w) < 1e-30, 0, w).astype(np.float32) for w in (w1, b1, w2, b2)
        )

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        hidden = np.maximum(x @ self.w1 + self.b1, 0)
        logits = hidden @ self.w2 + self.b2
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
            w1, b1, w2, b2 = (data[name] for name in ("w1", "b1", "w2", "b2"))
        hidden = b1.shape[0] if b1.ndim == 1 else -1
        out = w2.shape[1] if w2.ndim == 2 else -1
        if not (w1.shape == (inputs, hidden) and w2.shape == (hidden, out) and b2.shape == (out,) and out in outputs):
            raise ValueError(f"not a network of this reader (weights {w1.shape} {b1.shape} {w2.shape} {b2.shape})")
        return w1, b1, w2, b2
