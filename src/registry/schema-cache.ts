import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { errorText } from '../util/text.js';
import { plainlyWellFormed } from './plain-schema.js';

/** A schema compiled once: a validator, or why Ajv could not compile it (kept, so it is not retried). */
export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; reason: string };

export interface SchemaCacheOptions {
  /** How many distinct schemas (by JSON text) stay compiled; the least recently used go first. @default 1000 */
  maxEntries?: number;
}

interface Entry {
  compiled: CompiledSchema;
  /** The object Ajv was given: Ajv caches by it, so eviction must hand it back to `removeSchema`. */
  compiledFrom: object;
}

/**
 * Compiled validators, memoised by the schema's JSON text. Ajv caches by object identity, so a tool
 * list re-derived after every commit (fresh but identical schema objects) would otherwise compile and
 * retain a validator per render. A WeakMap by object is the fast path for the common case of the same
 * ToolDef called repeatedly (no JSON.stringify per call).
 */
export class SchemaCache {
  readonly #ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    // Two tools declaring the same `$id` must not collide in a shared instance ("already exists").
    addUsedSchema: false,
    // `format` is an annotation in 2020-12, and Ajv without ajv-formats would warn on every format.
    validateFormats: false,
    logger: false,
    // Checked below, and only when plainlyWellFormed cannot tell: compiling the meta-schema is most
    // of an agent's first call (src/registry/plain-schema.ts).
    validateSchema: false,
    // Explicit, though these are Ajv's defaults: validation must never write into the caller's args.
    useDefaults: false,
    coerceTypes: false,
    removeAdditional: false,
  });
  readonly #byText = new Map<string, Entry>();
  readonly #byObject = new WeakMap<object, CompiledSchema>();
  readonly #maxEntries: number;
  #compiles = 0;
  #metaChecks = 0;

  constructor(options: SchemaCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 1000);
  }

  /** How many times Ajv was asked to compile (for tests and diagnostics). */
  get compileCount(): number {
    return this.#compiles;
  }

  /** How many schemas were checked against Ajv's meta-schema (for tests and diagnostics). */
  get metaCheckCount(): number {
    return this.#metaChecks;
  }

  get size(): number {
    return this.#byText.size;
  }

  get(schema: object): CompiledSchema {
    const known = this.#byObject.get(schema);
    if (known) return known;
    let text: string;
    try {
      text = JSON.stringify(schema);
    } catch (error) {
      return { ok: false, reason: `it is not JSON (${errorText(error)})` };
    }
    let entry = this.#byText.get(text);
    if (entry) {
      // Map order is insertion order: re-inserting marks the entry most recently used.
      this.#byText.delete(text);
    } else {
      entry = this.#compile(schema);
      this.#evictFor(1);
    }
    this.#byText.set(text, entry);
    this.#byObject.set(schema, entry.compiled);
    return entry.compiled;
  }

  #compile(schema: object): Entry {
    this.#compiles++;
    // MCP lists schemas as 2020-12 whatever they declare; a draft-07 `$schema` would make Ajv2020 refuse
    // a schema that validates as expected in practice. A shallow copy keeps the caller's object intact.
    const { $schema: _ignored, ...compiledFrom } = schema as Record<string, unknown>;
    try {
      if (!plainlyWellFormed(compiledFrom)) {
        this.#metaChecks++;
        // Throws "schema is invalid: …", as Ajv's compile does when it checks the schema itself.
        this.#ajv.validateSchema(compiledFrom, true);
      }
      const validate = this.#ajv.compile(compiledFrom);
      if ((validate as { $async?: unknown }).$async === true) {
        this.#ajv.removeSchema(compiledFrom);
        return {
          compiledFrom,
          compiled: { ok: false, reason: 'asynchronous schemas ($async) are not supported' },
        };
      }
      return { compiledFrom, compiled: { ok: true, validate } };
    } catch (error) {
      this.#ajv.removeSchema(compiledFrom);
      return { compiledFrom, compiled: { ok: false, reason: errorText(error) } };
    }
  }

  #evictFor(incoming: number): void {
    while (this.#byText.size + incoming > this.#maxEntries) {
      const oldest = this.#byText.entries().next();
      if (oldest.done) return;
      const [text, entry] = oldest.value;
      this.#byText.delete(text);
      this.#ajv.removeSchema(entry.compiledFrom);
    }
  }
}
