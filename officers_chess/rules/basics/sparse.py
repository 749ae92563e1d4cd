"""Fields that stay out of a model's JSON while they hold their default, so older saves keep their hashes."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer


class Sparse(BaseModel):
    """A model whose `_sparse` fields are written only when they differ from their default.

    Fields added for the later editions (a class's Magic, a weapon's Hit, Vein tiles ...) would
    otherwise appear in every v0.6 state's canonical JSON and change the hash of every action in
    every save written before them; left out at their default, a v0.6 battle hashes as it did.
    """

    _sparse: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _drop_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            fields = type(self).model_fields
            for name in self._sparse:
                info = fields[name]
                if getattr(self, name) == info.get_default(call_default_factory=True):
                    data.pop(name, None)
                    if info.alias:
                        data.pop(info.alias, None)
        return data
