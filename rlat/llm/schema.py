"""A small JSON Schema validator for the subset rlat's prompts use.

Why not the `jsonschema` package: our schemas use a dozen keywords, and a validator for exactly
those is ~100 lines with no dependency, whereas `jsonschema` pulls in referencing, attrs and
rpds for features (``$ref``, formats, drafts) we never use. The subset, and nothing else:

``type`` (object, array, string, integer, number, boolean, null, or a list of them), ``enum``,
``properties``, ``required``, ``additionalProperties`` (``false`` or a schema), ``items``,
``minItems``, ``maxItems``, ``minLength``, ``maxLength``, ``minimum``, ``maximum``,
``pattern``, and the annotation ``description``.

A schema keyword outside the subset raises :class:`SchemaError` when the schema is checked
(``check_schema``), so a prompt author cannot believe a constraint is enforced when it is not.
"""

from __future__ import annotations

import re

SUPPORTED = frozenset({
    "type", "enum", "properties", "required", "additionalProperties", "items", "minItems",
    "maxItems", "minLength", "maxLength", "minimum", "maximum", "pattern", "description",
})

_TYPES = ("object", "array", "string", "integer", "number", "boolean", "null")


class SchemaError(ValueError):
    """The schema itself uses something this validator does not enforce."""


class ValidationError(ValueError):
    """The instance does not match the schema. ``path`` says where (``facts[2].text``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path or "(root)"
        super().__init__(f"{self.path}: {message}")


def check_schema(schema: dict, path: str = "") -> None:
    """Raise SchemaError if ``schema`` uses a keyword outside the supported subset."""
    if not isinstance(schema, dict):
        raise SchemaError(f"{path or '(root)'}: a schema must be an object")
    unknown = set(schema) - SUPPORTED
    if unknown:
        raise SchemaError(f"{path or '(root)'}: unsupported keyword(s): {', '.join(sorted(unknown))}")
    kinds = schema.get("type")
    for kind in kinds if isinstance(kinds, list) else [kinds] if kinds else []:
        if kind not in _TYPES:
            raise SchemaError(f"{path or '(root)'}: unknown type {kind!r}")
    for name, sub in schema.get("properties", {}).items():
        check_schema(sub, f"{path}.{name}" if path else name)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        check_schema(extra, f"{path}.*")
    if "items" in schema:
        check_schema(schema["items"], f"{path}[]")
    if "pattern" in schema:
        re.compile(schema["pattern"])


def _type_ok(value: object, kind: str) -> bool:
    if kind == "object":
        return isinstance(value, dict)
    if kind == "array":
        return isinstance(value, list)
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    return False


def validate(instance: object, schema: dict, path: str = "") -> None:
    """Raise ValidationError at the first place ``instance`` breaks ``schema``."""
    kinds = schema.get("type")
    if kinds is not None:
        options = kinds if isinstance(kinds, list) else [kinds]
        if not any(_type_ok(instance, k) for k in options):
            raise ValidationError(path, f"expected {' or '.join(options)}, got {_name(instance)}")
    if "enum" in schema and instance not in schema["enum"]:
        raise ValidationError(path, f"{instance!r} is not one of {schema['enum']!r}")
    if isinstance(instance, dict):
        props = schema.get("properties", {})
        for name in schema.get("required", ()):
            if name not in instance:
                raise ValidationError(path, f"missing required field {name!r}")
        extra = schema.get("additionalProperties", True)
        for name, value in instance.items():
            sub_path = f"{path}.{name}" if path else str(name)
            if name in props:
                validate(value, props[name], sub_path)
            elif extra is False:
                raise ValidationError(path, f"unexpected field {name!r}")
            elif isinstance(extra, dict):
                validate(value, extra, sub_path)
    elif isinstance(instance, list):
        if len(instance) < schema.get("minItems", 0):
            raise ValidationError(path, f"needs at least {schema['minItems']} item(s)")
        if "maxItems" in schema and len(instance) > schema["maxItems"]:
            raise ValidationError(path, f"allows at most {schema['maxItems']} item(s)")
        if "items" in schema:
            for i, item in enumerate(instance):
                validate(item, schema["items"], f"{path}[{i}]")
    elif isinstance(instance, str):
        if len(instance) < schema.get("minLength", 0):
            raise ValidationError(path, f"shorter than {schema['minLength']} character(s)")
        if "maxLength" in schema and len(instance) > schema["maxLength"]:
            raise ValidationError(path, f"longer than {schema['maxLength']} character(s)")
        if "pattern" in schema and not re.search(schema["pattern"], instance):
            raise ValidationError(path, f"does not match {schema['pattern']!r}")
    elif _type_ok(instance, "number"):
        if "minimum" in schema and instance < schema["minimum"]:
            raise ValidationError(path, f"{instance} is below {schema['minimum']}")
        if "maximum" in schema and instance > schema["maximum"]:
            raise ValidationError(path, f"{instance} is above {schema['maximum']}")


def is_valid(instance: object, schema: dict) -> bool:
    try:
        validate(instance, schema)
    except ValidationError:
        return False
    return True


def _name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    return {dict: "object", list: "array", str: "string", int: "integer",
            float: "number"}.get(type(value), type(value).__name__)
