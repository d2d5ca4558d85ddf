"""The table's loop end to end: emulated hub and mock pins in, event log and game in the middle, LEDs out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from gpiozero import RGBLED, Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table.app import TableApp
from table.core import catalog, inputs
from table.core.frame import Phase
from table.devices.buttons import HOLD_SECONDS, gpio_buttons
from table.devices.hub_emulator import HubEmulator
from table.devices.lights import AMBER, RED, Pattern, SeatLight
from table.devices.nfc import HubLink
from table.display.sounds import SoundPlayer
from table.operator import NewSticker
from table.session import TableSession
from table.sim.virtual_deck import VirtualSeats, virtual_deck
from table.store.database import open_database
from table.store.decks import DeckRegistry
from table.store.event_log import EventLog
from tests.devices.test_nfc import FakeClock

LEDS = {0: (4, 17, 27), 1: (22, 10, 9)}
BUTTONS = {0: 2, 1: 3}
DECK = {card.code: card for card in virtual_deck("skullking")}


class Harness:
    """A two-seat table: one app over a database; `restart()` kills it and starts a new one on the same files."""

    def __init__(self, folder: Path) -> None:
        Device.pin_factory = MockFactory(pin_class=MockPWMPin)
        self.folder, self.clock = folder, FakeClock()
        self.hub = HubEmulator(folder, readers=6)
        self.seats = VirtualSeats(self.hub, {0: 0, 1: 1}, lambda seat, key: Device.pin_factory.pin(BUTTONS[seat]))
        self.screens: list = []
        self.start()

    def start(self) -> None:
        db = open_database(self.folder / "table.sqlite3")
        self.lights = {seat: SeatLight(RGBLED(*pins)) for seat, pins in LEDS.items()}
        self.app = TableApp(
            session=TableSession(2),
            event_log=EventLog(db, catalog.log_kinds()),
            registry=DeckRegistry(db),
            hub=HubLink(lambda: str(self.hub.path) if self.hub.path.exists() else None, self.clock),
            buttons=gpio_buttons({seat: {"button": pin} for seat, pin in BUTTONS.items()}),
            lights=self.lights,
            sound=SoundPlayer(enabled=False),
            clock=self.clock,
            on_screen=self.screens.append,
        )
        self.app.resume()

    def restart(self) -> None:
        """As after kill -9: the process is gone, the files and the cards on the table stay."""
        self.app.hub.close()
        for light in self.lights.values():
            light.led.close()
        self.app.buttons.close()
        self.start()

    def run(self, seconds: float, step: float = 0.02) -> None:
        for _ in range(round(seconds / step)):
            self.clock.now += step
            self.seats.release_due(self.clock.now)
            self.hub.service(self.clock.now)
            self.app.step(wait=0.002)

    @property
    def screen(self):  # type: ignore[no-untyped-def]
        return self.app.session.screen()

    def shown(self, seat: int) -> Pattern:
        return self.lights[seat].last_shown

    def run_until(self, done: Callable[[], bool], seconds: float = 2.0) -> None:
        for _ in range(round(seconds / 0.02)):
            if done():
                return
            self.run(0.02)
        raise AssertionError("not reached")

    def lay(self, seat: int, code: str) -> None:
        self.seats.lay(seat, DECK[code])
        self.run(0.1)

    def lift(self, seat: int) -> None:
        self.seats.lift(seat)
        self.run(0.1)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Harness]:
    harness = Harness(tmp_path)
    harness.run(0.5)  # the hub connects
    yield harness
    harness.app.hub.close()
    harness.hub.unplug()
    Device.pin_factory.reset()


def join_and_start(table: Harness) -> None:
    for seat in (0, 1):
        table.lay(seat, "escape")
        table.lift(seat)
    table.app.submit(inputs.StartGame())
    table.run(0.1)


def bid(table: Harness, seat: int, taps: int) -> None:
    for _ in range(taps):
        table.seats.press(seat, "tap", table.clock.now)
        table.run(0.3)
    table.seats.press(seat, "hold", table.clock.now)
    table.run(HOLD_SECONDS + 0.4)


def test_seats_join_by_laying_a_card_and_every_input_is_logged_before_it_is_acted_on(table: Harness) -> None:
    join_and_start(table)
    assert table.screen.phase is Phase.BIDDING
    logged = [event for _, _, event in table.app.event_log.replay()]
    assert inputs.CardLaid(0, DECK["escape"].uid.hex().upper(), "escape") in logged
    assert logged[-1] == inputs.StartGame()


def test_a_round_of_one_trick_through_the_buttons_the_countdown_and_the_readers(table: Harness) -> None:
    join_and_start(table)
    bid(table, 0, taps=1)
    bid(table, 1, taps=0)
    assert table.screen.phase is Phase.COUNTDOWN and table.app.countdown_due is not None
    table.run(3.5)  # YO-HO-HO
    assert table.screen.phase is Phase.PLAYING
    assert [seat.bid for seat in table.screen.seats] == [1, 0]
    leader = next(seat.seat for seat in table.screen.seats if seat.acting)
    assert table.shown(leader) is Pattern.GREEN_BLINK
    table.lay(leader, "skullking")
    table.lay(1 - leader, "yellow:3")
    assert table.screen.trick.winner == leader
    assert table.shown(leader) is Pattern.GOLD_FLICKER


def test_an_unknown_tag_is_refused_with_a_red_burst_and_nothing_changes(table: Harness) -> None:
    join_and_start(table)
    before = table.screen
    table.hub.place(0, bytes.fromhex("04DEADBEEF0000"), "")
    table.run_until(lambda: table.shown(0) is Pattern.RED_BURST)
    assert table.lights[0].led.color == RED  # the burst starts lit
    after = table.screen
    assert after.phase is before.phase and after.seats == before.seats
    assert any("unknown" in str(note.text).lower() for note in after.messages)


def test_a_badge_naming_no_one_is_refused_on_the_screen_in_the_log_and_at_its_seat(
    table: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="table.app")
    table.hub.place(1, bytes.fromhex("04BADBADBADBAD"), "badge: \t ")
    table.run_until(lambda: table.shown(1) is Pattern.RED_BURST)
    assert table.lights[1].led.color == RED
    said = "Seat 2: this player badge names no one; write a name on it with pirate-table write-badge"
    assert str(table.screens[-1].messages[-1].text) == said and table.screens[-1].messages[-1].error
    assert f"seat 2: {said}" in caplog.messages
    assert table.screen.players == ()  # nobody sat down
    table.hub.remove(1)
    table.hub.place(1, bytes.fromhex("04B0B0B0B0B0B0"), "badge:Anna Bonny")
    table.run_until(lambda: table.screen.players == (1,))
    assert table.screen.seats[1].name == "Anna Bonny" and table.app.session.table.name_from_badge == [False, True]


def test_a_lost_hub_turns_every_seat_amber(table: Harness) -> None:
    join_and_start(table)
    table.hub.unplug()
    table.run_until(lambda: table.shown(0) is table.shown(1) is Pattern.AMBER_LONG_BLINK)
    assert table.lights[0].led.color == AMBER  # long on, short off: lit at first


def test_killed_mid_round_the_table_resumes_exactly_where_it_was(table: Harness) -> None:
    join_and_start(table)
    bid(table, 0, taps=1)
    bid(table, 1, taps=0)
    table.run(3.5)
    leader = next(seat.seat for seat in table.screen.seats if seat.acting)
    table.lay(leader, "pirate:evil-emmy")
    before = table.screen
    table.restart()
    table.run(0.5)
    after = table.screen
    assert after.phase is before.phase is Phase.PLAYING
    assert after.trick == before.trick and after.seats == before.seats
    assert table.shown(1 - leader) is Pattern.GREEN_BLINK  # the next seat is lit again


def test_a_full_disk_lets_the_game_go_on_unsaved_and_says_so(table: Harness) -> None:
    join_and_start(table)
    db = table.app.event_log._db
    (pages,) = db.execute("PRAGMA page_count").fetchone()
    db.execute(f"PRAGMA max_page_count = {pages}")  # the data folder's disk is full from here on
    logged = table.app.event_log.last()
    for _ in range(200):  # presses until one does not fit: each is written before it is acted on
        table.app.submit(inputs.SetName(0, "A very long name for a pirate of the seven seas"))
        if table.app.unsaved:
            break
    table.app.submit(inputs.ChooseBid(0, 1))
    assert table.app.unsaved and table.screen.seats[0].bid_locked  # the game went on
    table.run(0.1)
    assert "no longer saved" in str(table.screens[-1].messages[-1].text)
    assert table.app.event_log.last() >= logged  # nothing after the gap is written, so nothing replays wrong
    assert not any(isinstance(event, inputs.ChooseBid) for _, _, event in table.app.event_log.replay())


def test_a_log_this_version_cannot_read_is_said_and_never_replayed_in_part(table: Harness) -> None:
    join_and_start(table)
    table.app.event_log._db.execute("INSERT INTO event_log (at, kind, data) VALUES (9.0, 'Teleport', '{}')")
    table.restart()
    table.run(0.1)
    assert table.screen.players == () and table.screen.phase is Phase.LOBBY  # a new game, not half of the old one
    note = table.screens[-1].messages[-1]
    assert note.error and "could not be read back" in str(note.text) and "a new game starts" in str(note.text)


def test_the_last_trick_asked_for_is_shown_until_the_app_hides_it(table: Harness) -> None:
    join_and_start(table)
    bid(table, 0, taps=1)
    bid(table, 1, taps=0)
    table.run(3.5)  # YO-HO-HO
    leader = next(seat.seat for seat in table.screen.seats if seat.acting)
    table.lay(leader, "skullking")
    table.lay(1 - leader, "yellow:3")
    assert str(table.screen.why) == f"The Skull King takes it: Seat {leader + 1}"
    table.app.submit(inputs.ShowLastTrick())
    assert table.screen.showing_last and table.app.last_trick_due == pytest.approx(table.clock.now + 8)
    table.run(7.5)
    assert table.screen.showing_last
    table.run(1.0)
    assert not table.screen.showing_last and table.app.last_trick_due is None
    assert [event for _, _, event in table.app.event_log.replay()][-1] == inputs.HideLastTrick()


def test_a_replacement_sticker_is_learned_mid_game_and_the_game_takes_its_card(table: Harness) -> None:
    join_and_start(table)
    bid(table, 0, taps=1)
    bid(table, 1, taps=0)
    table.run(3.5)  # YO-HO-HO
    leader = next(seat.seat for seat in table.screen.seats if seat.acting)
    table.app.from_screen(NewSticker(leader, "skullking"))  # nothing on the reader yet
    assert table.app.notice is not None and "Lay the new sticker" in str(table.app.notice[0].text)
    blank = bytes.fromhex("04BEEF00000001")
    table.hub.place(leader, blank, "")  # a blank sticker on the Skull King whose sticker died
    table.run_until(lambda: table.shown(leader) is Pattern.RED_BURST)
    assert table.screen.trick.cards == ()
    assert table.app.from_screen(NewSticker(leader, "skullking"))
    table.run(0.1)
    assert table.app.registry.lookup(blank.hex()).code == "skullking"
    assert [card.code for card in table.screen.trick.cards] == ["skullking"]
    logged = [event for _, _, event in table.app.event_log.replay()]
    assert logged[-1] == inputs.CardLaid(leader, blank.hex().upper(), "skullking")
    table.app.from_screen(NewSticker(leader, "skullking"))  # known now: nothing to learn, nothing changes
    assert table.app.notice is not None and "known already" in str(table.app.notice[0].text)
    table.restart()  # the log replays the card; the registry keeps the sticker for good
    assert [card.code for card in table.screen.trick.cards] == ["skullking"]
