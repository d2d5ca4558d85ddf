"""Which kind a die is: its body and glyph colour (LAB) against one Gaussian per kind.

Each kind has a mean colour (6 numbers: body L a b, glyph L a b) and a covariance learned from rendered frames under
random light: the covariance knows that light changes lightness and chroma together, so a red die in dim light stays
red instead of drifting to the brown pirate. Calibrating replaces the means and keeps the covariances.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def to_lab(bgr: tuple[int, int, int]) -> np.ndarray:
    return cv2.cvtColor(np.array([[bgr]], np.uint8), cv2.COLOR_BGR2LAB)[0, 0].astype(np.float32)


class KindReader:
    """The most likely kind wins; confidence is its posterior probability (equal priors)."""

    def __init__(self, kinds: list[str], means: np.ndarray, covariances: np.ndarray) -> None:
        self.kinds = list(kinds)
        self.means = np.asarray(means, np.float32)
        self.covariances = np.asarray(covariances, np.float32)
        self._inverse = np.linalg.inv(self.covariances)
        self._log_det = np.linalg.slogdet(self.covariances)[1]

    @classmethod
    def from_look(
        cls, body: dict[str, tuple[int, int, int]], glyph: dict[str, tuple[int, int, int]], shape: KindReader
    ) -> KindReader:
        """Means from a look file's colours, covariances from a trained reader."""
        kinds = list(body)
        means = np.stack([np.concatenate([to_lab(body[k]), to_lab(glyph[k])]) for k in kinds])
        return cls(kinds, means, shape._covariance_for(kinds))

    def with_means(self, means: dict[str, np.ndarray]) -> KindReader:
        """The same spreads around new mean colours (calibration under a venue's light)."""
        updated = self.means.copy()
        for kind, mean in means.items():
            updated[self.kinds.index(kind)] = mean
        return KindReader(self.kinds, updated, self.covariances)

    @classmethod
    def fit(cls, colours: np.ndarray, labels: list[str], prior: KindReader | None = None, weight: float = 10.0):
        """Mean and covariance per kind; with a prior, each covariance is shrunk toward the prior's (few samples)."""
        kinds = list(dict.fromkeys(labels)) if prior is None else prior.kinds
        labels_array = np.array(labels)
        means, covariances = [], []
        for i, kind in enumerate(kinds):
            chosen = colours[labels_array == kind]
            if len(chosen) == 0:
                if prior is None:
                    raise ValueError(f"no samples of kind {kind!r}")
                means.append(prior.means[i])
                covariances.append(prior.covariances[i])
                continue
            mean = chosen.mean(axis=0)
            scatter = np.cov(chosen, rowvar=False, bias=True) * len(chosen) if len(chosen) > 1 else np.zeros((6, 6))
            base = prior.covariances[i] if prior is not None else np.eye(6) * 4.0
            w = weight if prior is not None else 1.0
            means.append(mean)
            covariances.append((scatter + w * base) / (len(chosen) + w) + np.eye(6) * 1.0)
        return cls(kinds, np.stack(means), np.stack(covariances))

    def _covariance_for(self, kinds: list[str]) -> np.ndarray:
        average = self.covariances.mean(axis=0)
        return np.stack([self.covariances[self.kinds.index(k)] if k in self.kinds else average for k in kinds])

    def read_many(self, colours: np.ndarray) -> tuple[list[str], np.ndarray]:
        """(n, 6) colours -> n kinds and n confidences."""
        if len(colours) == 0:
            return [], np.zeros(0, np.float32)
        offset = colours[:, None, :] - self.means[None]  # (n, k, 6)
        mahalanobis = np.einsum("nki,kij,nkj->nk", offset, self._inverse, offset)
        log_likelihood = -0.5 * (mahalanobis + self._log_det[None])
        log_likelihood -= log_likelihood.max(axis=1, keepdims=True)
        posterior = np.exp(log_likelihood)
        posterior /= posterior.sum(axis=1, keepdims=True)
        best = posterior.argmax(axis=1)
        return [self.kinds[i] for i in best], posterior[np.arange(len(best)), best]

    def save(self, path: Path | str) -> None:
        np.savez_compressed(path, kinds=np.array(self.kinds), means=self.means, covariances=self.covariances)

    @classmethod
    def load(cls, path: Path | str) -> KindReader:
        """The reader saved at `path`; ValueError if it holds no kinds' colours this reader can use."""
        data = np.load(path)
        kinds, means, covariances = data["kinds"], data["means"], data["covariances"]
        if kinds.ndim != 1 or means.shape != (len(kinds), 6) or covariances.shape != (len(kinds), 6, 6):
            raise ValueError(f"not the kinds' colours ({kinds.shape} {means.shape} {covariances.shape})")
        return cls([str(k) for k in kinds], means, covariances)
