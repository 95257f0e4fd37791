"""Certified answers: a count, a "no solution" or an optimum of the SAT model with a proof a separate checker
accepts (docs/certify.md).

:mod:`nqueens.certify.produce` writes a certificate folder with the SAT model and CaDiCaL's DRAT proof;
:mod:`nqueens.certify.check` checks one with its own encoder (:mod:`nqueens.certify.encode`) and dratify, and
imports neither pysat nor :mod:`nqueens.models`. This package imports nothing when it is imported.
"""
