"""What keeps other web pages out of a game night: the names it answers to, the websocket's
origin, and the headers every response carries.

A page on another site (or a name that a rebinding attacker points at this computer) must not
drive a tab: the server answers only to the addresses it was started for, a tab's websocket is
opened only by its own page, no page may frame it, and the page fetches nothing from anywhere
else (so a game night needs no internet and tells nobody its address).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiohttp import hdrs, web

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this computer only: then no token is needed."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def listen_host(given: str) -> str:
    """The address to listen on, as the host typed it: ``[::]`` is ``::`` and ``0`` (or any
    other short form of an IPv4 address) is written out, so the links printed are reachable."""
    host = given.strip().strip("[]")
    try:
        return ipaddress.ip_address(host).compressed
    except ValueError:
        pass
    if host and all(part.isdigit() for part in host.split(".")):
        try:
            return socket.inet_ntoa(socket.inet_aton(host))
        except OSError:
            pass
    return host


def _plain(host: str) -> str:
    return host.strip("[]").lower().rstrip(".")


@dataclass(frozen=True)
class Guard:
    """The host names (with the port) that the server answers to."""

    names: frozenset[str]
    port: int

    @classmethod
    def for_addresses(cls, host: str, port: int, shown: Iterable[str]) -> Guard:
        """The address listened on, this computer's own names when it is loopback, and the
        addresses printed for the players."""
        names = {_plain(host), *(_plain(name) for name in shown)}
        if is_loopback(host) or host in WILDCARD_HOSTS:
            names.update(LOOPBACK_NAMES)
        names.discard("")
        return cls(frozenset(names), port)

    def accepts(self, netloc: str) -> bool:
        """Whether ``netloc`` (a Host header, ``name:port``) is one of the server's own."""
        try:
            parts = urlsplit(f"//{netloc}")
            port = parts.port
        except ValueError:
            return False
        if parts.username is not None or parts.password is not None:
            return False
        return _plain(parts.hostname or "") in self.names and (port or 80) == self.port

    def accepts_origin(self, origin: str) -> bool:
        """Whether a websocket's ``Origin`` is a page of this server's own."""
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        return parts.scheme == "http" and parts.path == "" and self.accepts(parts.netloc)


def content_policy(nonce: str | None = None) -> str:
    """Everything the page loads comes from this server; nothing may frame it."""
    scripts = "'self'" + (f" 'nonce-{nonce}'" if nonce else "")
    return "; ".join(
        (
            "default-src 'none'",
            f"script-src {scripts}",
            "style-src 'self' 'unsafe-inline'",  # the terminal styles its own elements
            "font-src 'self'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        )
    )


SAFE_HEADERS = {
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def is_listing(path: str) -> bool:
    """Whether ``path`` asks for a folder of the page's files (``/static/``, ``/static/js``),
    which textual-serve lists to anyone: only its files are served (each has an extension)."""
    return path.startswith("/static") and "." not in path.rsplit("/", 1)[-1]


def guard_middleware(guard: Callable[[], Guard]) -> Callable[..., Awaitable[web.StreamResponse]]:
    """Refuse any request for a host name the server was not started for (421), before it
    reaches a page, a ticket or an app."""

    @web.middleware
    async def check_host(request: web.Request, handler: Handler) -> web.StreamResponse:
        if not guard().accepts(request.headers.get(hdrs.HOST, "")):
            raise web.HTTPMisdirectedRequest(
                text="This game night answers only at the address that "
                "`titan-campaign serve` printed.\n"
            )
        if is_listing(request.path):
            raise web.HTTPNotFound()
        return await handler(request)

    return check_host


async def add_safe_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every response (pages, files, refusals, the websocket's upgrade)."""
    for name, value in SAFE_HEADERS.items():
        response.headers[name] = value
    response.headers.setdefault("Content-Security-Policy", content_policy())
