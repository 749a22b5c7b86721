"""Games at scale and on record: simulation (processes, Dask), stats, balance, game records,
scenarios, the fuzzer.

May use: interpreter.bots and below, dsl.language."""
