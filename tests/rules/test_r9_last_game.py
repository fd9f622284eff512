"""R9 "the last game" is the newest game the Titan played by game number, whatever order the
entries were typed in: its survivors are the ones the honor guard is chosen from, and only its
slain leave the guard."""

from __future__ import annotations

from titan_campaign.rules.events import GameOutcome, GameRecorded, HonorGuardSet
from titan_campaign.rules.progress import progress

LOST = GameOutcome(result="lost")


def played(game: int, *survivors: str) -> GameRecorded:
    return GameRecorded(game=game, date=f"2026-01-{game:02d}", outcome=LOST, survivors=survivors)


def test_r9_an_older_game_typed_late_does_not_become_the_last_game(titan):
    """The issue's repro: game 6 (Titan, Minotaur, Lion) typed before game 5 (Titan, Minotaur,
    Griffon). Game 6 is the last game: Lion may join the guard, Griffon may not."""
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(played(6, "Titan", "Minotaur", "Lion"), played(5, "Titan", "Minotaur", "Griffon"))
    assert thorn.state.last_game is not None and thorn.state.last_game.game == 6
    refusal = thorn.refused(HonorGuardSet(members=("Griffon",)))
    assert refusal == "Griffon did not survive the last game; choose from its survivors (R9)"
    thorn.do(HonorGuardSet(members=("Lion",)))
    assert thorn.state.honor_guard == ("Lion",)


def test_r9_a_member_slain_in_an_older_game_typed_late_stays_in_the_guard(titan):
    """The guard was chosen after game 6 from its survivors; game 5, typed later, was played
    before: what died in it cannot take a member chosen after it."""
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(played(6, "Titan", "Minotaur", "Lion"), HonorGuardSet(members=("Minotaur",)))
    thorn.do(played(5, "Titan", "Griffon"))
    assert thorn.state.honor_guard == ("Minotaur",)
    assert not any("Minotaur was slain" in note for note in thorn.last_notes)


def test_r9_a_member_slain_in_the_newest_game_leaves_the_guard(titan):
    thorn = titan(base_xp=0).reach_level(4)
    thorn.do(played(5, "Titan", "Minotaur"), HonorGuardSet(members=("Minotaur",)))
    thorn.do(played(6, "Titan"))
    assert thorn.state.honor_guard == ()
    assert "Minotaur was slain and leaves the honor guard (R9)" in thorn.last_notes


def test_progress_lists_games_by_number_whatever_order_they_were_typed(titan):
    thorn = titan(base_xp=0)
    thorn.do(played(6, "Titan"), played(5, "Titan"))
    assert [row.game for row in progress(thorn.log.events)] == [5, 6]
    assert [row.earned for row in progress(thorn.log.events)] == [50, 100]


def test_r9_members_slain_in_a_game_the_titan_is_taken_out_of_come_back_to_the_guard(titan):
    """Game 7 slew Unicorn and Griffon; the Titan did not play it after all (taken out): they
    were never slain, and are in the guard again."""
    from titan_campaign.rules.events import GameRemoved

    thorn = titan(base_xp=0).reach_level(7)
    thorn.do(
        played(6, "Titan", "Griffon", "Unicorn"), HonorGuardSet(members=("Unicorn", "Griffon"))
    )
    thorn.do(played(7, "Titan", "Angel"))
    assert thorn.state.honor_guard == ()
    thorn.do(GameRemoved(game=7))
    assert thorn.state.honor_guard == ("Unicorn", "Griffon")
    assert "Unicorn is back in the honor guard (R9)" in thorn.last_notes


def test_r9_a_correction_that_lists_a_slain_member_among_the_survivors_brings_it_back(titan):
    from titan_campaign.rules.events import GameCorrected

    thorn = titan(base_xp=0).reach_level(7)
    thorn.do(
        played(6, "Titan", "Griffon", "Unicorn"), HonorGuardSet(members=("Unicorn", "Griffon"))
    )
    thorn.do(played(7, "Titan", "Angel"))
    thorn.do(GameCorrected(game=7, date="2026-01-07", outcome=LOST, survivors=("Titan", "Unicorn")))
    assert thorn.state.honor_guard == ("Unicorn",)
    assert "Unicorn survived game 7: back in the honor guard (R9)" in thorn.last_notes


def test_r9_a_guard_chosen_after_the_game_is_kept_when_the_game_is_taken_out(titan):
    """After game 7 the player chose the guard anew: taking game 7 out gives back no one."""
    from titan_campaign.rules.events import GameRemoved

    thorn = titan(base_xp=0).reach_level(7)
    thorn.do(
        played(6, "Titan", "Griffon", "Unicorn"), HonorGuardSet(members=("Unicorn", "Griffon"))
    )
    thorn.do(played(7, "Titan", "Angel", "Ogre"), HonorGuardSet(members=("Ogre",)))
    thorn.do(GameRemoved(game=7))
    assert thorn.state.honor_guard == ("Ogre",)
