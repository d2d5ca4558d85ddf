"""Made-up games as a table would publish them (docs/venue.md's event data): for the venue's tests and its
screenshots. `SampleTable("t1").game(["Anna", "Ben"], ...)` returns the envelopes of a whole game, seq counting on
from the table's previous game."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from table.venue.topics import Envelope

WHY = {
    "en": "{w} takes the trick: the highest trump",
    "de": "{w} gewinnt den Stich: der höchste Trumpf",
    "fr": "{w} remporte le pli : l'atout le plus fort",
    "nl": "{w} wint de slag: de hoogste troef",
    "it": "{w} vince la presa: la briscola più alta",
}
GAME_NAME = {"en": "Skull King", "de": "Skull King", "fr": "Skull King", "nl": "Skull King", "it": "Skull King"}


@dataclass
class SampleTable:
    table: str
    seq: int = 0

    def envelope(self, game_id: str, kind: str, at: float, data: dict[str, Any]) -> Envelope:
        self.seq += 1
        return Envelope(self.table, self.seq, game_id, kind, at, data)

    def game(
        self,
        names: list[str],
        totals: list[int],
        start: float,
        rounds: int = 2,
        finished: bool = True,
        game: str = "skull-king",
    ) -> list[Envelope]:
        """A game of `names` ending with `totals` (seat order), `rounds` rounds of one trick each, a minute apart."""
        game_id = f"{self.table}-{time.strftime('%Y%m%d%H%M%S', time.gmtime(start))}-{self.seq + 1}"
        players = [{"seat": seat, "name": name, "badge": False} for seat, name in enumerate(names)]
        out = [
            self.envelope(game_id, "game_started", start, {"game": game, "game_name": GAME_NAME, "players": players})
        ]
        for number in range(1, rounds + 1):
            at = start + 60 * number
            winner = (number - 1) % len(names)
            why = {lang: text.format(w=names[winner]) for lang, text in WHY.items()}
            trick = {"round": number, "number": 1, "winner_seat": winner, "winner": names[winner], "why": why}
            out.append(self.envelope(game_id, "trick", at, trick))
            scores = [
                {"seat": seat, "name": name, "points": totals[seat] // rounds,
                 "total": totals[seat] * number // rounds}
                for seat, name in enumerate(names)
            ]  # fmt: skip
            out.append(self.envelope(game_id, "round", at + 1, {"round": number, "scores": scores}))
        if finished:
            ranking = ranking_of(names, totals)
            pad = {"ranking": ranking, "rounds": rounds}
            out.append(
                self.envelope(game_id, "game_over", start + 60 * rounds + 30, {"ranking": ranking, "score_pad": pad})
            )
        return out


def ranking_of(names: list[str], totals: list[int]) -> list[dict[str, Any]]:
    """Places by total, ties sharing a place (1, 1, 3), as a table ranks them."""
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    ranking: list[dict[str, Any]] = []
    for index, seat in enumerate(order):
        place = ranking[-1]["place"] if ranking and ranking[-1]["total"] == totals[seat] else index + 1
        ranking.append({"place": place, "seat": seat, "name": names[seat], "total": totals[seat]})
    return ranking


def an_evening(store: Any, now: float) -> dict[str, list[Envelope]]:
    """A venue's evening in `store`: three tables (t1 between games, t2 in a game, t3 gone offline), five finished
    games; returns each table's envelopes."""
    tables = {name: SampleTable(name) for name in ("t1", "t2", "t3")}
    played = {
        "t1": tables["t1"].game(["Anna", "Bram", "Chiara", "Dieter"], [120, 80, 80, -20], now - 7200, rounds=4)
        + tables["t1"].game(["Anna", "Élodie", "Finn"], [60, 130, 90], now - 3600, rounds=4),
        "t2": tables["t2"].game(["Greta", "Hugo", "Ines", "Jules", "Bram"], [40, 150, 70, 90, 110], now - 6000)
        + tables["t2"].game(["Greta", "Hugo", "Ines", "Jules"], [90, 60, 140, 30], now - 900, rounds=5, finished=False),
        "t3": tables["t3"].game(["Kai", "Lotte", "chiara"], [100, 40, 70], now - 5000, rounds=3)
        + tables["t3"].game(["Kai", "Lotte", "Chiara", "Dieter"], [20, 90, 50, 90], now - 2400, rounds=3),
    }
    for name, events in played.items():
        for envelope in events:
            store.add(envelope)
        online = name != "t3"
        store.set_status(name, f'{{"v": 1, "table": "{name}", "online": {str(online).lower()}, "at": {now}}}'.encode())
    return played


LONG_NAMES = ["Mary Read", "Calico Jack", "Anne Bonny", "Rosie D'Laney", "Bartholomew Roberts", "Grace O'Malley",
              "Harry the Giant", "Blackbeard"]  # fmt: skip


def a_full_evening(store: Any, now: float) -> dict[str, list[Envelope]]:
    """`an_evening` and five more tables (eight in all, as a café's wall shows them), with long names, six and eight
    players at a table, and more finished games than a wall has room for."""
    played = an_evening(store, now)
    more = {name: SampleTable(name) for name in ("t4", "t5", "t6", "t7", "t8")}
    played["t4"] = more["t4"].game(LONG_NAMES[:6], [110, 70, 150, 20, 90, 60], now - 1500, rounds=6)
    played["t5"] = more["t5"].game(LONG_NAMES, [30, 80, 50, 120, 10, 100, 70, 90], now - 2000, rounds=8)
    played["t5"] += more["t5"].game(LONG_NAMES[:5], [40, 60, 20, 30, 50], now - 600, rounds=3, finished=False)
    played["t6"] = more["t6"].game(["Mary Read", "Finn", "Anna"], [70, 20, 40], now - 4000, rounds=3)
    played["t6"] += more["t6"].game(["Zoë", "Ines", "Kai", "Mary Read"], [10, 30, 20, 40], now - 300, rounds=1,
                                    finished=False)  # fmt: skip
    played["t7"] = more["t7"].game(["Hugo", "Lotte", "Calico Jack"], [60, 90, 30], now - 2800, rounds=3)
    played["t8"] = more["t8"].game(["Élodie", "Bram", "Anne Bonny", "Dieter"], [50, 50, 80, 20], now - 1200, rounds=2)
    for name in more:
        for envelope in played[name]:
            store.add(envelope)
        store.set_status(name, f'{{"v": 1, "table": "{name}", "online": true, "at": {now}}}'.encode())
    return played
