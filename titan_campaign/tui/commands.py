"""Command palette: every action of the screen in view and of the app is a palette entry."""

from __future__ import annotations

from functools import partial

from textual.app import App
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from .widgets.key_bar import key_description


class ActionsProvider(Provider):
    """The actions of the current screen and of the app, by their key bar's names: each the
    product's own (it has an id), the actions of a focused list or field only when the key bar
    shows them (its cursor keys are not actions)."""

    def _actions(self) -> list[tuple[str, str, str, object]]:
        seen: set[str] = set()
        found: list[tuple[str, str, str, object]] = []
        for key, active in self.screen.active_bindings.items():
            binding = active.binding
            ours = binding.id is not None and (
                binding.show or isinstance(active.node, Screen | App)
            )
            description = key_description(active)
            named = description and description not in seen
            if not ours or not named or binding.action in seen or not active.enabled:
                continue
            seen.update((binding.action, description))
            found.append((description, binding.action, key, active.node))
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
