"""Skull King 2021's views: the 2013 game's trick screen, round summary, ranking and score pad draw its screen
model (a `Screen` subclass). The Kraken's and the Whale's doing and the pirate's question are in its prompt and
messages; the title names the round's Loot alliances, wagers, cannonballs and Rascal scoring; the cards are
drawn from shapes (table.display.card_art). The bar offers the Tigress, the pirates' abilities and the cannonball
beside the card game's buttons."""

from __future__ import annotations

from typing import Any

from table.core import inputs
from table.core.screen import Phase
from table.core.text import text, verbatim
from table.display.controls import Button, Controls, register_controls
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.views import PAD, register
from table.games.skullking import views as skullking_views  # noqa: F401  (the card game's views, which draw Screen2021 too)
from table.games.skullking_2021.inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.games.skullking_2021.screen import Screen2021
from table.games.tricks.trick_view import animated, draw_trick_screen, seat_plates

register(Screen2021, draw_score_pad, kind=PAD)
register(Screen2021, draw_ranking, phase=Phase.GAME_OVER)
register(Screen2021, draw_round_summary, phase=Phase.LIFTING, when=lambda s: round_over(s) and s.ability is None)
register(Screen2021, draw_trick_screen, plates=seat_plates, animated=animated)


class Controls2021(Controls):
    """The card game's bar, with the Tigress named and the 2021 edition's choices."""

    def other(self, model: Any) -> None:
        return None  # these are the controls for the model

    def buttons(self, screen: Any) -> list[Button]:
        chosen = []
        for button in super().buttons(screen):
            if isinstance(button.action, inputs.ChooseScaryMary) and button.action.as_pirate:
                button = Button(text("Tigress: Pirate"), button.action, button.key)
            cards = getattr(screen, "cards", 0)
            if isinstance(button.action, inputs.ChooseBid) and cards and button.action.value > cards:
                continue  # fewer cards dealt than the round's number (8 players)
            chosen.append(button)
        if not isinstance(screen, Screen2021) or screen.undo:
            return chosen
        seat = self.seat(screen)
        ability = screen.ability
        extra: list[Button] = []
        if ability is not None and ability.seat == seat:
            if ability.kind == "rosie-de-laney":
                for leader in ability.choices:
                    view = screen.seats[leader]
                    extra.append(
                        Button(
                            text("{name} leads", name=view.label or verbatim(view.name)),
                            ChooseLeader(seat, leader),
                            str(leader + 1),
                        )
                    )
            elif ability.kind == "harry-the-giant":
                keys = {-1: "-", 0: "0", 1: "+"}
                for change in ability.choices:
                    extra.append(Button(verbatim(f"{change:+d}"), ChangeBid(seat, change), keys[change]))
            elif ability.kind == "rascal-of-roatan":
                for amount in ability.choices:
                    extra.append(Button(text("Wager {points}", points=amount), Wager(seat, amount), str(amount // 10)))
            else:
                extra.append(Button(text("Done"), AbilityDone(seat), "o"))
        if screen.scoring == "rascal" and screen.phase is Phase.BIDDING and not screen.seats[seat].bid_locked:
            if seat in screen.cannonballs:
                extra.append(Button(text("No cannonball"), Cannonball(seat, False), "b"))
            else:
                extra.append(Button(text("Cannonball"), Cannonball(seat, True), "b"))
        return extra + chosen


register_controls(Screen2021, Controls2021)
