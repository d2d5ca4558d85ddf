"""What the venue's Blueprints share, kept in the app's `extensions["venue"]`: the store, the config, the clock,
the live parts as last rendered, the admin's guard (wrong passwords, sessions: web/guard.py); and what several of
them work out from those."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from flask import current_app

from table.venue import league as league_rules
from table.venue.store import Game, Store
from table.venue.venue_config import LeagueSettings, VenueConfig, VenueConfigError, league_from_plain
from table.venue.web.guard import AdminGuard

log = logging.getLogger(__package__)  # the web app's one logger: table.venue.web
EXTENSION = "venue"


@dataclass
class Site:
    store: Store
    config: VenueConfig
    clock: Callable[[], float]
    poll_ms: int
    guard: AdminGuard
    rendered: dict[tuple[Any, ...], tuple[int, str]] = field(default_factory=dict)  # a part, by the store's version
    addresses: list[str] = field(default_factory=list)  # what phones can open, the first LAN address first
    broker_up: Callable[[], bool] | None = None  # the venue service's link to its broker (None: no service)
    rotate_ms: int = 10_000  # the wall: how long each page of what does not fit stays up

    def broker_down(self) -> bool:
        """The venue service cannot reach its broker: no news from the tables comes in meanwhile."""
        return self.broker_up is not None and not self.broker_up()

    def league(self) -> LeagueSettings:
        """The admin page's league settings when saved, else the config's [league]."""
        saved = self.store.setting("league")
        if saved is not None:
            try:
                return league_from_plain(saved, "the admin page's league settings")
            except VenueConfigError as error:
                log.warning("venue: %s; the config's [league] is used", error)
        return self.config.league

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.clock())

    def today_games(self) -> list[Game]:
        return self.store.games(since=league_rules.day_start(self.league(), self.now()).timestamp())

    def period_games(self) -> list[Game]:
        start, end = league_rules.period(self.league(), self.now())
        return self.store.games(since=start.timestamp(), until=end.timestamp() if end else None)


def site() -> Site:
    """The shared state of the app answering the request."""
    here: Site = current_app.extensions[EXTENSION]
    return here
