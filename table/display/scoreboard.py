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
them all, and the lobby's (table.lobby.views), when it opens the scoreboard (`table.commands.run.load_game_views`).
Models with `messages`, `undo` and `link_lost` fields get the banner (table.display.banner) for free; a game's
models with `why`, `judged` and `showing_last` get the why line over it and the last trick shown again over the
view (table.display.why_line).
`touches(model, size)` lists places of the view that send a game input when touched (the lobby's game and language
chips). The bar of actions under the view is the controls registered for the model's type
(table.display.controls: `register_controls`, `ActionBar`).

The final screen of every game (Phase.GAME_OVER) gives the right of the board to a QR code of the game's page on the
venue's service, when the table knows one (`set_venue_link`); the view draws in what is left.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pygame

from table.core.frame import Phase
from table.core.text import text
from table.display import typeset
from table.display.banner import HUSHED, News, banner_news, draw_alarm_frame, draw_banner
from table.display.card_art import CARD_RATIO, PAPER, CardFace, draw_card, hand_word
from table.display.controls import ActionBar
from table.display.language import catalog
from table.display.qr import fitted_qr
from table.display.repetition import said_already
from table.display.score_pad import FELT
from table.display.typeset import fit_row, fit_text, place, record_texts
from table.display.views import MAIN, PAD, Motion, Paint, View, find_view
from table.display.why_line import draw_last_trick, draw_why, has_why, last_key, strip_height, why_key

log = logging.getLogger(__name__)

HAND_BAND = 5  # the hand takes a fifth of the screen's height, when there is one
FPS = 30  # the most frames a second; a Pi 4 draws a changed 1080p frame in well under 1/30 s
HAND_FELT = (14, 40, 30)
LINK_PANEL = 0.3  # of the board's width: the QR code to the venue's page, on a game's final screen
LINK_CAPTION = text("Your game on the venue's page")


@dataclass
class Click:
    """A card of the shown hand was touched."""

    index: int


@dataclass
class Scoreboard:
    surface: pygame.Surface
    controls: ActionBar = field(default_factory=ActionBar)
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
    _venue_link: str | None = None  # the page of this game on the venue's service, for the QR code at its end
    _said: tuple[Any, tuple[int, int], bool] | None = None  # (model, size, whether its view says the banner's news)
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

    def set_venue_link(self, url: str | None) -> None:
        """The venue's page of the game being played or just finished (None or "": none). The final screen shows it
        as a QR code; calling this every turn of the loop with the same link costs nothing."""
        url = url or None
        if url != self._venue_link:
            self._venue_link = url
            self._pending = True

    def set_operator_open(self, unlocked: bool) -> None:
        """Whether the operator's actions are open now: the bar offers its Lock button while they are
        (table.display.controls); calling this every turn of the loop with the same answer costs nothing."""
        if unlocked != self.controls.operator_open:
            self.controls.operator_open = unlocked
            self._pending = True

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
        board, _, banner, hand, bar = self._regions()
        return board, banner, hand, bar

    def why_strip(self) -> pygame.Rect:
        """The why line's strip, between the view and the banner (table.display.why_line); none in the lobby."""
        return self._regions()[1]

    def _regions(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """(board, why, banner, hand, bar). The why line's strip (table.display.why_line.strip_height) takes its
        height from the view: the bar and the banner keep theirs, which the type scale's minimum needs at 800x480.
        The why strip and the banner are there only while they have something to say that the view does not say:
        else the view (the seats' plates) gets their room."""
        width, height = self.surface.get_size()
        paint = Paint(catalog(getattr(self._model, "language", "en")))
        band = strip_height(self._model, (width, height), paint)
        bar = pygame.Rect(0, height - height // 9, width, height // 9)
        hand = pygame.Rect(0, bar.top - (height // HAND_BAND if self._hand else 0), width, 0)
        hand.height = bar.top - hand.top
        news = height // 11 if self._news(paint) is not None else 0  # nothing new to say: no strip
        banner = pygame.Rect(0, hand.top - news, width, news)
        why = pygame.Rect(0, banner.top - band, width, band)
        board = pygame.Rect(0, 0, width, why.top)
        return board, why, banner, hand, bar

    def _news(self, paint: Paint) -> News | None:
        """What the banner says: the model's news, unless the view or the why line says it already (then nothing, or
        for a lost link its short form)."""
        model = self._model
        news = banner_news(model)
        if news is None or news[0] not in (*HUSHED, "link"):
            return news
        said = self._said is not None and self._said[:2] == (model, self.surface.get_size()) and self._said[2]
        why = getattr(model, "why", None) if has_why(model) else None
        if why is not None and news[0] != "link" and said_already(paint.say(news[1]), [paint.say(why)]):
            said = True
        if not said:
            return news
        return banner_news(model, briefly=True) if news[0] == "link" else None

    def draw_frame(self, now: float | None = None) -> list[pygame.Rect]:
        """Draw the frame now, pushing only the changed regions to the display; returns them."""
        now = self.clock() if now is None else now
        model = self._model
        self._pending, self._last_frame = False, now
        typeset.use_screen(self.surface.get_size())  # the type scale of this screen
        board, strip, banner, hand, bar = self._regions()  # once: the why strip's height is worked out from its words
        view = self._view()
        paint = Paint(catalog(getattr(model, "language", "en")), self._motion(now))
        if self._keyboard_open():
            return self._draw_keyboard(paint)
        self._keys.pop("keyboard", None)  # the next keyboard is drawn afresh
        panel = self._link_panel(board)
        area = board if panel is None else pygame.Rect(board.topleft, (board.width - panel.width, board.height))
        with record_texts() as said:  # what the view says, so that the banner does not say it again
            drawn = view.draw(model, area.size, paint)
        if self._says_news(said, paint):
            return self.draw_frame(now)  # without the banner: the view takes its room
        draw_last_trick(drawn, model, paint)  # over the view, while the last trick is asked for
        alarm = getattr(model, "link_lost", None) is not None
        dirty = self._board_changes(view, area, paint, (alarm, last_key(model)))
        plates = view.plates(model, area.size) if view.plates else {}
        touches = view.touches(model, area.size) if view.touches else []
        self._touches = [(rect.move(area.topleft), action) for rect, action in touches]
        selection = self.controls.selection_rect(model, plates)
        if selection != self._selection:
            dirty += [r for r in (self._selection, selection) if r is not None]
            self._selection = selection
        dirty = [r.clip(area) for r in dirty]
        for rect in dirty:
            self.surface.blit(drawn, rect, area=rect)
        if self._changed("link", (panel, self._venue_link if panel else None, paint.catalog)) and panel:
            self._draw_link(panel, paint)
            dirty.append(panel)
        if dirty and getattr(model, "link_lost", None) is not None:
            draw_alarm_frame(self.surface, board)
        if dirty and selection is not None and last_key(model) is None:  # the last trick's panel lies over seats
            self.surface.set_clip(board)  # the frame around a plate of the bottom row must not touch the banner
            self.controls.draw_selection(self.surface, selection)
            self.surface.set_clip(None)
        self._board = drawn
        if strip.height and self._changed("why", (tuple(strip), why_key(model), paint.catalog)):  # where, too
            draw_why(self.surface, model, strip, paint)
            dirty.append(strip)
        # Each region's key holds its place, not only its size: when the demo's hand strip comes or goes, the
        # banner moves, and must be drawn again where it now is (else the board's old pixels stay there).
        for region, rect in (("why", strip), ("banner", banner)):
            if not rect.height:  # a strip away: the board drew over its place, so when it comes back it is drawn
                self._keys.pop(region, None)
        news = self._news(paint)
        if banner.height and self._changed("banner", (tuple(banner), news, paint.catalog)):
            draw_banner(self.surface, model, banner, paint, news)
            dirty.append(banner)
        if self._changed("hand", (tuple(hand), tuple(self._hand), paint.catalog)):
            self._draw_hand(hand, paint)
            dirty.append(hand)
        bar_key = (tuple(bar), self.controls.state(model), paint.catalog)
        if self._changed("bar", bar_key):
            self.surface.set_clip(bar)  # a button's frame must not reach the hand or the banner above
            self.controls.draw(self.surface, model, bar, plates, paint)
            self.surface.set_clip(None)
            dirty.append(bar)
        self.updated = [r for r in dirty if r.width and r.height]
        if self.updated and self.surface is pygame.display.get_surface():
            pygame.display.update(self.updated)
        return self.updated

    def _says_news(self, drawn: list[typeset.Drawn], paint: Paint) -> bool:
        """Whether the view just drawn says the banner's news already, found out for the first time for this model
        and size (then the frame is drawn again without it: once, the answer is kept)."""
        size = self.surface.get_size()
        if self._said is not None and self._said[:2] == (self._model, size):
            return False
        news = banner_news(self._model)
        hushable = news is not None and news[0] in (*HUSHED, "link")
        says = hushable and news is not None and said_already(paint.say(news[1]), [d.text for d in drawn])
        self._said = (self._model, size, says)
        return says

    def _keyboard_open(self) -> bool:
        """The keyboard on the screen is open (the lobby's Rename): it takes the whole window."""
        return self.controls.keyboard_open(self._model)

    def _draw_keyboard(self, paint: Paint) -> list[pygame.Rect]:
        whole = self.surface.get_rect()
        self.updated = []
        if self._changed("keyboard", (whole.size, self.controls.state(self._model), paint.catalog)):
            self.controls.draw_keyboard(self.surface, self._model, paint)
            self._keys, self._parts = {"keyboard": self._keys["keyboard"]}, {}  # once closed, all is drawn again
            self.updated = [whole]
        if self.updated and self.surface is pygame.display.get_surface():
            pygame.display.update(self.updated)
        return self.updated

    def _link_panel(self, board: pygame.Rect) -> pygame.Rect | None:
        """Where the QR code to the venue's page goes: the board's right, on a game's final screen with a link."""
        if self._venue_link is None or getattr(self._model, "phase", None) is not Phase.GAME_OVER:
            return None
        width = round(board.width * LINK_PANEL)
        return pygame.Rect(board.right - width, board.top, width, board.height)

    def _draw_link(self, panel: pygame.Rect, paint: Paint) -> None:
        """The caption over the QR code of the venue's page, as large as fits in whole-pixel modules, both centred."""
        assert self._venue_link is not None
        self.surface.fill(FELT, panel)
        margin = panel.width // 24
        caption = fit_text(paint.say(LINK_CAPTION), panel.width - 2 * margin, panel.height // 9, PAPER, lines=2)
        side = min(panel.width - 2 * margin, panel.height - caption.get_height() - 3 * margin)
        code = fitted_qr(self._venue_link, side)
        height = caption.get_height() + (margin + code.get_height() if code else 0)
        top = panel.centery - height // 2
        place(self.surface, caption, midtop=(panel.centerx, top))
        if code is not None:
            self.surface.blit(code, code.get_rect(midbottom=(panel.centerx, top + height)))

    def _changed(self, region: str, key: Hashable) -> bool:
        if self._keys.get(region) == key:
            return False
        self._keys[region] = key
        return True

    def _board_changes(self, view: View, board: pygame.Rect, paint: Paint, over: Hashable) -> list[pygame.Rect]:
        """The board's regions whose content changed since the last frame (all of it if the view changed, or what
        lies over it: the alarm frame, the last trick shown again)."""
        parts = {(r.x, r.y, r.w, r.h): key for r, key in paint.parts}
        whole = self._changed("board", (id(view), board.size, paint.catalog, over, self.show_pad)) or not parts
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
        self.surface.set_clip(area)  # nothing of the hand's may reach the bar, which is redrawn on its own
        step = area.width / len(self._hand)
        said = [hand_word(face, paint.catalog) for face in self._hand]
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
        self.surface.set_clip(None)

    # --- Input ------------------------------------------------------------------------------------------------

    def events(self) -> list[Any]:
        """Game inputs and hand clicks since the last call, from touches, the mouse and the keyboard.

        Called every turn of the table's loop, it also draws the frames an animation asks for.
        """
        out: list[Any] = []
        for event in pygame.event.get():
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self._keyboard_open():
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
