"""The scoreboard window: the view of the moment, a message banner, the bar of actions, and (in the demo) a hand.

Fullscreen on the Pi's console (SDL's kmsdrm driver, no X), a window on a desktop, or headless for tests
(`SDL_VIDEODRIVER=dummy`). Frames are drawn only when something changed - the screen model, the selection, an
animation - at most 30 a second, and only the changed regions are pushed to the display: an idle table costs
almost nothing.

## How a game shows its screens

The scoreboard knows no game. A game's display module registers a view per screen model type (and phase):

    from table.display.views import PAD, register

    register(DiceScreen, draw_dice_bidding, phase=DicePhase.BIDDING)            # tried first in that phase
    register(DiceScreen, draw_dice_table, plates=dice_plates, animated=rolling)  # any phase
    register(DiceScreen, draw_dice_pad, kind=PAD)                                # what the V key shows

A view is `draw(model, (width, height), paint) -> pygame.Surface`. `paint.say(words)` renders a `Text` in the
table's language (`model.language`); `paint.motion` says how far the animations are (from the scoreboard's
injected clock); `paint.part(rect, key)` marks what each region shows, so the next frame redraws only the regions
whose key changed. `plates(model, size)` gives the seats' name plates for touches; `animated(model, motion)` True
asks for frames at 30 fps. The game catalog names each game's views module (`GameEntry.views`); the shell imports
them all when it opens the scoreboard (`table.table_main.load_game_views`); the lobby's are registered here.
Models with `messages`, `undo` and `link_lost` fields get the banner (table.display.banner) for free.
`touches(model, size)` lists places of the view that send a game input when touched (the lobby's game and language
chips). The bar of actions under the view is the controls registered for the model's type
(table.display.controls.register_controls).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

from table.display import (
    lobby_views,  # noqa: F401  (registers the lobby's view; games' views: their modules)
    typeset,
)
from table.display.banner import banner_key, draw_alarm_frame, draw_banner
from table.display.card_art import CARD_RATIO, PAPER, CardFace, card_words, draw_card
from table.display.controls import Controls
from table.display.language import catalog
from table.display.typeset import fit_row, place
from table.display.views import MAIN, PAD, Motion, Paint, View, find_view

log = logging.getLogger(__name__)

HAND_BAND = 5  # the hand takes a fifth of the screen's height, when there is one
FPS = 30  # the most frames a second; a Pi 4 draws a changed 1080p frame in well under 1/30 s
HAND_FELT = (14, 40, 30)


@dataclass
class Click:
    """A card of the shown hand was touched."""

    index: int


@dataclass
class Scoreboard:
    surface: pygame.Surface
    controls: Controls = field(default_factory=Controls)
    show_pad: bool = False
    clock: Callable[[], float] = time.monotonic  # injected: tests and benchmarks choose the moment
    _model: Any = None
    _hand: list[CardFace] = field(default_factory=list)
    _hand_rects: list[pygame.Rect] = field(default_factory=list)
    _phase: object = None
    _phase_since: float = 0.0
    _reveal_since: float | None = None
    _last_frame: float = -1e9
    _pending: bool = False
    _board: pygame.Surface | None = None
    _parts: dict[tuple[int, int, int, int], Hashable] = field(default_factory=dict)
    _keys: dict[str, Hashable] = field(default_factory=dict)
    _selection: pygame.Rect | None = None
    _touches: list[tuple[pygame.Rect, Any]] = field(default_factory=list)  # the view's touchable places
    updated: list[pygame.Rect] = field(default_factory=list)  # the regions the last frame pushed to the display

    @classmethod
    def open(cls, fullscreen: bool, size: tuple[int, int] = (1280, 720)) -> Scoreboard:
        chosen = choose_video_driver(fullscreen)
        try:
            pygame.display.init()
        except pygame.error as error:
            if chosen is None:
                raise
            log.warning("no %s display (%s); letting SDL choose", chosen, error)
            del os.environ["SDL_VIDEODRIVER"]
            pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode((0, 0) if fullscreen else size, pygame.FULLSCREEN if fullscreen else 0)
        pygame.display.set_caption("Pirate Table")
        log.info("scoreboard: %s, %dx%d", pygame.display.get_driver(), *surface.get_size())
        return cls(surface)

    # --- What the table tells it ------------------------------------------------------------------------------

    def show(self, model: Any, hand: list[CardFace] | None = None) -> None:
        """Show `model` (any registered screen model) and, in the demo, a hand; drawn now or at the next frame."""
        hand = hand or []
        if model == self._model and hand == self._hand and not self._pending:
            return
        now = self.clock()
        phase = getattr(model, "phase", None)
        if phase != self._phase:
            countdown_ended = self._phase is not None and getattr(self._phase, "value", None) == "countdown"
            self._reveal_since = now if countdown_ended else None
            self._phase, self._phase_since = phase, now
        self._model, self._hand = model, hand
        self._pending = True
        self.tick()

    def tick(self) -> bool:
        """Draw a frame if one is due (a change, or an animation) and 1/FPS s have passed; True if drawn."""
        if self._model is None:
            return False
        now = self.clock()
        if not (self._pending or self._view().animated(self._model, self._motion(now))):
            return False
        if now - self._last_frame < 1 / FPS - 1e-6:  # (a little slack: the loop ticks at 1/FPS too)
            return False  # too soon: the change waits for the next frame
        self.draw_frame(now)
        return True

    # --- Drawing ----------------------------------------------------------------------------------------------

    def _view(self) -> View:
        view = (find_view(self._model, PAD) if self.show_pad else None) or find_view(self._model, MAIN)
        if view is None:
            raise LookupError(f"no view is registered for {type(self._model).__name__}")
        return view

    def _motion(self, now: float) -> Motion:
        reveal = None if self._reveal_since is None else now - self._reveal_since
        return Motion(phase_age=now - self._phase_since, reveal_age=reveal)

    def layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(board, banner, hand, bar): the view's region, the message strip, the demo's hand, the actions."""
        width, height = self.surface.get_size()
        bar = pygame.Rect(0, height - height // 9, width, height // 9)
        hand = pygame.Rect(0, bar.top - (height // HAND_BAND if self._hand else 0), width, 0)
        hand.height = bar.top - hand.top
        banner = pygame.Rect(0, hand.top - height // 11, width, height // 11)
        board = pygame.Rect(0, 0, width, banner.top)
        return board, banner, hand, bar

    def draw_frame(self, now: float | None = None) -> list[pygame.Rect]:
        """Draw the frame now, pushing only the changed regions to the display; returns them."""
        now = self.clock() if now is None else now
        model = self._model
        self._pending, self._last_frame = False, now
        typeset.use_screen(self.surface.get_size())  # the type scale of this screen
        board, banner, hand, bar = self.layout()
        view = self._view()
        paint = Paint(catalog(getattr(model, "language", "en")), self._motion(now))
        drawn = view.draw(model, board.size, paint)
        dirty = self._board_changes(view, board, paint, getattr(model, "link_lost", None) is not None)
        plates = view.plates(model, board.size) if view.plates else {}
        touches = view.touches(model, board.size) if view.touches else []
        self._touches = [(rect.move(board.topleft), action) for rect, action in touches]
        selection = self.controls.selection_rect(model, plates)
        if selection != self._selection:
            dirty += [r for r in (self._selection, selection) if r is not None]
            self._selection = selection
        dirty = [r.clip(board) for r in dirty]
        for rect in dirty:
            self.surface.blit(drawn, rect, area=rect)
        if dirty and getattr(model, "link_lost", None) is not None:
            draw_alarm_frame(self.surface, board)
        if dirty and selection is not None:
            self.controls.draw_selection(self.surface, selection)
        self._board = drawn
        if self._changed("banner", (banner.size, banner_key(model), paint.catalog)):
            draw_banner(self.surface, model, banner, paint)
            dirty.append(banner)
        if self._changed("hand", (hand.size, tuple(self._hand), paint.catalog)):
            self._draw_hand(hand, paint)
            dirty.append(hand)
        bar_key = (bar.size, self.controls.state(model), paint.catalog)
        if self._changed("bar", bar_key):
            self.controls.draw(self.surface, model, bar, plates, paint)
            dirty.append(bar)
        self.updated = [r for r in dirty if r.width and r.height]
        if self.updated and self.surface is pygame.display.get_surface():
            pygame.display.update(self.updated)
        return self.updated

    def _changed(self, region: str, key: Hashable) -> bool:
        if self._keys.get(region) == key:
            return False
        self._keys[region] = key
        return True

    def _board_changes(self, view: View, board: pygame.Rect, paint: Paint, alarm: bool) -> list[pygame.Rect]:
        """The board's regions whose content changed since the last frame (all of it if the view changed)."""
        parts = {(r.x, r.y, r.w, r.h): key for r, key in paint.parts}
        whole = self._changed("board", (id(view), board.size, paint.catalog, alarm, self.show_pad)) or not parts
        old, self._parts = self._parts, parts
        if whole:
            return [pygame.Rect(board)]
        rects = [rect for rect, key in parts.items() if old.get(rect, key) != key or rect not in old]
        rects += [rect for rect in old if rect not in parts]
        return [pygame.Rect(rect) for rect in rects]

    def _draw_hand(self, area: pygame.Rect, paint: Paint) -> None:
        """The demo's hand: the cards in a row, a special card's words under it, all in one size."""
        self._hand_rects = []
        if not self._hand:
            return
        self.surface.fill(HAND_FELT, area)
        step = area.width / len(self._hand)
        words = [card_words(face, paint.catalog) for face in self._hand]
        said = [
            w[-1] if face.kind == "pirate" else w[0] if w else "" for face, w in zip(self._hand, words, strict=True)
        ]
        labels = fit_row(said, int(step * 0.9), typeset.current().small, PAPER, lines=2)
        room = max(label.get_height() for label in labels) if any(said) else 0
        card_width = min(area.width // (len(self._hand) + 1), int((area.height * 0.92 - room) / CARD_RATIO))
        for n, face in enumerate(self._hand):
            card = draw_card(face, card_width, paint.catalog)
            top = area.top + (area.height - card.get_height() - room) // 2
            rect = card.get_rect(midtop=(round(area.left + step * (n + 0.5)), top))
            self.surface.blit(card, rect)
            if said[n]:
                place(self.surface, labels[n], midtop=(rect.centerx, rect.bottom))
            self._hand_rects.append(rect)

    # --- Input ------------------------------------------------------------------------------------------------

    def events(self) -> list[Any]:
        """Game inputs and hand clicks since the last call, from touches, the mouse and the keyboard.

        Called every turn of the table's loop, it also draws the frames an animation asks for.
        """
        out: list[Any] = []
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                touched = [n for n, rect in enumerate(self._hand_rects) if rect.collidepoint(event.pos)]
                if touched:
                    out.append(Click(touched[0]))
                    continue
                chosen = [action for rect, action in self._touches if rect.collidepoint(event.pos)]
                if chosen:
                    out.append(chosen[0])  # a touchable place of the view: a lobby's chip, say
                    continue
            if event.type == pygame.KEYDOWN and event.unicode.lower() == "v" and not self.controls.naming_now:
                self.show_pad = not self.show_pad
                self._pending = True
                continue
            if self._model is not None:
                before = self.controls.state(self._model)
                out += self.controls.handle(event, self._model)
                self._pending |= self.controls.state(self._model) != before
        self.tick()
        return out

    @property
    def hand_rects(self) -> list[pygame.Rect]:
        """Where the hand's cards are drawn, left to right."""
        return list(self._hand_rects)

    @property
    def quit(self) -> bool:
        return self.controls.quit


def choose_video_driver(fullscreen: bool, environ: dict[str, str] | None = None) -> str | None:
    """On the Pi's console (fullscreen, no X or Wayland) SDL must use kmsdrm; elsewhere SDL chooses.

    Returns the driver set, if any. An explicit SDL_VIDEODRIVER is always respected.
    """
    env = os.environ if environ is None else environ
    if not fullscreen or env.get("SDL_VIDEODRIVER") or env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"):
        return None
    env["SDL_VIDEODRIVER"] = "kmsdrm"
    return "kmsdrm"
