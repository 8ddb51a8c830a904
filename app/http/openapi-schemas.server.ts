/**
 * zod schemas to the OpenAPI document's JSON Schemas (zod 4's `z.toJSONSchema`): inputs as the
 * server parses them, answers as it writes them, named schemas kept once in components.schemas.
 * Used by openapi.server.ts only.
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/** zod's JSON Schema of `schema` as the server reads it (`input`) or writes it (`output`). */
function toJsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    cycles: "ref",
    override: io === "input" ? optionalWhereParsed : undefined,
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
}

/** Whether the server accepts `schema`'s field left out (its default, preprocess or optional). */
function acceptsMissing(schema: z.core.$ZodType | undefined) {
  if (!schema) return true;
  try {
    return z.safeParse(schema, undefined).success;
  } catch {
    // An asynchronous check (a rule read from the database): the field is there to be checked.
    return false;
  }
}

/**
 * An input object requires only the fields its parse refuses to go without: zod's own `required`
 * lists a field whose preprocess fills it in (a page size, a share defaulting to 0), which the
 * server accepts missing (issue 29).
 */
function optionalWhereParsed({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }) {
  if (zodSchema._zod.def.type !== "object" || !Array.isArray(jsonSchema.required)) return;
  const shape = (zodSchema as z.ZodObject).shape;
  const required = (jsonSchema.required as string[]).filter((key) => !acceptsMissing(shape[key]));
  if (required.length) jsonSchema.required = required;
  else delete jsonSchema.required;
}

const INPUT_SUFFIX = "Input";

/**
 * Named schemas found while converting (zod `.meta({ id })` and recursive schemas): zod puts them
 * in each schema's `$defs`; the document keeps them once, under components.schemas. A named schema
 * the server reads differently from how it writes it (defaults, transforms, closed objects) is kept
 * twice: `Name` as answered and `NameInput` as accepted (plain `Name` when it is only ever accepted).
 */
export class SchemaCollector {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly sameBothWays = new Map<string, boolean>();

  /** Whether the named schema `name` reads as it writes (and so every schema it names). */
  private symmetric(name: string) {
    let same = this.sameBothWays.get(name);
    if (same === undefined) {
      const schema = z.globalRegistry._idmap.get(name);
      same =
        !!schema &&
        JSON.stringify(toJsonSchema(schema as z.ZodType, "input")) ===
          JSON.stringify(toJsonSchema(schema as z.ZodType, "output"));
      this.sameBothWays.set(name, same);
    }
    return same;
  }

  convert(schema: z.ZodType, io: "input" | "output", scope: string): JsonSchema {
    const { $schema: _schema, $defs: defs = {}, ...rest } = toJsonSchema(schema, io);
    // zod names anonymous recursive schemas __schema0, __schema1 ... in every conversion: scope them.
    const names = new Map(
      Object.keys(defs).map((name) => [
        name,
        name.startsWith("__schema")
          ? `${scope}${name.replace(/^_+/, "_")}`
          : io === "input" && !this.symmetric(name)
            ? `${name}${INPUT_SUFFIX}`
            : name,
      ]),
    );
    const rewrite = (value: unknown) =>
      rewriteRefs(value, (ref) =>
        ref.startsWith("#/$defs/")
          ? `#/components/schemas/${names.get(ref.slice("#/$defs/".length)) ?? ref.slice("#/$defs/".length)}`
          : ref,
      ) as JsonSchema;
    for (const [name, def] of Object.entries(defs)) {
      const component = rewrite(def);
      const stored = this.schemas[names.get(name)!];
      if (stored && JSON.stringify(stored) !== JSON.stringify(component)) {
        throw new Error(`two schemas are named ${names.get(name)} (zod .meta({ id })); give each its own`);
      }
      this.schemas[names.get(name)!] = component;
    }
    return rewrite(rest);
  }

  /**
   * Renames `NameInput` to `Name` where no answer uses `Name`; returns the rewrite of $refs for
   * what points into these schemas (the paths). The schemas come out sorted by name.
   */
  settle(): (value: unknown) => unknown {
    const renames = new Map<string, string>();
    for (const name of Object.keys(this.schemas)) {
      const plain = name.slice(0, -INPUT_SUFFIX.length);
      if (name.endsWith(INPUT_SUFFIX) && this.sameBothWays.get(plain) === false && !this.schemas[plain]) {
        renames.set(`#/components/schemas/${name}`, `#/components/schemas/${plain}`);
      }
    }
    const rewrite = (value: unknown) => rewriteRefs(value, (ref) => renames.get(ref) ?? ref);
    const settled = Object.entries(this.schemas)
      .map(([name, schema]) => [renames.get(`#/components/schemas/${name}`)?.split("/").pop() ?? name, schema] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of Object.keys(this.schemas)) delete this.schemas[name];
    for (const [name, schema] of settled) this.schemas[name] = rewrite(schema) as JsonSchema;
    return rewrite;
  }
}

/** `value` with every `$ref` string passed through `map`. */
function rewriteRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewriteRefs(inner, map));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" ? map(inner) : rewriteRefs(inner, map),
    ]),
  );
}
