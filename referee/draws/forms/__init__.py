"""Forms parse and check the shape of input; the services decide whether it may be saved."""
