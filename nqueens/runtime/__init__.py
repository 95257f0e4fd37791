"""Running solvers: the engine runner, executors (threads, Dask), the result store, forecasts, the kernel cache."""
