"""Simulation beyond one machine, on Dask (`pip install 'dominion-card-language[cluster]'`): the same chunks of
game indices as the local workers, so a seed gives the same results here too."""
from __future__ import annotations


class ClusterError(Exception):
    pass


def run_on_cluster(backend: str, address: str | None, play, parts, tick,
                   timeout: float = 10) -> list:
    """What `play(part)` gives for each part of the games (a simulation.Chunk), as the nodes
    finish them; `play` is pickled to the nodes (a module function, or a partial of one)."""
    if backend != "dask":
        raise ClusterError(f"unknown backend '{backend}' (backends: local, dask)")
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ClusterError("the dask backend needs the cluster extra: "
                           "pip install 'dominion-card-language[cluster]' (in a checkout: "
                           "pip install -e '.[cluster]')") from None
    cluster = None
    if address is None:           # no address: a local cluster of two worker processes
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
    try:
        client = Client(cluster if cluster is not None else address, timeout=timeout)
    except (OSError, TimeoutError) as e:
        if cluster is not None:
            cluster.close()
        raise ClusterError(f"cannot reach the Dask scheduler at {address or 'a local cluster'} "
                           f"within {timeout:g} s ({type(e).__name__}); check the address "
                           "(tcp://HOST:8786) or give more --timeout") from None
    try:
        futures = [client.submit(play, part, pure=False) for part in parts]
        chunks = []
        for fut in as_completed(futures):
            chunk = fut.result()
            chunks.append(chunk)
            tick(len(chunk.results))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return chunks
