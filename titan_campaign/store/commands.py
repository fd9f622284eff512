"""The ``backups`` and ``restore`` commands (wired in ``cli.py``)."""

from __future__ import annotations

from argparse import Namespace

from .backups import ENV_VAR, backups_folder, keep_count, list_backups, restore_backup
from .repository import CampaignStore


def cmd_backups(args: Namespace, store: CampaignStore) -> None:
    rows = list_backups(store.path)
    if not rows:
        print(f"no backups of {store.path} yet: one is kept before every change")
        return
    print(f"backups of {store.path} (in {backups_folder(store.path)}; the last {keep_count()} are kept, set {ENV_VAR} to change):")
    for backup in rows:
        print(backup.line())
    print("restore one with: titan-campaign restore N (the current database is backed up first)")


def cmd_restore(args: Namespace, store: CampaignStore) -> None:
    backup = restore_backup(store.path, args.number)
    print(f"restored backup {args.number} (revision {backup.revision}, saved {backup.saved:%Y-%m-%d %H:%M:%S}): {backup.summary}")
    print("the database as it was just before is now backup 1")
