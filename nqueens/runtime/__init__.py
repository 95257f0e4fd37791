"""Running solvers: the engine runner, executors (threads, Dask), the result store, interrupts, forecasts."""
