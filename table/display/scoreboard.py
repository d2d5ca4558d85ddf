"""The scoreboard window: the screen for the moment, the bar of actions, and (in the demo) a player's hand.

Fullscreen on the Pi's console, a window on a desktop, or drawn headless for tests. It shows the trick screen
from the lobby to the last trick, the round's summary while its last cards are lifted, the final ranking at the
end, and the score pad whenever V asks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from table.display.card_art import CardFace, draw_card
from table.display.controls import Controls
from table.display.score_pad import draw_score_pad
from table.display.summary_screens import draw_ranking, draw_round_summary, round_over
from table.display.trick_screen import draw_trick_screen, seat_plates
from table.games.screen import Phase, Screen

HAND_BAND = 5  # the hand takes a fifth of the screen's height, when there is one


@dataclass
class Click:
    """A card of the shown hand was touched."""

    index: int


@dataclass
class Scoreboard:
    surface: pygame.Surface
    controls: Controls = field(default_factory=Controls)
    show_pad: bool = False
    _screen: Screen | None = None
    _hand: list[CardFace] = field(default_factory=list)
    _hand_rects: list[pygame.Rect] = field(default_factory=list)

    @classmethod
    def open(cls, fullscreen: bool, size: tuple[int, int] = (1280, 720)) -> Scoreboard:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode((0, 0) if fullscreen else size, pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_caption("Pirate Table")
        return cls(surface)

    def show(self, screen: Screen, hand: list[CardFace] | None = None) -> None:
        self._screen, self._hand = screen, hand or []
        width, height = self.surface.get_size()
        bar = pygame.Rect(0, height - height // 9, width, height // 9)
        hand_height = height // HAND_BAND if self._hand else 0
        board = (width, bar.top - hand_height)
        if self.show_pad:
            draw = draw_score_pad
        elif screen.phase is Phase.GAME_OVER:
            draw = draw_ranking
        elif screen.phase is Phase.LIFTING and round_over(screen):
            draw = draw_round_summary
        else:
            draw = draw_trick_screen
        self.surface.blit(draw(screen, board), (0, 0))
        self._draw_hand(pygame.Rect(0, board[1], width, hand_height))
        plates = seat_plates(screen, board) if draw is draw_trick_screen else {}  # only the table has seats to touch
        self.controls.draw(self.surface, screen, bar, plates)
        pygame.display.flip()

    def _draw_hand(self, area: pygame.Rect) -> None:
        self._hand_rects = []
        if not self._hand:
            return
        self.surface.fill((14, 40, 30), area)
        card_width = min(area.width // (len(self._hand) + 1), int(area.height * 0.9 / 1.45))
        step = area.width / len(self._hand)
        for n, face in enumerate(self._hand):
            card = draw_card(face, card_width)
            rect = card.get_rect(center=(round(area.left + step * (n + 0.5)), area.centery))
            self.surface.blit(card, rect)
            self._hand_rects.append(rect)

    def events(self) -> list[Any]:
        """Game inputs and hand clicks since the last call, from touches, the mouse and the keyboard."""
        out: list[Any] = []
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                touched = [n for n, rect in enumerate(self._hand_rects) if rect.collidepoint(event.pos)]
                if touched:
                    out.append(Click(touched[0]))
                    continue
            if event.type == pygame.KEYDOWN and event.unicode.lower() == "v" and self.controls.naming is None:
                self.show_pad = not self.show_pad
                continue
            if self._screen is not None:
                out += self.controls.handle(event, self._screen)
        if out and self._screen is not None:
            self.show(self._screen, self._hand)  # the selection or the bar may have changed
        return out

    @property
    def hand_rects(self) -> list[pygame.Rect]:
        """Where the hand's cards are drawn, left to right."""
        return list(self._hand_rects)

    @property
    def quit(self) -> bool:
        return self.controls.quit
