"""The Python stack people use today for "YAML against a JSON Schema".

usage: pyyaml_validate.py jsonschema|jsonschema-rs SCHEMA FILE

Loads FILE with PyYAML's C loader (yaml.CSafeLoader, libyaml underneath),
then validates the document against SCHEMA (draft 2020-12) with either the
pure-Python `jsonschema` package or the Rust-backed `jsonschema-rs`. Every
error is collected (as `accordion validate` reports every problem), printed
one per line; exit 0 when valid, 1 when not, 2 on usage problems.
Only the chosen engine is imported, so start-up is what that stack costs.
"""
import json
import sys


def main(argv):
    if len(argv) != 4 or argv[1] not in ("jsonschema", "jsonschema-rs"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    engine, schema_path, path = argv[1:]
    import yaml
    loader = getattr(yaml, "CSafeLoader", None)
    if loader is None:
        print("PyYAML was built without libyaml: no CSafeLoader", file=sys.stderr)
        return 2
    with open(schema_path, "rb") as f:
        schema = json.load(f)
    with open(path, "rb") as f:
        document = yaml.load(f, Loader=loader)
    if engine == "jsonschema":
        import jsonschema
        validator = jsonschema.Draft202012Validator(schema)
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document)]
    else:
        import jsonschema_rs
        validator = jsonschema_rs.Draft202012Validator(schema)
        errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(document)]
    for line in errors:
        print(f"{path}: {line}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
