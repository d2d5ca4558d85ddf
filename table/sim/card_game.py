"""A whole game of Skull King between bots, through the rules core: what `pirate-table demo` shows for now."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from table.rules import skullking as sk
from table.sim.card_bot import CardBot


@dataclass
class RoundResult:
    number: int
    dealer: int
    bids: list[int]
    won: list[int]
    bonuses: list[int]
    scores: list[int]
    revokes: list[sk.Revoke]


@dataclass
class GameResult:
    names: list[str]
    rounds: list[RoundResult] = field(default_factory=list)

    def totals(self) -> list[int]:
        return [sum(r.scores[seat] for r in self.rounds) for seat in range(len(self.names))]

    def ranking(self) -> list[tuple[int, str, int]]:
        """(place, name, total), best first; equal totals share a place."""
        totals = self.totals()
        order = sorted(range(len(self.names)), key=lambda seat: (-totals[seat], seat))
        return [(1 + sum(t > totals[seat] for t in totals), self.names[seat], totals[seat]) for seat in order]


def play_game(players: int, seed: int, names: list[str] | None = None) -> GameResult:
    """Deal, bid, play and score ten rounds. The same seed gives the same game."""
    sk.check_players(players)
    rng = random.Random(seed)
    bots = [CardBot(random.Random(rng.getrandbits(64))) for _ in range(players)]
    result = GameResult(names or [f"Bot {seat + 1}" for seat in range(players)])
    for number in range(1, sk.ROUNDS + 1):
        deck = list(sk.DECK)
        rng.shuffle(deck)
        for seat, bot in enumerate(bots):
            bot.hand = deck[seat * number : (seat + 1) * number]
        bids = [bot.bid(number, players) for bot in bots]
        play = sk.Round(number, players, sk.dealer(number, players))
        while not play.is_over:
            seat = play.to_play
            assert seat is not None
            needed = bids[seat] - play.tricks_won(seat)
            play.play(seat, bots[seat].play(play.current, needed))
        result.rounds.append(
            RoundResult(
                number=number,
                dealer=play.dealer,
                bids=bids,
                won=[play.tricks_won(seat) for seat in range(players)],
                bonuses=[play.bonus(seat) for seat in range(players)],
                scores=[play.score(seat, bids[seat]) for seat in range(players)],
                revokes=sk.find_revokes(play.tricks),
            )
        )
    return result


def score_pad(game: GameResult) -> str:
    """The printed score pad: a row per round (bid/won and points), running totals, the final ranking.

    The last lines are stable for scripts: one `FINAL <place> <name> <total>` line per player, best first.
    """
    width = max(12, *(len(name) + 2 for name in game.names))
    lines = ["round " + "".join(name.rjust(width) for name in game.names)]
    running = [0] * len(game.names)
    for r in game.rounds:
        cells = []
        for seat in range(len(game.names)):
            running[seat] += r.scores[seat]
            cells.append(f"{r.bids[seat]}/{r.won[seat]} {r.scores[seat]:+d}".rjust(width))
        lines.append(f"{r.number:>5} " + "".join(cells))
    lines.append("total " + "".join(str(total).rjust(width) for total in running))
    lines.append("")
    lines += [f"FINAL {place} {name} {total}" for place, name, total in game.ranking()]
    return "\n".join(lines)
