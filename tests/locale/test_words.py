"""The words of the catalogs: the game's own terms as the printed rulebooks use them, and the fixes of issue 19."""

from __future__ import annotations

import re

import pytest

from table.core.text import and_list, plural, text
from table.locale import load_catalog, po_path, read_catalog

# English game terms the printed rules translate, per language; each language keeps the ones its rules print in
# English (Skull King, Scary Mary, the pirates' names, and in French, Dutch and Italian "Escape" and "Mermaid").
TERMS = ("Round", "Trick", "Bid", "Wager", "Escape", "Mermaid", "Loot", "White Whale", "Dealer", "Score pad", "Undo")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")  # "{round}" is a name in the code, not a word on screen
# Italian says "round" too (issue 27: the 2013 rules' "passaggio" read oddly, "mano" is a hand of cards).
KEPT = {"de": set(), "fr": {"Escape", "Mermaid"}, "nl": {"Escape", "Mermaid"}, "it": {"Escape", "Mermaid", "Round"}}


def _messages(language: str) -> list[tuple[str, str]]:
    """(English singular, each translated form) of a catalog."""
    out = []
    for message in read_catalog(po_path(language), language):
        if message.id:
            english = message.id if isinstance(message.id, str) else message.id[0]
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            out += [(english, form) for form in forms]
    return out


@pytest.mark.parametrize("language", sorted(KEPT))
def test_no_english_game_term_is_left_where_the_rules_translate_it(language: str) -> None:
    for term in TERMS:
        if term in KEPT[language]:
            continue
        pattern = re.compile(rf"\b{term}\b", re.IGNORECASE)
        left = [(english, said) for english, said in _messages(language) if pattern.search(PLACEHOLDER.sub("", said))]
        assert left == [], (language, term)


def _say(language: str, message: str, **args: object) -> str:
    return text(message, **args).render(load_catalog(language))


def test_german_says_flucht_for_an_escape() -> None:
    assert _say("de", "Escape") == "Flucht"
    assert _say("de", "{name}'s Scary Mary as an Escape", name="Anna") == "die Scary Mary von Anna als Flucht"
    asked = "{name}: the Tigress as a Pirate (tap or +) or as an Escape (hold, OK or -)?"
    assert "Flucht" in _say("de", asked, name="Anna")


def test_the_camera_string_names_what_comes_back() -> None:
    english = "The camera gives no picture: the game waits until it is back"
    assert _say("de", english) == "Die Kamera liefert kein Bild: das Spiel wartet, bis das Bild wieder da ist"
    assert _say("nl", english) == "De camera geeft geen beeld: het spel wacht tot er weer beeld is"


def test_german_speaks_to_the_table_with_ihr_throughout_a_text() -> None:
    said = _say("de", "Empty the tray before the next trick: take that die out too")
    assert said == "Leert die Schale vor dem nächsten Stich: nehmt auch diesen Würfel heraus"


# "du" forms and "ihr" forms that are never a third person ("spielt", "wartet" are, so they are not listed)
DU = re.compile(
    r"\b(du|dich|dir|dein\w*|nimm|lege?|halte|wähle|warte|wirf|spiele|schau|zieh|drücke|verschenke)\b", re.IGNORECASE
)
IHR = re.compile(r"\b(ihr|euch|euer|eure\w*|nehmt|haltet|werft|leert|wartet:|wählt eine)\b", re.IGNORECASE)
# a text speaks to one player when it names them as the one addressed: "{name}: ...", ", {name}: ...", "X: {name}, "
ADDRESSED = re.compile(r"^\{name\}[:,]|, \{name\}[:,]|: \{name\}, ")
OWN_PLATE = {"YOUR TURN"}  # drawn on the player's own seat


def test_german_says_du_only_to_the_player_a_text_names() -> None:
    for english, said in _messages("de"):
        if ADDRESSED.search(english) or english in OWN_PLATE:
            assert not IHR.search(said), (english, said)
        else:
            assert not DU.search(said), (english, said)


@pytest.mark.parametrize(
    ("language", "one", "several"),
    [
        ("de", "Spielende: Anna hat gewonnen", "Spielende: Anna und Ben haben gewonnen"),
        ("nl", "Einde van het spel: Anna heeft gewonnen", "Einde van het spel: Anna en Ben hebben gewonnen"),
        ("it", "Partita finita: ha vinto Anna", "Partita finita: hanno vinto Anna e Ben"),
    ],
)
def test_several_winners_have_won(language: str, one: str, several: str) -> None:
    catalog = load_catalog(language)
    alone = plural("Game over: {winners} won", "Game over: {winners} won", 1, winners=and_list(["Anna"]))
    both = plural("Game over: {winners} won", "Game over: {winners} won", 2, winners=and_list(["Anna", "Ben"]))
    assert (alone.render(catalog), both.render(catalog)) == (one, several)


def test_italian_says_rinuncia_for_a_revoke_and_round_for_a_round() -> None:
    """Italian said "Passaggio" (the 2013 rules' word) for a round: "Round" now, in every text."""
    revoke = "Revoke: {name} did not follow {suit} in trick {trick}, then played {card} in trick {shown}"
    assert _say("it", revoke, name="Anna", suit="giallo", trick=2, card="giallo 5", shown=3).startswith("Rinuncia:")
    assert _say("it", "Round") == "Round"
    assert _say("it", "Round {round} of {rounds}", round=3, rounds=10) == "Round 3 di 10"
    assert _say("it", "Trick {number} of round {round}", number=2, round=3) == "Presa 2 del round 3"
    assert [said for _, said in _messages("it") if re.search(r"passagg", said, re.IGNORECASE)] == []


@pytest.mark.parametrize("language", ["de", "fr", "nl", "it"])
def test_undo_never_reads_as_cancel(language: str) -> None:
    assert _say(language, "Undo") != _say(language, "Cancel")
    assert _say("fr", "Undo") == "Défaire"


TU = re.compile(r"\b(tu|ton|ta|tes|toi|maintiens|reprends|choisis|prends)\b", re.IGNORECASE)
VOUS = re.compile(
    r"\b(vous|votre|vos|posez|prenez|maintenez|retirez|reprenez|jouez|touchez|choisissez|appuyez)\b", re.IGNORECASE
)


def test_french_says_tu_only_to_the_player_a_text_names() -> None:
    for english, said in _messages("fr"):
        if ADDRESSED.search(english) or english in OWN_PLATE:
            assert not VOUS.search(said), (english, said)
        else:
            assert not TU.search(said), (english, said)


# Italian speaks "tu" everywhere, as Italian interfaces do: "tieni premuto", never "tenete premuto" (issue 27).
VOI_IT = re.compile(
    r"\b(togliete|tenete|premete|scegliete|posatela|posatele|riprendetelo|rilanciatelo|rilanciate|aspettate|"
    r"pescate|toccate|avviate|prendete|scoprite|mescolate|scambiate|svuotate|date|scriveteci|annullate|vostr\w*)\b",
    re.IGNORECASE,
)


def test_italian_says_tu_everywhere() -> None:
    assert [(english, said) for english, said in _messages("it") if VOI_IT.search(said)] == []
    held = [said for _, said in _messages("it") if "premuto" in said]
    assert len(held) > 10 and all("tieni premuto" in said.lower() or "tiene premuto" in said for said in held)
    assert _say("it", "Is {die} {name}'s die? Hold your button to confirm", die="rosso", name="Anna") == (
        "rosso è il dado di Anna? Tieni premuto il pulsante per confermare"
    )


def test_french_says_tas_bleu_for_a_blue_stack() -> None:
    """ "pile bleu" did not agree: a colour's name comes alone (from the catalog, or a config), in its masculine
    form, so the stack is a "tas", which agrees with every colour."""
    assert _say("fr", "{colour} stack", colour=text("blue")) == "tas bleu"
    assert _say("fr", "{colour} stack", colour=text("yellow")) == "tas jaune"
    stacks = [said for english, said in _messages("fr") if "stack" in english]
    assert len(stacks) >= 6 and not any("pile" in said for said in stacks)


def test_french_names_the_dice_game_so_a_sentence_reads() -> None:
    assert _say("fr", "Play {game}", game=text("Skull King dice")) == "Jouer à Skull King (dés)"
    assert [said for _, said in _messages("fr") if "King dés" in said] == []
    assert _say("it", "Play {game}", game=text("Skull King dice")) == "Gioca a Skull King (dadi)"


def test_dutch_says_krachtmeting_for_a_showdown() -> None:
    assert _say("nl", "Last showdown") == "Laatste krachtmeting"
    assert [said for _, said in _messages("nl") if "showdown" in said.lower()] == []


@pytest.mark.parametrize(("language", "edition_2021"), [("fr", "Sirène"), ("it", "Sirena"), ("nl", "Zeemeermin")])
def test_the_mermaid_keeps_the_name_the_2013_and_dice_rules_print_and_the_header_says_why(
    language: str, edition_2021: str
) -> None:
    """Decided per edition: the 2013 rules and the dice game's print "Mermaid" in every language, the 2021 edition
    prints another name; the texts are shared by the editions, so "Mermaid" stays, and the catalog's header says so."""
    header = read_catalog(po_path(language), language).header_comment
    assert "Mermaid" in header and "2021" in header and edition_2021 in header
    assert _say(language, "Mermaid") == "Mermaid"
    assert [said for _, said in _messages(language) if edition_2021.lower() in said.lower()] == []


def test_the_pirates_have_their_printed_names_on_the_cards_and_in_the_messages() -> None:
    from table.games.skullking.art import card_face
    from table.games.tricks.why import PIRATES

    assert card_face("pirate:rosie-de-laney").caption == "Rosie D'Laney"  # was "Rosie De Laney"
    assert card_face("pirate:harry-the-giant").caption == "Harry the Giant"  # was "Harry The Giant"
    assert all(card_face(f"pirate:{code}").caption == name for code, name in PIRATES.items())
    for language in KEPT:
        said = " ".join(form for _, form in _messages(language))
        assert "De Laney" not in said and "Harry The Giant" not in said
        assert _say(language, "{name} leads the next trick, Rosie D'Laney's choice", name="Anna").count("D'Laney") == 1
