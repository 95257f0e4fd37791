"""Formulations of the N-Queens problem: state-space trees, CP-SAT, python-constraint CSP, exact cover."""
