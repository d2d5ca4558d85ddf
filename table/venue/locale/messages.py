"""The venue page's words in German, French, Dutch and Italian: the source of locale/<lang>/LC_MESSAGES/venue.po.

Run `python -m table.venue.locale.messages` after changing a word here or in a template; it writes the .po files
(tests/venue/test_web.py checks that every word the templates use has its four translations)."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

# English: (de, fr, nl, it). The games' own terms are the printed rulebooks' (Stich/pli/slag/presa,
# Runde/manche/ronde/round, Punkteblock/feuille de score/scoreblok/segnapunti).
MESSAGES: dict[str, tuple[str, str, str, str]] = {
    "Admin": ("Verwaltung", "Administration", "Beheer", "Amministrazione"),
    "Log out": ("Abmelden", "Se déconnecter", "Afmelden", "Esci"),
    "League settings": (
        "Liga-Einstellungen",
        "Réglages de la ligue",
        "Instellingen van de competitie",
        "Impostazioni del campionato",
    ),
    "Set here; they take the place of the config file's [league].": (
        "Hier festgelegt; sie ersetzen [league] aus der Konfigurationsdatei.",
        "Réglés ici\u00a0; ils remplacent [league] du fichier de configuration.",
        "Hier ingesteld; ze vervangen [league] uit het configuratiebestand.",
        "Impostate qui; sostituiscono [league] del file di configurazione.",
    ),
    "From the config file's [league].": (
        "Aus [league] der Konfigurationsdatei.",
        "Issus de [league] du fichier de configuration.",
        "Uit [league] van het configuratiebestand.",
        "Da [league] del file di configurazione.",
    ),
    "Name": ("Name", "Nom", "Naam", "Nome"),
    "Period": ("Zeitraum", "Période", "Periode", "Periodo"),
    "An evening": ("Ein Abend", "Une soirée", "Een avond", "Una serata"),
    "A season": ("Eine Saison", "Une saison", "Een seizoen", "Una stagione"),
    "The evening starts at": (
        "Der Abend beginnt um",
        "La soirée commence à",
        "De avond begint om",
        "La serata inizia alle",
    ),
    "Season from": ("Saison vom", "Saison du", "Seizoen van", "Stagione dal"),
    "Season to": ("bis", "au", "tot", "al"),
    "Points by place": ("Punkte je Platz", "Points par place", "Punten per plaats", "Punti per posizione"),
    "Games that count (keys; empty: all)": (
        "Spiele, die zählen (Schlüssel; leer: alle)",
        "Jeux qui comptent (clés\u00a0; vide\u00a0: tous)",
        "Spellen die tellen (sleutels; leeg: alle)",
        "Giochi che contano (chiavi; vuoto: tutti)",
    ),
    "Fewest players for a game to count": (
        "Mindestzahl Spieler, damit ein Spiel zählt",
        "Nombre minimum de joueurs pour qu'une partie compte",
        "Minimum aantal spelers voor een spel dat telt",
        "Numero minimo di giocatori perché una partita conti",
    ),
    "Save": ("Speichern", "Enregistrer", "Opslaan", "Salva"),
    "Back to the config file": (
        "Zurück zur Konfigurationsdatei",
        "Revenir au fichier de configuration",
        "Terug naar het configuratiebestand",
        "Torna al file di configurazione",
    ),
    "Players": ("Spieler", "Joueurs", "Spelers", "Giocatori"),
    "Merge": ("Zusammenführen", "Fusionner", "Samenvoegen", "Unisci"),
    "into": ("mit", "dans", "met", "in"),
    "Rename": ("Umbenennen", "Renommer", "Hernoemen", "Rinomina"),
    "to": ("in", "en", "naar", "in"),
    "Games": ("Spiele", "Parties", "Spellen", "Partite"),
    "Count it again": ("Wieder werten", "La compter à nouveau", "Weer laten tellen", "Conta di nuovo"),
    "Void": ("Annullieren", "Annuler", "Ongeldig maken", "Annulla"),
    "Live": ("Live", "En direct", "Live", "In diretta"),
    "Today": ("Heute", "Aujourd'hui", "Vandaag", "Oggi"),
    "Standings": ("Tabelle", "Classement", "Stand", "Classifica"),
    "Wall TV": ("Wand-TV", "Écran mural", "Wandscherm", "Schermo a parete"),
    "Language": ("Sprache", "Langue", "Taal", "Lingua"),
    "Connection lost: trying again…": (
        "Verbindung verloren: neuer Versuch …",
        "Connexion perdue\u00a0: nouvel essai…",
        "Verbinding verbroken: opnieuw proberen…",
        "Connessione persa: nuovo tentativo…",
    ),
    "Tables": ("Tische", "Tables", "Tafels", "Tavoli"),
    "Today's results": ("Ergebnisse von heute", "Résultats du jour", "Uitslagen van vandaag", "Risultati di oggi"),
    "Admin password": (
        "Verwaltungspasswort",
        "Mot de passe d'administration",
        "Beheerwachtwoord",
        "Password di amministrazione",
    ),
    "Log in": ("Anmelden", "Se connecter", "Aanmelden", "Accedi"),
    "No admin password is set. On the venue's computer, run:": (
        "Es ist kein Verwaltungspasswort gesetzt. Auf dem Rechner der Spielstätte ausführen:",
        "Aucun mot de passe d'administration n'est défini. Sur l'ordinateur du lieu, lancez\u00a0:",
        "Er is geen beheerwachtwoord ingesteld. Voer op de computer van de locatie uit:",
        "Nessuna password di amministrazione impostata. Sul computer del locale, esegui:",
    ),
    "Not here": ("Nicht gefunden", "Introuvable", "Niet gevonden", "Non trovato"),
    "There is no such game or player at this venue.": (
        "Dieses Spiel oder diesen Spieler gibt es hier nicht.",
        "Cette partie ou ce joueur n'existe pas ici.",
        "Dit spel of deze speler bestaat hier niet.",
        "Questa partita o questo giocatore non esiste qui.",
    ),
    "To the tables": ("Zu den Tischen", "Vers les tables", "Naar de tafels", "Ai tavoli"),
    "Table %(id)s": ("Tisch %(id)s", "Table %(id)s", "Tafel %(id)s", "Tavolo %(id)s"),
    "finished at %(time)s": (
        "beendet um %(time)s",
        "terminée à %(time)s",
        "afgelopen om %(time)s",
        "finita alle %(time)s",
    ),
    "being played": ("läuft", "en cours", "bezig", "in corso"),
    "This game is void: it does not count for the league.": (
        "Dieses Spiel ist annulliert: Es zählt nicht für die Liga.",
        "Cette partie est annulée\u00a0: elle ne compte pas pour la ligue.",
        "Dit spel is ongeldig: het telt niet mee voor de competitie.",
        "Questa partita è annullata: non conta per il campionato.",
    ),
    "Ranking": ("Rangliste", "Classement", "Rangschikking", "Classifica"),
    "Winner": ("Sieger", "Vainqueur", "Winnaar", "Vincitore"),
    "Score pad": ("Punkteblock", "Feuille de score", "Scoreblok", "Segnapunti"),
    "No round has been scored yet.": (
        "Noch keine Runde gewertet.",
        "Aucune manche n'est encore comptée.",
        "Nog geen ronde geteld.",
        "Nessun round ancora conteggiato.",
    ),
    "Round": ("Runde", "Manche", "Ronde", "Round"),
    "How the tricks went": (
        "Wer die Stiche gewann",
        "Qui a remporté les plis",
        "Wie de slagen won",
        "Chi ha vinto le prese",
    ),
    "Round %(n)s": ("Runde %(n)s", "Manche %(n)s", "Ronde %(n)s", "Round %(n)s"),
    "No game has ended today yet.": (
        "Heute ist noch kein Spiel zu Ende.",
        "Aucune partie terminée aujourd'hui.",
        "Vandaag is nog geen spel afgelopen.",
        "Oggi nessuna partita è ancora finita.",
    ),
    "void": ("annulliert", "annulée", "ongeldig", "annullata"),
    "Season %(start)s to %(end)s": (
        "Saison %(start)s bis %(end)s",
        "Saison du %(start)s au %(end)s",
        "Seizoen %(start)s tot %(end)s",
        "Stagione dal %(start)s al %(end)s",
    ),
    "This evening, since %(time)s": (
        "Heute Abend, seit %(time)s",
        "Ce soir, depuis %(time)s",
        "Vanavond, sinds %(time)s",
        "Stasera, dalle %(time)s",
    ),
    "points by place: %(points)s": (
        "Punkte je Platz: %(points)s",
        "points par place\u00a0: %(points)s",
        "punten per plaats: %(points)s",
        "punti per posizione: %(points)s",
    ),
    "No game counts yet.": (
        "Noch zählt kein Spiel.",
        "Aucune partie ne compte encore.",
        "Nog geen spel telt.",
        "Nessuna partita conta ancora.",
    ),
    "Player": ("Spieler", "Joueur", "Speler", "Giocatore"),
    "Wins": ("Siege", "Victoires", "Gewonnen", "Vittorie"),
    "Points": ("Punkte", "Points", "Punten", "Punti"),
    "No table has reported yet.": (
        "Noch hat sich kein Tisch gemeldet.",
        "Aucune table ne s'est encore signalée.",
        "Nog geen tafel heeft zich gemeld.",
        "Nessun tavolo si è ancora fatto sentire.",
    ),
    "online": ("verbunden", "en ligne", "online", "in linea"),
    "offline": ("getrennt", "hors ligne", "offline", "non in linea"),
    "finished": ("beendet", "terminée", "afgelopen", "finita"),
    "round %(n)s": ("Runde %(n)s", "manche %(n)s", "ronde %(n)s", "round %(n)s"),
    "starting": ("beginnt", "commence", "begint", "inizia"),
    "No game yet.": ("Noch kein Spiel.", "Pas encore de partie.", "Nog geen spel.", "Ancora nessuna partita."),
    "last heard at %(time)s": (
        "zuletzt gemeldet um %(time)s",
        "dernier signe à %(time)s",
        "laatst gehoord om %(time)s",
        "ultimo segnale alle %(time)s",
    ),
    "Games: %(games)s · Wins: %(wins)s": (
        "Spiele: %(games)s · Siege: %(wins)s",
        "Parties\u00a0: %(games)s · Victoires\u00a0: %(wins)s",
        "Spellen: %(games)s · Gewonnen: %(wins)s",
        "Partite: %(games)s · Vittorie: %(wins)s",
    ),
    "When": ("Wann", "Quand", "Wanneer", "Quando"),
    "Game": ("Spiel", "Jeu", "Spel", "Gioco"),
    "Table": ("Tisch", "Table", "Tafel", "Tavolo"),
    "Place": ("Platz", "Place", "Plaats", "Posizione"),
    "Score": ("Punkte", "Score", "Score", "Punteggio"),
    "Every game as CSV": (
        "Alle Spiele als CSV",
        "Toutes les parties en CSV",
        "Alle spellen als CSV",
        "Tutte le partite in CSV",
    ),
    "Standings as CSV": ("Tabelle als CSV", "Classement en CSV", "Stand als CSV", "Classifica in CSV"),
    "Wrong password.": ("Falsches Passwort.", "Mot de passe incorrect.", "Verkeerd wachtwoord.", "Password errata."),
    "The league settings are the config file's again.": (
        "Die Liga-Einstellungen kommen wieder aus der Konfigurationsdatei.",
        "Les réglages de la ligue sont à nouveau ceux du fichier de configuration.",
        "De instellingen van de competitie komen weer uit het configuratiebestand.",
        "Le impostazioni del campionato sono di nuovo quelle del file di configurazione.",
    ),
    "Not saved:": ("Nicht gespeichert:", "Non enregistré\u00a0:", "Niet opgeslagen:", "Non salvato:"),
    "Too many wrong passwords: try again in a minute.": (
        "Zu viele falsche Passwörter: In einer Minute noch einmal versuchen.",
        "Trop de mots de passe erronés\u00a0: réessayez dans une minute.",
        "Te veel verkeerde wachtwoorden: probeer het over een minuut opnieuw.",
        "Troppe password errate: riprova tra un minuto.",
    ),
    "Messages stored: %(stored)s · refused: %(bad)s · a table counting from 1 again: %(conflicts)s": (
        "Gespeicherte Nachrichten: %(stored)s · abgelehnt: %(bad)s · ein Tisch zählt wieder ab 1: %(conflicts)s",
        "Messages enregistrés\u00a0: %(stored)s · refusés\u00a0: %(bad)s · "
        "une table recompte depuis 1\u00a0: %(conflicts)s",
        "Opgeslagen berichten: %(stored)s · geweigerd: %(bad)s · een tafel telt weer vanaf 1: %(conflicts)s",
        "Messaggi salvati: %(stored)s · rifiutati: %(bad)s · un tavolo riconta da 1: %(conflicts)s",
    ),
    "Refused messages": ("Abgelehnte Nachrichten", "Messages refusés", "Geweigerde berichten", "Messaggi rifiutati"),
    "What a table sent that the venue did not take, and why. Nothing of it was kept; the table was told it "
    "arrived, so it goes on with its later games.": (
        "Was ein Tisch gesendet hat und nicht angenommen wurde, und warum. Nichts davon wurde gespeichert; dem Tisch "
        "wurde der Empfang bestätigt, also macht er mit seinen nächsten Spielen weiter.",
        "Ce qu'une table a envoyé et qui n'a pas été accepté, et pourquoi. Rien n'en a été gardé\u00a0; la table "
        "a reçu l'accusé de réception et continue avec ses parties suivantes.",
        "Wat een tafel stuurde en niet werd aangenomen, en waarom. Er is niets van bewaard; de tafel kreeg een "
        "ontvangstbevestiging en gaat door met haar volgende spellen.",
        "Ciò che un tavolo ha inviato e non è stato accettato, e perché. Non ne è stato tenuto nulla; il tavolo ha "
        "ricevuto la conferma e continua con le partite successive.",
    ),
    "None.": ("Keine.", "Aucun.", "Geen.", "Nessuno."),
    "%(count)s refused, the last at %(time)s: %(why)s": (
        "%(count)s abgelehnt, die letzte um %(time)s: %(why)s",
        "%(count)s refusés, le dernier à %(time)s\u00a0: %(why)s",
        "%(count)s geweigerd, de laatste om %(time)s: %(why)s",
        "%(count)s rifiutati, l'ultimo alle %(time)s: %(why)s",
    ),
    "The venue cannot reach its broker: no news from the tables until it is back.": (
        "Die Spielstätte erreicht ihren Broker nicht: keine Nachrichten von den Tischen, bis er wieder da ist.",
        "Le lieu ne joint plus son broker\u00a0: aucune nouvelle des tables jusqu'à son retour.",
        "De locatie bereikt haar broker niet: geen nieuws van de tafels tot hij terug is.",
        "Il locale non raggiunge il suo broker: nessuna notizia dai tavoli finché non torna.",
    ),
    "Scan for the results on your phone": (
        "Scannen: die Ergebnisse auf dem Handy",
        "Scannez pour voir les résultats sur votre téléphone",
        "Scan voor de uitslagen op je telefoon",
        "Inquadra per i risultati sul telefono",
    ),
    "Saved.": ("Gespeichert.", "Enregistré.", "Opgeslagen.", "Salvato."),
    "Not merged: pick two different players.": (
        "Nicht zusammengeführt: Wählt zwei verschiedene Spieler.",
        "Pas de fusion\u00a0: choisissez deux joueurs différents.",
        "Niet samengevoegd: kies twee verschillende spelers.",
        "Non unito: scegli due giocatori diversi.",
    ),
    "Not renamed: a name is needed.": (
        "Nicht umbenannt: Ein Name fehlt.",
        "Pas renommé\u00a0: il faut un nom.",
        "Niet hernoemd: een naam is nodig.",
        "Non rinominato: serve un nome.",
    ),
}
LANGUAGES = ("de", "fr", "nl", "it")


def write_catalogs(folder: Path = Path(__file__).parent) -> None:
    for index, language in enumerate(LANGUAGES):
        catalog = Catalog(
            locale=language,
            domain="venue",
            project="Pirate Table venue",
            charset="utf-8",
            fuzzy=False,
            header_comment=f"# The venue page's words in {language}: written by table/venue/locale/messages.py.",
        )
        for english, translated in MESSAGES.items():
            catalog.add(english, translated[index], flags=("python-format",) if "%(" in english else ())
        target = folder / language / "LC_MESSAGES" / "venue.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as out:
            write_po(out, catalog, width=120, omit_header=False)


if __name__ == "__main__":
    write_catalogs()
