"""Play across two machines: the host's authoritative battle, the seats' clients, and the messages between them."""
