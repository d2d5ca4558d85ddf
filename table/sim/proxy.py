"""A TCP proxy between a table and the broker, for cutting the link: `cut()` drops every connection and turns new
ones away (accepted and closed at once) until `restore()`. `Proxy(port, answer=False)` is a black hole instead:
it accepts connections and never says a word, as a broker on a hung network would."""

from __future__ import annotations

import contextlib
import socket
import threading


class Proxy:
    def __init__(self, target_port: int, answer: bool = True) -> None:
        self.target_port, self.answer = target_port, answer
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.05)
        self.port = int(self.server.getsockname()[1])
        self.refusing = False
        self.accepted = 0
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self._closed = False
        threading.Thread(target=self._accept, daemon=True, name="proxy").start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _ = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.accepted += 1
            if self.refusing:
                client.close()
                continue
            if not self.answer:
                self._keep(client)  # held open, never read from nor written to
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target_port), timeout=2)
            except OSError:
                client.close()
                continue
            self._keep(client, upstream)
            for source, target in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(source, target), daemon=True).start()

    def _keep(self, *sockets: socket.socket) -> None:
        with self._lock:
            self._open += sockets

    @staticmethod
    def _pipe(source: socket.socket, target: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                target.sendall(data)
        for end in (source, target):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Every connection dropped, new ones turned away, until `restore()`."""
        self.refusing = True
        with self._lock:
            dropped, self._open = self._open, []
        for end in dropped:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    def restore(self) -> None:
        self.refusing = False

    def close(self) -> None:
        self._closed = True
        self.cut()
        self.server.close()
