"""Skull King 2021's views: the 2013 game's trick screen, round summary, ranking and score pad draw its screen model
(a `Screen` subclass); on top, a strip says what the 2021 edition adds to the trick (the Kraken's or the White
Whale's doing, a Loot alliance, the pirate's question). The bar offers the Tigress, the pirates' abilities and
the cannonball beside the card game's buttons."""

from __future__ import annotations

from typing import Any

import pygame

from table.display import skullking_views  # noqa: F401  (the card game's views, which draw Screen2021 too)
from table.display.card_art import INK
from table.display.controls import Button, Controls, register_controls
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.trick_screen import animated, draw_trick_screen, seat_plates
from table.display.typeset import fit_text
from table.display.views import PAD, Paint, register
from table.games import inputs
from table.games.screen import Phase
from table.games.skullking_2021_inputs import AbilityDone, Cannonball, ChangeBid, ChooseLeader, Wager
from table.games.skullking_2021_screen import Screen2021
from table.games.text import Text, text, verbatim

STRIP = (86, 180, 233)  # Okabe-Ito sky blue: the sea's news, with an "i"-like sign and words, never colour alone


def _news(screen: Screen2021) -> Text | None:
    if screen.ability is not None:
        return screen.ability.question
    if screen.outcome is not None and screen.phase is Phase.LIFTING:
        return screen.outcome
    return None


def draw_2021_trick_screen(screen: Screen2021, size: tuple[int, int], paint: Paint | None = None) -> pygame.Surface:
    paint = paint or Paint()
    surface = draw_trick_screen(screen, size, paint)
    news = _news(screen)
    extra = []
    if screen.scoring == "rascal":
        extra.append(text("Rascal scoring"))
    if screen.cannonballs:
        names = ", ".join(paint.say(screen.seats[seat].label or screen.seats[seat].name) for seat in screen.cannonballs)
        extra.append(text("Cannonball: {names}", names=names))
    if news is None and not extra:
        return surface
    width, height = size
    strip = pygame.Rect(width // 5, height * 13 // 100, width * 3 // 5, max(18, height // 18))
    pygame.draw.rect(surface, STRIP, strip, border_radius=strip.height // 4)
    pygame.draw.rect(surface, INK, strip, width=max(1, height // 360), border_radius=strip.height // 4)
    words = "  ·  ".join(paint.say(part) for part in [*([news] if news else []), *extra])
    said = fit_text(words, strip.width * 19 // 20, strip.height * 4 // 5, INK)
    surface.blit(said, said.get_rect(center=strip.center))
    paint.part(strip, ("2021-strip", words))
    return surface


register(Screen2021, draw_score_pad, kind=PAD)
register(Screen2021, draw_ranking, phase=Phase.GAME_OVER)
register(Screen2021, draw_round_summary, phase=Phase.LIFTING, when=lambda s: round_over(s) and s.ability is None)
register(Screen2021, draw_2021_trick_screen, plates=seat_plates, animated=animated)


class Controls2021(Controls):
    """The card game's bar, with the Tigress named and the 2021 edition's choices."""

    def other(self, model: Any) -> None:
        return None  # these are the controls for the model

    def buttons(self, screen: Any) -> list[Button]:
        chosen = []
        for button in super().buttons(screen):
            if isinstance(button.action, inputs.ChooseScaryMary) and button.action.as_pirate:
                button = Button(text("Tigress: Pirate"), button.action, button.key)
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
