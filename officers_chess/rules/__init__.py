"""The rules core: models, movement, combat, turn order and the legal-action API (no UI imports)."""
