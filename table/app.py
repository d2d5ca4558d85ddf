"""The table's one loop: it owns all I/O. Devices give events; each becomes a game input that is written to the
event log first and only then handed to the game; the game's effects drive the lights, the sound and the
countdown; the scoreboard draws the game's screen model whenever it changed. The dice tray (camera and tray
tracker), when there is one, is polled the same way: its events become the table's tray facts.

The session is a `TableSession` (table.session): the table's lobby and the game being played, handed on from
one flow to the next within it, also while replaying the log, so a table that switched games resumes in the right
one.

With a venue (table.venue.publisher), each input's results go to its outbox as the input is handled (also those
of inputs replayed at a resume whose results were not written yet), and the publisher is pumped every step: it
never waits on the network, whose work is done by its own thread.

Nothing here blocks for long: the seat hub and the buttons are polled without waiting, and the loop sleeps only
in `select()` on the hub's port, so a frame is handled the moment it arrives and a stalled device never stalls
the table.
"""

from __future__ import annotations

import dataclasses
import logging
import select
import sqlite3
import time
from collections.abc import Callable
from typing import Any, Protocol

from table.core import effects as fx
from table.core import inputs
from table.core.events import (
    CardPlaced,
    CardRemoved,
    HubConnected,
    HubLinkLost,
    ReaderFailed,
    ReaderRecovered,
    TableEvent,
)
from table.core.frame import Note, Phase
from table.core.text import Text, plural, text, verbatim
from table.decks import FromAnotherGame, Known, identify
from table.devices.buttons import SeatButtons
from table.devices.dice_tray import DiceTray
from table.devices.lights import Pattern, SeatLight
from table.devices.nfc import HubLink
from table.display.sounds import SoundPlayer
from table.enrollment import RefusedSticker, learn_sticker
from table.operator import OPEN_FROM_SCREEN, NewSticker, OperatorLock, OperatorPin, OperatorRole
from table.operator_settings import SETTINGS_REQUESTS
from table.settings_screen.desk import SettingsDesk
from table.store import disk
from table.store.database import DiskFull
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from vision.tray_events import (
    CameraBack,
    CameraLost,
    DieChanged,
    DieRemoved,
    DieSettled,
    TrayBlocked,
    TrayClear,
    TrayEvent,
)

log = logging.getLogger(__name__)

TICK = 1 / 30  # the lights and the scoreboard need no more
NOTICE_SECONDS = 10  # how long the app's own word stays on the screen
NOT_SAVED = text("The data folder is full: the game goes on but is no longer saved. Free some space, then restart")
PAD_NOT_SAVED = text("The score pad's picture could not be saved: the data folder is full. The game goes on")
READ_ONLY = text(
    "The data folder cannot be written (a failing SD card): the game goes on but nothing is saved. Replace the SD card"
)
GAME_NOT_SAVED = text("The finished game could not be saved: the data folder is full")
OPERATOR_NEEDED = text("That is the operator's: lay the operator badge on any reader, or enter the PIN on the bar")
OPERATOR_LOCKED = text("Operator: locked")


def _unlocked(minutes: int) -> Text:
    return plural(
        "Operator: unlocked for {minutes} minute", "Operator: unlocked for {minutes} minutes", minutes, minutes=minutes
    )


class Session(Protocol):
    def recorded(self, event: Any) -> Any: ...  # the input as the log keeps it (a StartGame with its game's settings)
    def handle(self, event: Any) -> list[Any]: ...
    def resume_effects(self) -> list[Any]: ...
    def screen(self) -> Any: ...
    def private(self, seat: int) -> Any: ...  # what only `seat`'s player may see now (a bot's view of its seat)

    @property
    def flow(self) -> Any: ...  # the flow that has the table now, the lobby or a game (the virtual tables' bots)
    @property
    def on_reader(self) -> dict[int, str]: ...  # seat -> UID of the tag the table believes lies on its reader
    @property
    def tray(self) -> dict[int, Any]: ...  # landing order -> the die the table believes lies in the tray
    @property
    def chosen_game(self) -> str: ...  # the game chosen or played: the deck a tag is looked up in


class Venue(Protocol):
    """Where the table's results go (table.venue.publisher.VenuePublisher)."""

    problem: str | None  # what the operator must put right for the venue to be reached, in plain words
    ahead: int | None  # the venue's ack beyond this table's own results, once seen (said once on the screen)

    def take(self, effects: list[Any], switches: list[Any], session: Any, place: int | None) -> None: ...
    def pump(self) -> None: ...
    def uncover(self, place: int) -> None: ...
    def close(self) -> None: ...
    def game_url(self) -> str | None: ...  # the venue's page of the current or last game (a QR code on the screen)

    @property
    def covered(self) -> int: ...  # the event log's place of the last input whose results it has


class TableApp:
    def __init__(
        self,
        *,
        session: Session,
        event_log: EventLog,
        registry: DeckRegistry,
        hub: HubLink,
        buttons: SeatButtons,
        lights: dict[int, SeatLight],
        sound: SoundPlayer,
        clock: Callable[[], float],
        on_screen: Callable[[Any], None] = lambda screen: None,
        on_round_over: Callable[[int, Any], object] = lambda number, screen: None,
        tray: DiceTray | None = None,
        operator: OperatorRole | None = None,
        on_game_over: Callable[[str, Any], None] = lambda game, screen: None,
        data_notes: list[str] | None = None,
        venue: Venue | None = None,
        read_only: bool = False,
        free_mb: int | None = None,
    ) -> None:
        """`operator`: the operator lock for inputs from the screen (`from_screen`); None: no lock (the demo, where
        the person at the window is the operator). `read_only`: the data folder cannot be written (the log is kept
        in memory); `free_mb`: the data folder's free space at start (too little is said at `resume`)."""
        self.session = session
        self.tray = tray
        self.operator = operator
        self.notice: tuple[Note, float, bool] | None = None  # the app's own word on the screen, until when, lasting
        self.waiting_for_operator: Any = None  # the operator's action refused last, done once the PIN is right
        self.on_game_over = on_game_over  # a finished game: kept for good (table.archive)
        self.data_notes = list(data_notes or [])  # what the database check at start found (table.store.database)
        self.unsaved = False  # a write failed (a full disk): the game goes on, no longer saved
        self.read_only = read_only  # the data folder cannot be written (a failing SD card): nothing is saved
        self.free_mb = free_mb
        self.event_log, self.registry = event_log, registry
        self.hub, self.buttons, self.lights, self.sound = hub, buttons, lights, sound
        self.clock = clock
        self.on_screen, self.on_round_over = on_screen, on_round_over
        self.countdown_due: float | None = None
        self.last_trick_due: float | None = None  # when the last trick shown again (ShowLastTrick) leaves the screen
        self._screen_changed = True
        self.venue = venue  # None: the table publishes nothing (no [venue] in its config)
        self._venue_problem: str | None = None  # the venue's trouble said on the screen
        self._venue_ahead: int | None = None  # the venue's ack beyond the table's results, said on the screen
        self.settings: SettingsDesk | None = None  # the operator's settings screen (None: config.toml by hand)

    def attach_venue(self, venue: Venue) -> None:
        """Publish this table's results (before `resume`, so results the log has and the venue not are written)."""
        self.venue = venue

    def close_venue(self) -> None:
        if self.venue is not None:
            self.venue.close()

    def resume(self) -> int:
        """Replay the event log into the game: the table is back where it was. Returns how many events. A log it
        cannot read whole, or one that lost events, is said on the screen and in the log, never passed over."""
        self.data_notes += filter(None, [self.event_log.set_aside_unreadable(), self.event_log.lost()])
        for note in self.data_notes:
            log.error("%s", note)
            self._say(verbatim(note), error=True, lasting=True)
        if self.free_mb is not None and self.free_mb < disk.LOW_SPACE_MB:
            log.warning("the data folder has only %d MB free", self.free_mb)
            self._say(low_space(self.free_mb), error=True, lasting=True)
        if self.read_only:
            self._say(READ_ONLY, error=True, lasting=True)
        count = 0
        covered = 0
        if self.venue is not None:
            if self.venue.covered > self.event_log.last():  # the log was set aside: all of the new one is new
                self.venue.uncover(0)
            covered = self.venue.covered
        for place, _, event in self.event_log.replay():
            effects = self.session.handle(event)  # effects of the past are not played again
            if self.venue is not None and place > covered:  # its results were never written (killed just then)
                self.venue.take(effects, list(getattr(self.session, "switched", ())), self.session, place)
            count += 1
        self.hub.assume(dict(self.session.on_reader))  # so the first snapshot tells what moved meanwhile
        if self.tray is not None:
            self.tray.assume(dict(self.session.tray))  # the dice lying in the tray keep their numbers
        self._apply(self.session.resume_effects(), self.clock())
        if count:
            log.info("resumed after %d logged events", count)
        return count

    def submit(self, event: Any) -> None:
        """One input for the game: written to the log, then acted on. If it cannot be written (a full disk), the
        game goes on unsaved from there (a log with a gap would replay wrong), and the screen says so."""
        now = self.clock()
        place = None
        event = self.session.recorded(event)  # the same input live and replayed: a game starts with the same settings
        if not self.unsaved:
            try:
                place = self.event_log.append(event, now)
            except DiskFull as error:
                self.unsaved, self.read_only = True, self.read_only or disk.read_only(error)
                log.error("%s: the game goes on unsaved", error)
        effects = self.session.handle(event)
        self._apply(effects, now)
        if self.venue is not None:
            self.venue.take(effects, list(getattr(self.session, "switched", ())), self.session, place)
        if self.notice is not None and not self.notice[2]:
            self.notice = None
        if self.read_only or self.unsaved:  # said again once another word took its place (said once in the log)
            unsaved = READ_ONLY if self.read_only else NOT_SAVED
            if self.notice is None or self.notice[0].text != unsaved:
                self._say(unsaved, error=False, lasting=True)
        self._screen_changed = True

    def from_screen(self, event: Any) -> bool:
        """An input from the touchscreen or keyboard: the operator's actions only while the operator is unlocked
        (table.operator); the PIN is checked here and never logged. False: refused as the operator's (it is done
        as soon as the right PIN follows), so the scoreboard opens the PIN pad."""
        if isinstance(event, OperatorPin):
            self._operator_pin(event.pin)
        elif isinstance(event, OperatorLock):
            if self.operator is not None and self.operator.lock():
                log.info("operator locked: the Lock button")
                self._say(OPERATOR_LOCKED)
        elif self.operator is None or self.operator.may(event):
            if self.operator is not None and not isinstance(event, OPEN_FROM_SCREEN):
                log.info("operator action %s (authorised by %s)", event, self.operator.authorised_by())
                self.operator.acted()
            if isinstance(event, NewSticker):
                self._new_sticker(event)
            elif isinstance(event, SETTINGS_REQUESTS):
                self._settings_request(event)
            else:
                self.submit(event)
        else:
            self.waiting_for_operator = event
            self._say(OPERATOR_NEEDED, error=True)
            return False
        return True

    def _settings_request(self, event: Any) -> None:
        """The settings screen's (table.settings_screen.desk), never a game input nor logged as one."""
        if self.settings is None:
            self._say(text("This table's settings are changed in its config.toml"), error=True)
        else:
            self.settings.handle(event, self, self.session.screen())
        self._screen_changed = True

    def _screen_now(self) -> Any:
        """The session's screen, or the settings screen while it is open."""
        screen = self.session.screen()
        if self.settings is None:
            return screen
        return self.settings.screen(screen, self.operator is None or self.operator.unlocked())

    def _new_sticker(self, event: NewSticker) -> None:
        """The unknown sticker on a seat's reader is learned as the card the operator named, then laid again for
        the game (the lift and the card laid are logged, so a replay needs no registry)."""
        uid = self.session.on_reader.get(event.seat)
        try:
            said = learn_sticker(self.registry, self.session.chosen_game, event.seat, uid, event.code)
        except RefusedSticker as refusal:
            self._say(refusal.said, error=True)
            return
        assert uid is not None
        log.info("seat %d: the sticker %s learned as %s", event.seat + 1, uid, event.code)
        self._say(said)
        self.submit(inputs.CardLifted(event.seat))
        self.submit(inputs.CardLaid(event.seat, uid, event.code))

    def operator_open(self) -> bool:
        """True while the operator's lock is open (a table with a lock): the bar offers to lock it."""
        return self.operator is not None and self.operator.settings.locked and self.operator.unlocked()

    def may_quit(self) -> bool:
        """Closing the table is the operator's: True if allowed now, else the screen says why."""
        if self.operator is None or self.operator.unlocked():
            log.info("the table is closed (authorised by %s)", "nobody" if self.operator is None else
                     self.operator.authorised_by())  # fmt: skip
            return True
        self._say(OPERATOR_NEEDED, error=True)
        return False

    def _operator_pin(self, pin: str) -> None:
        if self.operator is None or not self.operator.settings.pin_hash:
            self._say(text("This table has no operator PIN: set one in the configuration"), error=True)
        elif self.operator.pin(pin):
            log.info("operator unlocked by PIN for %d minutes", self.operator.settings.minutes)
            self._say(_unlocked(self.operator.settings.minutes))
            if (asked := self.waiting_for_operator) is not None:  # what was refused a moment ago is done now
                self.waiting_for_operator = None
                self.from_screen(asked)
        elif self.operator.locked_out():
            log.warning("operator PIN: too many wrong tries, refused for a while")
            self._say(text("Too many wrong PINs: try again in a minute"), error=True)
        else:
            log.warning("operator PIN: a wrong one was typed")
            self._say(text("Wrong PIN"), error=True)

    def _say(self, said: Text, error: bool = False, lasting: bool = False) -> None:
        """The app's own message on the screen (and in the log), until the next action or NOTICE_SECONDS; a
        `lasting` one (the data's trouble) until another message of the app's."""
        log.info("%s", said)
        until = float("inf") if lasting else self.clock() + NOTICE_SECONDS
        self.notice = (Note(said, None, error), until, lasting)
        if error:
            self.sound.play("error")
        self._screen_changed = True

    def _round_over(self, number: int, screen: Any) -> None:
        try:
            self.on_round_over(number, screen)
        except Exception as error:  # a picture not written (a full disk: "Error writing the PNG file") stops nothing
            log.error("the score pad's picture of round %d could not be saved: %s", number, error)
            self._write_failed(error, PAD_NOT_SAVED)

    def _game_over(self, screen: Any) -> None:
        try:
            self.on_game_over(self.session.chosen_game, screen)
        except (OSError, sqlite3.Error) as error:  # a full disk: the game is over and in the log, say what was not kept
            log.error("the finished game could not be kept: %s", error)
            self._write_failed(error, GAME_NOT_SAVED)
        except Exception:  # keeping a copy must never stop the table: the game is in the log all the same
            log.exception("the finished game could not be kept")

    def _write_failed(self, error: BaseException, full: Text) -> None:
        """A file not written: `full` said, or that nothing can be written any more (a card gone read-only)."""
        if self.read_only or disk.read_only(error):
            self.read_only = True
            self._say(READ_ONLY, error=True, lasting=True)
        else:
            self._say(full, error=True, lasting=True)

    def _shown(self, screen: Any) -> Any:
        """The screen model with the app's notice, if any, after the game's own messages."""
        if self.notice is None or not hasattr(screen, "messages"):
            return screen
        return dataclasses.replace(screen, messages=(*screen.messages, self.notice[0]))

    def step(self, wait: float = TICK) -> None:
        """One turn of the loop: wait at most `wait` s for the hub, then take in everything that happened."""
        now = self.clock()
        for due in (self.countdown_due, self.last_trick_due):
            if due is not None:
                wait = max(0.0, min(wait, due - now))
        fd = self.hub.fileno()
        if wait > 0:
            if fd is not None:
                select.select([fd], [], [], wait)
            else:
                time.sleep(wait)
        for event in self.hub.poll():
            if (game_input := self.translate(event)) is not None:
                self.submit(game_input)
        if self.tray is not None:
            self._poll_tray(self.clock())
        now = self.clock()
        for press in self.buttons.poll(now):
            self.submit(inputs.Press(press.seat, press.key))
        if self.countdown_due is not None and now >= self.countdown_due:
            self.countdown_due = None
            self.submit(inputs.CountdownDone())
        if self.last_trick_due is not None and now >= self.last_trick_due:
            self.last_trick_due = None
            self.submit(inputs.HideLastTrick())
        for light in self.lights.values():
            light.update(now)
        if self.operator is not None and (why := self.operator.lapsed()) is not None:
            log.info("operator locked: %s", why)
            self._say(OPERATOR_LOCKED)
        if self.venue is not None:
            self._pump_venue()
        if self.notice is not None and now >= self.notice[1]:
            self.notice, self._screen_changed = None, True
        if self._screen_changed:
            self._screen_changed = False
            self.on_screen(self._shown(self._screen_now()))

    def _pump_venue(self) -> None:
        """The venue's news; trouble the operator must put right is one lasting note (no error sound), gone once
        the venue is reached."""
        assert self.venue is not None
        self.venue.pump()
        if self.venue.ahead is not None and self.venue.ahead != self._venue_ahead:
            self._venue_ahead = self.venue.ahead
            self._say(venue_ahead(self._venue_ahead), lasting=True)
        problem = self.venue.problem
        if problem == self._venue_problem:
            return
        self._venue_problem = problem
        if problem is not None:
            self._say(venue_trouble(problem), lasting=True)
        elif self.notice is not None and self.notice[0].text.msgid == venue_trouble("").msgid:
            self.notice, self._screen_changed = None, True

    def translate(self, event: TableEvent) -> Any | None:
        """The game's input for a device event; None for events the game need not hear of."""
        match event:
            case CardPlaced(seat, uid, code) if seat >= 0 and self.operator and self.operator.is_badge(uid):
                self.operator.badge(uid)  # an operator badge is no card and no player: the game never hears of it
                log.info("operator unlocked by badge %s at seat %d", uid, seat + 1)
                self._say(_unlocked(self.operator.settings.minutes))
                return None
            case CardPlaced(seat, uid, code) if seat >= 0:
                if code and code.startswith(inputs.BADGE_PREFIX):
                    return inputs.CardLaid(seat, uid, code)
                match identify(self.registry, self.session.chosen_game, uid, code):
                    case Known(card):
                        return inputs.CardLaid(seat, uid, card)
                    case FromAnotherGame(game, card):
                        return inputs.CardLaid(seat, uid, card, foreign_game=game)
                    case _:
                        return inputs.CardLaid(seat, uid, None)
            case CardRemoved(seat) if seat >= 0:
                return inputs.CardLifted(seat)
            case HubLinkLost(reason):
                return inputs.LinkLost(reason)
            case HubConnected():
                return inputs.LinkRestored()
            case ReaderFailed(seat, reason) if seat >= 0:
                return inputs.ReaderDown(seat, reason)
            case ReaderRecovered(seat) if seat >= 0:
                return inputs.ReaderUp(seat)
        return None  # a tag written, or a reader no seat uses

    def _poll_tray(self, now: float) -> None:
        assert self.tray is not None
        events = self.tray.poll(now)
        together = sum(isinstance(event, DieSettled) for event in events)  # came to rest in the same frame
        for event in events:
            if (game_input := tray_input(event, together)) is not None:
                self.submit(game_input)

    def _apply(self, effects: list[Any], now: float) -> None:
        for effect in effects:
            match effect:
                case fx.Light(seat, pattern) if seat in self.lights:
                    self.lights[seat].show(Pattern[pattern], now)
                case fx.SeatCount(seat, value) if seat in self.lights:
                    self.lights[seat].count(value, now)
                case fx.Sound(name):
                    self.sound.play(name)
                case fx.Message(text, seat):
                    log.info("%s%s", f"seat {seat + 1}: " if seat is not None else "", text)
                case fx.StartCountdown(seconds):
                    self.countdown_due = now + seconds
                case fx.CancelCountdown():
                    self.countdown_due = None
                case fx.LastTrickShown(seconds):
                    self.last_trick_due = now + seconds
                case fx.RoundOver(number):
                    screen = self.session.screen()
                    self._round_over(number, screen)
                    if getattr(screen, "phase", None) is Phase.GAME_OVER:
                        self._game_over(screen)


def low_space(free_mb: int) -> Text:
    return text(
        "The SD card has only {free} MB free: free some space or replace the card before the table can save no more",
        free=free_mb,
    )


def venue_trouble(why: str) -> Text:
    return text(
        "The venue cannot be reached: {why}. The game goes on; its results wait and are sent later", why=verbatim(why)
    )


def venue_ahead(count: int) -> Text:
    return text(
        "The venue already had {count} results from this table, more than the table itself remembers (was its data "
        "folder replaced?). Its new results are numbered after them",
        count=count,
    )


def tray_input(event: TrayEvent, together: int = 1) -> Any | None:
    """The table's input (a tray fact) for a tray event; `together`: how many dice came to rest in the same frame."""
    match event:
        case DieSettled(order, kind, face, confidence, x, y, unsure):
            return inputs.DieLanded(order, kind, face, round(float(confidence), 3), int(x), int(y), together, unsure)
        case DieChanged(order, kind, face, confidence, x, y, was_kind, was_face, unsure):
            confidence = round(float(confidence), 3)
            return inputs.DieMoved(order, kind, face, confidence, was_kind, was_face, int(x), int(y), unsure)
        case DieRemoved(order):
            return inputs.DieTakenOut(order)
        case TrayBlocked():
            return inputs.TrayCovered()
        case TrayClear():
            return inputs.TrayUncovered()
        case CameraLost(reason):
            return inputs.CameraDown(reason)
        case CameraBack():
            return inputs.CameraUp()
    return None
