"""The command line (`dsl`), one module per command group, and the pytest plugin.

May use: everything below it, in dsl and interpreter alike (it is the top layer)."""
