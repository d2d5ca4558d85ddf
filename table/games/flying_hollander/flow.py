"""The Flying Hollander at the table: the flow, from the deal to the last player holding cards.

`FlyingHollanderFlow(table, players)` is a state machine like every flow (table.core.flow): input events in,
effects and a screen model out, no clock, no randomness, no I/O. The rules are `table.games.flying_hollander.rules`.
How the table plays it (docs/rules/flying-hollander.md):

- The deal is done by hand; the table starts at once. The first dealer is the first playing seat; the player on
  their left plays first. Until the first card, players may swap hand and clash cards (the table cannot see it).
- Playing: the seat to play lays a card on its reader; the table judges it against the pile. Accepted, the card
  goes onto the pile (the player lifts it and puts it there); refused, the seat's light shows ERROR, the screen
  says why ("a 6 does not beat the 7 under the Flying Hollander") and the player takes the card back. Identical
  cards are laid one after another; each joins the play until the next player acts, or the player holds the
  button ("done"). The table counts the draws: after each play and each pile taken the player draws up to 3.
- Taking the pile: hold the button on your turn (or TakePile on the screen). Refused when the pile is empty or
  anything may be played (after an Island), and in the final phase, where the card is played blind instead.
- The final cards are played blind: the table reads the card as it is laid; one that cannot be played goes onto
  the pile and the player takes the whole pile into hand.
- Wormhole: the chosen player taps their button (or ChooseNext); the Wormhole's player may not choose
  themselves. With two players left the choice is forced. Pirate: the player swapping with the Pirate's player
  taps their button, then the Pirate's player holds (or PirateSwap); holding with no partner lets the swap go.
  The counts do not change.
- The game ends when only one player holds cards; the order of going out is the ranking. Each player going out
  is a RoundOver(place) effect, so the table saves a picture of the scoreboard then, as after a round.

- A card its reader cannot read (a sticker fallen off or dead, a reader down) is entered by the operator:
  CardEntered(seat, code) is judged as if laid. The screen's `hand_entry` offers the acting seat the cards the pile
  takes (any card from the final cards, played blind), and the last player the identical card joining its play.

Bad inputs change nothing and get a named refusal. Undo takes back any accepted action (a card, a pile taken,
a choice, a swap). A card's tag on the pile, or cleared out of the game, cannot be played again until the pile
is taken (refused: "already on the pile"); the table remembers which tags each seat took with the pile, and shows
them to that seat only (`private`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from table.core.effects import LedPattern, RoundOver, Sound
from table.core.flow import GameOn, Judging, copy_state
from table.core.frame import CardChoice, HandEntry, JudgedPlay, Phase, PrivateView
from table.core.inputs import (
    HOLD,
    OK,
    CardEntered,
    CardLaid,
    CardLifted,
    Press,
)
from table.core.readers import SeatReaders
from table.core.table_state import TableState
from table.core.text import Text, plural, text, verbatim
from table.games.flying_hollander import rules as fh
from table.games.flying_hollander.inputs import ChooseNext, PirateSwap, TakePile
from table.games.flying_hollander.screen import HollanderScreen, HollanderSeat

SPECIAL_NAMES = {
    fh.HOLLANDER: text("Flying Hollander"),
    fh.KRAKEN: text("Kraken"),
    fh.MUTINY: text("Mutiny"),
    fh.WORMHOLE: text("Wormhole"),
    fh.ISLAND: text("Island"),
    fh.PIRATE: text("Pirate"),
}
POSITION_NAMES = {
    "hand": text("plays from the hand"),
    "clash": text("plays the clash cards"),
    "final": text("plays the final cards blind"),
    "out": text("out"),
}


def card_text(code: str) -> Text:
    """A card in words: a crew card by its rank ("7"), a special by its name."""
    value = fh.rank(code)
    return verbatim(str(value)) if value is not None else SPECIAL_NAMES[code]


def need_text(need: fh.Need) -> Text:
    """What the next card must be, in words."""
    match need.kind, need.ghost:
        case fh.Kind.ANY, _:
            return text("any card")
        case fh.Kind.AT_LEAST, False:
            return text("{rank} or higher, or a special card", rank=need.rank)
        case fh.Kind.AT_LEAST, True:
            return text("{rank} or higher (under the Flying Hollander), or a special card", rank=need.rank)
        case fh.Kind.AT_MOST, False:
            return text("{rank} or lower (Mutiny), or a special card", rank=need.rank)
        case fh.Kind.AT_MOST, True:
            return text("{rank} or lower (Mutiny, under the Flying Hollander), or a special card", rank=need.rank)
        case _:
            return text("1, 2 or 3 (Mutiny), or a special card")


def refusal_text(name: Text, refusal: fh.Refusal) -> Text:
    card, against = card_text(refusal.card), refusal.need.rank
    match refusal.why, refusal.need.ghost:
        case fh.Why.TOO_LOW, False:
            return text("{name}: a {card} does not beat the {rank}; take it back", name=name, card=card, rank=against)
        case fh.Why.TOO_LOW, True:
            return text(
                "{name}: a {card} does not beat the {rank} under the Flying Hollander; take it back",
                name=name,
                card=card,
                rank=against,
            )
        case fh.Why.TOO_HIGH, _:
            return text(
                "{name}: a {card} is higher than the {rank} under the Mutiny; take it back",
                name=name,
                card=card,
                rank=against,
            )
        case fh.Why.NOT_LOW, _:
            return text(
                "{name}: after a first Mutiny only 1, 2, 3 or a special card; take the {card} back",
                name=name,
                card=card,
            )
        case _:
            return text("{name}: no {card} on a captain; take it back", name=name, card=card)


@dataclass
class _Game(Judging):
    """The undoable state of one game."""

    phase: Phase = Phase.PLAYING
    players: list[int] = field(default_factory=list)  # the seats that play, clockwise; player i sits at players[i]
    game: fh.Game | None = None
    pile_uids: list[str] = field(default_factory=list)  # the tags on the pile, bottom first
    gone_uids: set[str] = field(default_factory=set)  # tags cleared out of the game
    taken: dict[str, int] = field(default_factory=dict)  # tag -> the seat that last took it with the pile
    codes: dict[str, str] = field(default_factory=dict)  # tag -> its card, for every tag played
    draws: list[int] = field(default_factory=list)  # who drew each card from the draw pile, in order
    partner: int | None = None  # the seat swapping with the Pirate's player
    last: tuple[int, tuple[str, ...]] | None = None  # the last play: (seat, its cards so far)
    moves: int = 0  # accepted actions so far
    piles: int = 0  # piles ended so far (taken, or out of the game): what the table judges, one by one

    def copy(self) -> _Game:
        return copy_state(self, game=None if self.game is None else self.game.copy())


class FlyingHollanderFlow(SeatReaders, GameOn):
    HAND_ENTRY = True  # a card its reader cannot read is entered by the operator (CardEntered)

    def __init__(
        self, table: TableState, players: Sequence[int], deck_size: int = len(fh.DECK), ending: str = fh.FIRST_OUT
    ) -> None:
        fh.check_players(len(players), deck_size)
        if sorted(set(players)) != list(players) or not all(0 <= seat < table.seats for seat in players):
            raise ValueError(f"players are distinct seats 0..{table.seats - 1} in clockwise order, not {players}")
        self._init_shell(table)
        self.deck_size = deck_size
        self.state = _Game(players=list(players), game=fh.start(len(players), deck_size, ending=ending))
        self._started()
        self._update_lights()

    # --- The entry point ---------------------------------------------------------------------------------------

    def _dispatch(self, event: object) -> None:
        match event:
            case CardLaid():
                self._card_laid(event)
            case CardLifted():
                if self._seat_exists(event.seat):
                    self.on_reader.pop(event.seat, None)
            case CardEntered():
                self._card_entered(event.seat, event.code)
            case Press():
                self._press(event.seat, event.key)
            case TakePile():
                if self._may_act(event.seat):
                    self._take(event.seat)
            case ChooseNext():
                if self._may_act(event.seat) and self._may_act(event.chosen):
                    self._choose(event.chosen, chooser=event.seat)
            case PirateSwap():
                if self._may_act(event.seat) and (event.partner is None or self._may_act(event.partner)):
                    self._pirate_swap(event.seat, event.partner)
            case _:
                self._unknown_input(event)

    # --- Small answers --------------------------------------------------------------------------------------------

    def _game(self) -> fh.Game:
        assert self.state.game is not None
        return self.state.game

    def _index(self, seat: int) -> int:
        return self.state.players.index(seat)

    def _seat(self, index: int) -> int:
        return self.state.players[index]

    def _playing_seats(self) -> Sequence[int]:
        return self.state.players

    def _acting_seat(self) -> int | None:
        """The seat the table waits for: a Wormhole's choice, a Pirate's swap, else the card to play."""
        if self.state.phase is not Phase.PLAYING:
            return None
        game = self._game()
        for index in (game.choosing, game.swapping, game.turn):
            if index is not None:
                return self._seat(index)
        return None

    def _totals(self) -> dict[int, int]:
        points = self._game().points()
        return {seat: points[index] for index, seat in enumerate(self.state.players)}

    def _may_act(self, seat: int) -> bool:
        """A seat's action: the seat plays, the hub is up, the game is on."""
        if not self._seat_exists(seat):
            return False
        if seat not in self.state.players:
            self._refuse(text("{name} has not joined this game", name=self._name(seat)), seat)
            return False
        if self.link_lost is not None:
            self._refuse_for_link(seat)
            return False
        if self.state.phase is Phase.GAME_OVER:
            self._refuse(text("The game is over: start a new game on the screen"), seat)
            return False
        return True

    def _position(self, seat: int) -> str:
        position = self._game().position(self._index(seat))
        return "out" if position is None else position.value

    # --- Cards on the readers -------------------------------------------------------------------------------------

    def _card_laid(self, event: CardLaid) -> None:
        seat, uid = event.seat, event.uid
        if not self._seat_exists(seat):
            return
        if self.on_reader.get(seat) == uid:
            return  # the same tag reported again
        self.on_reader[seat] = uid
        if self._may_act(seat) and (code := self._known_card(seat, event.code, event.foreign_game)) is not None:
            self._play(seat, uid, code)

    def _card_entered(self, seat: int, code: str) -> None:
        """The card `seat` played onto the pile, entered by the operator: played as if laid, with the same
        checks. Its stand-in tag is unique in the game (the accepted actions so far), so it is never "on the pile
        already"."""
        if self._seat_exists(seat) and self._may_act(seat) and (known := self._known_card(seat, code, None)):
            self._play(seat, f"entered:{self.state.moves}:{seat}", known)

    def _hand_entry(self) -> tuple[HandEntry, ...]:
        """The pile card the operator may enter now: the acting seat's (the cards the pile takes; any card, played
        blind, from the final cards), and the identical card that joins the play just made."""
        game = self._game()
        if self.state.phase is not Phase.PLAYING or self.link_lost is not None:
            return ()
        entries = []
        last = game.open_play[0] if game.open_play is not None else None
        if game.choosing is None and game.swapping is None and game.turn is not None:
            index = game.turn
            blind = game.position(index) is fh.Position.FINAL
            codes = [
                code
                for code in fh.CODES
                if blind or game.can_extend(index, code) or fh.judge(game.pile, [code]) is None
            ]
            entries.append(HandEntry(self._seat(index), self._choices(codes)))
        if last is not None and last != game.turn and game.choosing is None and game.swapping is None:
            codes = [code for code in fh.CODES if game.can_extend(last, code)]
            entries.append(HandEntry(self._seat(last), self._choices(codes)))
        return tuple(entry for entry in entries if entry.cards)

    @staticmethod
    def _choices(codes: list[str]) -> tuple[CardChoice, ...]:
        crew, others = text("Crew"), text("Other cards")
        return tuple(CardChoice(code, card_text(code), others if fh.is_special(code) else crew) for code in codes)

    def _play(self, seat: int, uid: str, code: str) -> None:
        """A card `seat` laid (or the operator entered): onto the pile, or refused."""
        game, state, index = self._game(), self.state, self._index(seat)
        if uid in state.pile_uids or uid in state.gone_uids:
            where = text("on the pile") if uid in state.pile_uids else text("out of the game")
            said = text(
                "{name}: this {card} is {where} already", name=self._name(seat), card=card_text(code), where=where
            )
            self._refuse(said, seat)
            return
        if game.can_extend(index, code):
            self._lay(seat, uid, code)
            return
        acting = self._acting_seat()
        assert acting is not None
        if game.choosing is not None:
            said = text("Wait: {name} chooses who plays next (Wormhole)", name=self._name(acting))
        elif game.swapping is not None:
            said = text("Wait: {name}'s Pirate swap comes first", name=self._name(acting))
        elif game.turn != index:
            said = text("Not your turn, {name}: {next} plays", name=self._name(seat), next=self._name(acting))
        else:
            refusal = fh.judge(game.pile, [code])
            if refusal is None or game.position(index) is fh.Position.FINAL:
                self._lay(seat, uid, code)
                return
            said = refusal_text(self._name(seat), refusal)
        self._refuse(said, seat)

    def _known_card(self, seat: int, code: str | None, foreign_game: str | None) -> str | None:
        name = self._name(seat)
        if foreign_game is not None:
            self._refuse(
                text("{name}: that card belongs to {game}, not The Flying Hollander", name=name, game=foreign_game),
                seat,
            )
        elif code is None:
            self._refuse(text("{name}: unknown card, this tag is not in the enrolled deck", name=name), seat)
        elif code not in fh.CODES:
            self._refuse(text("{name}: {code} is no Flying Hollander card", name=name, code=code), seat)
        else:
            return code
        return None

    def _lay(self, seat: int, uid: str, code: str) -> None:
        state, game, index = self.state, self._game(), self._index(seat)
        extending = game.can_extend(index, code)
        position = game.position(index)
        card = card_text(code)
        if position is fh.Position.FINAL:
            self._checkpoint(text("{name}'s final card {card}", name=self._name(seat), card=card))
        else:
            self._checkpoint(text("{name}'s {card}", name=self._name(seat), card=card))
        state.moves += 1
        if not game.pile:
            self._next_unit_started()  # a new pile's first card: the last pile's why line goes
        pile = tuple(game.pile)  # as it was: what the pile ended holds
        draw_before = game.draw
        done = game.lay(index, code)
        state.codes[uid] = code
        state.taken.pop(uid, None)
        state.draws += [seat] * (draw_before - game.draw)
        if done.blind_failed:
            why = text(
                "{name}'s final card {card} is not {need}: {name} takes the pile ({count} cards)",
                name=self._name(seat),
                card=card,
                need=need_text(fh.need(pile)),
                count=done.took,
            )
            self._pile_ended(seat, why, (*pile, code))
            self._took(seat, [*state.pile_uids, uid])
            self._say(
                plural(
                    "{name}'s final card {card} cannot be played: {name} takes the pile ({count} card)",
                    "{name}'s final card {card} cannot be played: {name} takes the pile ({count} cards)",
                    done.took,
                    name=self._name(seat),
                    card=card,
                    count=done.took,
                ),
                seat,
            )
            state.last = None
        else:
            effect = done.effect
            assert effect is not None
            state.pile_uids.append(uid)
            before = state.last[1] if extending and state.last is not None else ()
            state.last = (seat, (*before, code))
            if effect.clears:
                self._pile_ended(None, self._cleared(seat, code), (*pile, code))
                state.gone_uids |= set(state.pile_uids)
                state.pile_uids = []
                self._effects.append(Sound("trick_won"))
                if effect.four_of_a_kind:
                    self._say(
                        text("Four of a kind! The pile leaves the game; {name} plays again", name=self._name(seat)),
                        seat,
                    )
                else:
                    self._say(text("Kraken! The pile leaves the game; {name} plays again", name=self._name(seat)), seat)
            elif not extending:
                self._announce(seat, code, effect)
        if done.went_out:
            self._went_out(seat)

    def _cleared(self, seat: int, code: str) -> Text:
        """Why a pile left the game: a Kraken, or four of a kind on top."""
        name = self._name(seat)
        if code == fh.KRAKEN:
            return text("{name}'s Kraken: the pile leaves the game; {name} plays again", name=name)
        return text(
            "Four of a kind ({rank}): the pile leaves the game; {name} plays again", rank=card_text(code), name=name
        )

    def _pile_ended(self, taker: int | None, why: Text, pile: tuple[str, ...]) -> None:
        """A pile is done with, taken by `taker` or (None) out of the game: what the table judges in this game."""
        self.state.piles += 1
        plays = [JudgedPlay(None, None, card_text(code)) for code in pile]
        heading = text("Pile {number}", number=self.state.piles)
        self._judged((1, self.state.piles), taker, why, (text("Last pile"), heading), plays)

    def _announce(self, seat: int, code: str, effect: fh.Effect) -> None:
        game = self._game()
        name = self._name(seat)
        if effect.skip and game.turn is not None:
            skipped = self._seat(game.after(self._index(seat)))
            self._say(text("Flying Hollander first: {skipped} is skipped", skipped=self._name(skipped)), seat)
        elif effect.choose_next and game.choosing is not None:
            self._say(text("Wormhole: {name} chooses who plays next; that player taps their button", name=name), seat)
        elif effect.swap and game.swapping is not None:
            self.state.partner = None
            self._say(
                text(
                    "Pirate: who swaps with {name} taps their button, then {name} holds (hold alone: no swap)",
                    name=name,
                ),
                seat,
            )
        elif code == fh.ISLAND:
            self._say(text("Island: the next player may play any card"), seat)
        elif code == fh.MUTINY:
            self._say(text("Mutiny: the next card must be {need}", need=need_text(game.need)), seat)

    def _took(self, seat: int, uids: list[str]) -> None:
        for uid in uids:
            self.state.taken[uid] = seat
        self.state.pile_uids = []

    def _went_out(self, seat: int) -> None:
        game = self._game()
        place = game.out.index(self._index(seat)) + 1
        self._say(text("{name} has no cards left: place {place}", name=self._name(seat), place=place), seat)
        self._effects.append(RoundOver(place))  # the table saves a picture of the scoreboard, as after a round
        if game.over:
            self.state.phase = Phase.GAME_OVER
            self._effects.append(Sound("game_over"))
            count, names = self._winners()
            self._say(
                plural(
                    "Game over: {winners} went out first", "Game over: {winners} went out first", count, winners=names
                )
            )

    # --- Taking the pile, choices -----------------------------------------------------------------------------------

    def _take(self, seat: int) -> None:
        game, index = self._game(), self._index(seat)
        name = self._name(seat)
        acting = self._acting_seat()
        if game.choosing is not None or game.swapping is not None or game.turn != index:
            assert acting is not None
            self._refuse(text("Not your turn, {name}: {next} plays", name=name, next=self._name(acting)), seat)
        elif not game.pile:
            self._refuse(text("{name}: the pile is empty, play any card", name=name), seat)
        elif game.need.kind is fh.Kind.ANY:
            self._refuse(text("{name}: any card may be played now; playing is compulsory", name=name), seat)
        elif game.position(index) is fh.Position.FINAL:
            self._refuse(text("{name}: play a final card blind; the table judges it", name=name), seat)
        else:
            self._checkpoint(text("{name} taking the pile", name=name))
            self.state.moves += 1
            why = text(
                "{name} does not lay {need}: {name} takes the pile ({count} cards)",
                name=name,
                need=need_text(game.need),
                count=len(game.pile),
            )
            self._pile_ended(seat, why, tuple(game.pile))
            draw_before = game.draw
            done = game.take(index)
            self.state.draws += [seat] * (draw_before - game.draw)
            self._took(seat, self.state.pile_uids)
            self.state.last = None
            took = plural(
                "{name} takes the pile ({count} card)",
                "{name} takes the pile ({count} cards)",
                done.took,
                name=name,
                count=done.took,
            )
            self._say(took, seat)

    def _choose(self, chosen: int, chooser: int | None = None) -> None:
        game = self._game()
        if game.choosing is None:
            self._refuse(text("No Wormhole waits for a choice"), chosen)
            return
        wormhole = self._seat(game.choosing)
        if chooser is not None and chooser != wormhole:
            self._refuse(
                text("{name} chooses, not {other}", name=self._name(wormhole), other=self._name(chooser)), chooser
            )
        elif chosen == wormhole:
            self._refuse(text("{name}: the Wormhole cannot choose its own player", name=self._name(chosen)), chosen)
        elif self._index(chosen) in game.out:
            self._refuse(text("{name} has gone out already", name=self._name(chosen)), chosen)
        else:
            self._checkpoint(text("{name} chosen by the Wormhole", name=self._name(chosen)))
            self.state.moves += 1
            game.choose(self._index(chosen))
            self.state.last = None
            self._say(text("{name} plays next (Wormhole)", name=self._name(chosen)), chosen)

    def _pirate_partner(self, seat: int) -> None:
        game = self._game()
        assert game.swapping is not None
        pirate = self._seat(game.swapping)
        if self._index(seat) in game.out:
            self._refuse(text("{name} has gone out already", name=self._name(seat)), seat)
            return
        self._checkpoint(text("{name} swapping with the Pirate", name=self._name(seat)))
        self.state.partner = seat
        self._say(
            text(
                "{name} swaps with {pirate}; {pirate} holds when the swap is done",
                name=self._name(seat),
                pirate=self._name(pirate),
            ),
            seat,
        )

    def _pirate_swap(self, seat: int, partner: int | None) -> None:
        game = self._game()
        if game.swapping is None or self._seat(game.swapping) != seat:
            self._refuse(text("No Pirate swap waits at {name}'s seat", name=self._name(seat)), seat)
            return
        if partner == seat:
            self._refuse(text("{name}: the Pirate swaps with another player", name=self._name(seat)), seat)
            return
        if partner is not None and self._index(partner) in game.out:
            self._refuse(text("{name} has gone out already", name=self._name(partner)), partner)
            return
        name = self._name(seat)
        if partner is None:
            self._checkpoint(text("{name}'s Pirate without a swap", name=name))
            self._say(text("{name}'s Pirate: no swap", name=name), seat)
        else:
            self._checkpoint(text("{name}'s Pirate swap with {other}", name=name, other=self._name(partner)))
            self._say(text("{name} and {other} swapped two cards", name=name, other=self._name(partner)), seat)
        self.state.moves += 1
        self.state.partner = None
        game.swapped()

    # --- Buttons --------------------------------------------------------------------------------------------------

    def _press(self, seat: int, key: str) -> None:
        if not self._known_button(seat, key) or not self._may_act(seat):
            return
        game, index = self._game(), self._index(seat)
        hold = key in (HOLD, OK)
        if game.choosing is not None:
            if game.choosing == index:
                self._refuse(text("{name}: the chosen player taps their own button", name=self._name(seat)), seat)
            else:
                self._choose(seat)
        elif game.swapping is not None:
            if game.swapping == index and hold:
                self._pirate_swap(seat, self.state.partner)
            elif game.swapping == index:
                self._refuse(text("{name}: hold when the swap is done", name=self._name(seat)), seat)
            else:
                self._pirate_partner(seat)
        elif hold and game.open_play is not None and game.open_play[0] == index:
            self._checkpoint(text("{name}'s play done", name=self._name(seat)))
            game.open_play = None
        elif hold:
            self._take(seat)
        else:
            acting = self._acting_seat()
            assert acting is not None
            self._refuse(
                text("No tap now: {name} lays a card, or holds to take the pile", name=self._name(acting)), seat
            )

    # --- Lights, private view ---------------------------------------------------------------------------------------

    def _standing_light(self, seat: int) -> LedPattern:
        base = super()._standing_light(seat)
        if (
            self.state.phase is not Phase.PLAYING
            or base is LedPattern.AMBER_LONG_BLINK
            or seat not in self.state.players
        ):
            return base
        game = self._game()
        index = self._index(seat)
        if game.position(index) is None:
            return LedPattern.GOLD_FLICKER  # gone out: steady
        if (game.choosing is not None or game.swapping is not None) and base is not LedPattern.GREEN_BLINK:
            return LedPattern.BLUE_DOUBLE_BLINK  # may be chosen, or may swap: tap
        return base

    def private(self, seat: int) -> PrivateView:
        """The cards the table knows lie in this seat's hand: those it took with the pile."""
        known = tuple(self.state.codes[uid] for uid, taker in self.state.taken.items() if taker == seat)
        return PrivateView(seat, hidden=known)

    # --- The screen model -----------------------------------------------------------------------------------------

    def screen(self) -> HollanderScreen:
        state, game = self.state, self._game()
        need = game.need
        over = state.phase is Phase.GAME_OVER
        last = None
        if state.last is not None:
            seat, cards = state.last
            last = text(
                "{name} played {cards}", name=self._name(seat), cards=_joined([card_text(code) for code in cards])
            )
        return HollanderScreen(
            phase=state.phase,
            title=text("The Flying Hollander: game over") if over else text("The Flying Hollander"),
            prompt=self._prompt(),
            seats=tuple(self._seat_view(seat) for seat in range(self.seats)),
            players=tuple(state.players),
            pile=tuple(game.pile),
            beat=need_text(need),
            beat_rank=need.rank,
            beat_kind=need.kind.value,
            ghost=need.ghost,
            draw=game.draw,
            cleared=game.cleared,
            out=tuple(self._seat(index) for index in game.out),
            choosing=None if game.choosing is None else self._seat(game.choosing),
            swapping=None if game.swapping is None else self._seat(game.swapping),
            partner=state.partner,
            last=last,
            ranking=tuple(self._ranking()) if over else (),
            messages=tuple(self.notes),
            undo=self._undo_question(),
            link_lost=self.link_lost,
            language=self.language,
            game=self.table.chosen_game,
            started=game.started,
            hand_entry=self._hand_entry(),
            **self._why_fields(),
        )

    def _seat_view(self, seat: int) -> HollanderSeat:
        playing = seat in self.state.players
        game = self._game()
        if playing:
            index = self._index(seat)
            held = game.holdings[index]
            position = self._position(seat)
            place = game.out.index(index) + 1 if index in game.out else None
            open_play = game.open_play is not None and game.open_play[0] == index
            total = self._totals()[seat]
        else:
            held, position, place, open_play, total = fh.Holding(0, 0, 0), "out", None, False, 0
        return HollanderSeat(
            seat=seat,
            name=str(self._name(seat)),
            label=self._name(seat),
            joined=playing,
            reader_ok=seat not in self.readers_down,
            acting=seat == self._acting_seat(),
            hand=held.hand,
            clash=held.clash,
            final=held.final,
            position=position,
            phase=POSITION_NAMES[position],
            place=place,
            open_play=open_play,
            total=total,
        )

    def _prompt(self) -> Text:
        if self.link_lost is not None:
            return text("The seat hub is disconnected: the game waits until it is back")
        state, game = self.state, self._game()
        if state.phase is Phase.GAME_OVER:
            count, names = self._winners()
            return plural(
                "{winners} went out first. A new game starts from the screen",
                "{winners} went out first. A new game starts from the screen",
                count,
                winners=names,
            )
        acting = self._acting_seat()
        assert acting is not None
        name = self._name(acting)
        if game.choosing is not None:
            return text("Wormhole: {name} chooses; the player chosen taps their button", name=name)
        if game.swapping is not None:
            return text("Pirate: who swaps with {name} taps, then {name} holds (hold alone: no swap)", name=name)
        position = self._position(acting)
        if position == "final":
            return text("{name}: lay a final card blind; the table judges it", name=name)
        need = need_text(game.need)
        if not game.started:
            return text("Swap hand and clash cards now if you wish. {name} starts: lay {need}", name=name, need=need)
        if position == "clash":
            return text("{name}: lay a clash card: {need}; or hold to take the pile", name=name, need=need)
        return text("{name}: lay {need}; or hold to take the pile", name=name, need=need)


def _joined(parts: list[Text]) -> Text:
    return Text(
        " ".join(f"{{p{n}}}" for n in range(len(parts))), tuple((f"p{n}", part) for n, part in enumerate(parts))
    )
