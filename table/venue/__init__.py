"""The venue: tables publish their results over MQTT (table.venue.publisher, with an outbox), one venue service
keeps every game and the league and serves the web page (table.venue.service). Topics: table.venue.topics."""
