"""The table's SQLite store: enrolled decks now; the event log, players and settings as they come."""
