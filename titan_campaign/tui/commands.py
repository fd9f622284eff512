"""Command palette: every binding of the screen in view is also a palette entry."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class ActionsProvider(Provider):
    """The actions of the current screen (and the app), by their footer description."""

    def _actions(self) -> list[tuple[str, str, str, object]]:
        seen: set[str] = set()
        found: list[tuple[str, str, str, object]] = []
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            if not binding.description or binding.action in seen or not active.enabled:
                continue
            seen.add(binding.action)
            found.append((binding.description, binding.action, key, active.node))
        return found

    async def discover(self) -> Hits:
        for description, action, key, node in self._actions():
            yield DiscoveryHit(description, partial(self._run, node, action), help=f"key: {key}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for description, action, key, node in self._actions():
            score = matcher.match(description)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(description),
                    partial(self._run, node, action),
                    help=f"key: {key}",
                )

    async def _run(self, node: object, action: str) -> None:
        await self.app.run_action(action, node)  # type: ignore[arg-type]
