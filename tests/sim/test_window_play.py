"""The demo's window: a person plays seat 1 through the scoreboard alone (keys, touches), bots the rest."""

from __future__ import annotations

from pathlib import Path

import pygame

from table.core.frame import Phase
from table.games.skullking import rules as sk
from table.games.skullking.art import card_face
from table.games.skullking.sim import VirtualTable, WindowPlay


def test_a_person_plays_a_whole_game_from_the_scoreboard(tmp_path: Path) -> None:
    table = VirtualTable(tmp_path, players=3, seed=31, humans=frozenset({0}))
    window = WindowPlay(table, card_face)
    asked: set[tuple[int, int]] = set()  # (round, trick) already answered, so each is touched once

    def person() -> bool:
        screen = table.flow.screen()
        me = screen.seats[0]
        if screen.phase is Phase.BIDDING and me.joined and not me.bid_locked:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("1"), unicode="1"))
        elif screen.phase is Phase.PLAYING and screen.scary_mary == 0:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("p"), unicode="p"))
        elif screen.phase is Phase.PLAYING and me.acting and window.board.hand_rects:
            moment = (screen.round, screen.trick.number if screen.trick else 0)
            if moment not in asked:
                asked.add(moment)
                trick = [sk.parse_card(card.code) for card in screen.trick.cards] if screen.trick else []
                hand = [sk.parse_card(card.code) for card in table.hand(0)]
                legal = sk.legal_plays(hand, trick)
                where = window.board.hand_rects[hand.index(legal[0])].center
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=where))
        return window()

    try:
        screen = table.run(on_tick=person)
    finally:
        table.close()
    assert screen.phase is Phase.GAME_OVER
    my_bids = [row.cells[0].bid for row in screen.score_pad]
    assert my_bids == [1] * 10  # every bid came from the digit key
    assert screen.revokes == ()  # and every card touched was legal
