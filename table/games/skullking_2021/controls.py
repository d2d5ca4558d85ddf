"""Skull King 2021's bar of actions: the 2013 game's (table.games.skullking.controls), with the Tigress named, the
bids up to the cards dealt, and the 2021 edition's choices: a pirate's ability after it took a trick, and the
cannonball under Rascal scoring (B). Registered by table.games.skullking_2021.views.
"""

from __future__ import annotations

from typing import Any

from table.core import inputs
from table.core.frame import Phase
from table.core.text import text, verbatim
from table.display.controls import Button
from table.games.skullking.controls import SkullKingControls
from table.games.skullking_2021.inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.games.skullking_2021.screen import Screen2021


class SkullKing2021Controls(SkullKingControls):
    """The card game's bar, with the Tigress named and the 2021 edition's choices."""

    def buttons(self, screen: Any) -> list[Button]:
        chosen = []
        for button in super().buttons(screen):
            if isinstance(button.action, inputs.ChooseScaryMary) and button.action.as_pirate:
                button = Button(text("Tigress: Pirate"), button.action, button.key)
            cards = getattr(screen, "cards", 0)
            if isinstance(button.action, inputs.ChooseBid) and cards and button.action.value > cards:
                continue  # fewer cards dealt than the round's number (8 players)
            chosen.append(button)
        if not isinstance(screen, Screen2021) or screen.undo or self.picker.choosing():
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
