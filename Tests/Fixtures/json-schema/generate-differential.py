# Generates differential-python-jsonschema.json: random draft 2020-12 schemas and
# instances with the verdicts of python-jsonschema (an independent implementation).
# Usage: python3 generate-differential.py SEED COUNT  (writes cases.json; the
# committed file was made with seed 2024, count 400, python-jsonschema 4.26.0).
import json, random, sys
from jsonschema import Draft202012Validator
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
KEYS = ["a", "b", "c", "foo"]
def rvalue(d=0):
    r = random.random()
    if d > 2 or r < 0.4:
        return random.choice([None, True, False, 0, 1, 1.0, 2, -1, 2.5, 3, 10, "a", "b", "ab", "", "foo", "💩"])
    if r < 0.7:
        return [rvalue(d+1) for _ in range(random.randint(0, 3))]
    return {random.choice(KEYS): rvalue(d+1) for _ in range(random.randint(0, 3))}
def rschema(d=0):
    if random.random() < 0.12:
        return random.choice([True, False])
    s = {}
    n = random.randint(1, 3 if d < 3 else 1)
    for _ in range(n):
        k = random.choice(["type","enum","const","minimum","maximum","exclusiveMinimum","exclusiveMaximum","multipleOf","minLength","maxLength",
                           "pattern","items","prefixItems","contains","minContains","maxContains","minItems","maxItems","uniqueItems",
                           "properties","patternProperties","additionalProperties","propertyNames","required","dependentRequired",
                           "dependentSchemas","minProperties","maxProperties","allOf","anyOf","oneOf","not","if","then","else",
                           "unevaluatedProperties","unevaluatedItems","$ref"] if d < 4 else ["type","const","minimum","required"])
        if k == "type": s[k] = random.choice(["null","boolean","object","array","number","string","integer", ["string","integer"], ["null","number"]])
        elif k == "enum": s[k] = [rvalue(2) for _ in range(random.randint(1, 3))]
        elif k == "const": s[k] = rvalue(1)
        elif k in ("minimum","maximum","exclusiveMinimum","exclusiveMaximum"): s[k] = random.choice([0, 1, 2, 2.5, -1])
        elif k == "multipleOf": s[k] = random.choice([1, 2, 0.5, 1.5])
        elif k in ("minLength","maxLength","minItems","maxItems","minProperties","maxProperties","minContains","maxContains"): s[k] = random.randint(0, 3)
        elif k == "pattern": s[k] = random.choice(["a", "^a", "b$", "^[ab]+$", "o+"])
        elif k == "uniqueItems": s[k] = random.choice([True, False])
        elif k in ("items","contains","additionalProperties","propertyNames","not","if","then","else","unevaluatedProperties","unevaluatedItems"): s[k] = rschema(d+1)
        elif k == "prefixItems": s[k] = [rschema(d+1) for _ in range(random.randint(1, 2))]
        elif k in ("allOf","anyOf","oneOf"): s[k] = [rschema(d+1) for _ in range(random.randint(1, 3))]
        elif k == "properties": s[k] = {random.choice(KEYS): rschema(d+1) for _ in range(random.randint(1, 2))}
        elif k == "patternProperties": s[k] = {random.choice(["^a", "o", "^b$"]): rschema(d+1)}
        elif k == "required": s[k] = sorted(set(random.choice(KEYS) for _ in range(random.randint(1, 2))))
        elif k == "dependentRequired": s[k] = {random.choice(KEYS): [random.choice(KEYS)]}
        elif k == "dependentSchemas": s[k] = {random.choice(KEYS): rschema(d+1)}
        elif k == "$ref": s[k] = "#/$defs/d"
    return s
cases = []
while len(cases) < int(sys.argv[2]) if len(sys.argv) > 2 else 2000:
    schema = rschema()
    if isinstance(schema, dict):
        schema["$defs"] = {"d": rschema(3)}
        if isinstance(schema["$defs"]["d"], dict) and "$ref" in schema["$defs"]["d"]: del schema["$defs"]["d"]["$ref"]
    insts = [rvalue() for _ in range(6)]
    try:
        v = Draft202012Validator(schema)
        res = [v.is_valid(i) for i in insts]
    except Exception as e:
        continue
    cases.append({"schema": schema, "instances": insts, "valid": res})
json.dump(cases, open("cases.json", "w"), ensure_ascii=False)
print(len(cases))
