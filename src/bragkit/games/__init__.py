"""Game families: one thin module per family of games.

* :mod:`bragkit.games.modern`: modern Three Card Brag, Four/Five Card Brag, wild cards.
* :mod:`bragkit.games.teen_patti`: Teen Patti (boot, chaal, show, side show).

Each module maps :class:`bragkit.rules.Rules` onto the shared engine's hooks; see the design
note in :mod:`bragkit.engine`.
"""
