import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { errorText } from '../util/text.js';
import { plainlyWellFormed } from './plain-schema.js';
import { type QuickValidator, quickValidator } from './quick-validator.js';

/**
 * A schema compiled once: a validator, or why Ajv could not compile it (kept, so it is not retried).
 * `validate` answers `true`, or Ajv's errors.
 */
export type CompiledSchema =
  | { ok: true; validate: (data: unknown) => true | readonly ErrorObject[] }
  | { ok: false; reason: string };

export interface SchemaCacheOptions {
  /** How many distinct schemas (by JSON text) stay compiled; the least recently used go first. @default 1000 */
  maxEntries?: number;
}

interface Entry {
  compiled: CompiledSchema;
  /** The object Ajv was given: Ajv caches by it, so eviction must hand it back to `removeSchema`. */
  compiledFrom: object;
}

/** How every schema is compiled (exported for the test that holds the quick validator to Ajv). */
export const AJV_OPTIONS = {
  strict: false,
  allErrors: true,
  // Two tools declaring the same `$id` must not collide in a shared instance ("already exists").
  addUsedSchema: false,
  // `format` is an annotation in 2020-12, and Ajv without ajv-formats would warn on every format.
  validateFormats: false,
  logger: false,
  // Checked in SchemaCache, and only when plainlyWellFormed cannot tell: compiling the meta-schema is most
  // of an agent's first call (src/registry/plain-schema.ts).
  validateSchema: false,
  // Explicit, though these are Ajv's defaults: validation must never write into the caller's args.
  useDefaults: false,
  coerceTypes: false,
  removeAdditional: false,
} as const;

/**
 * Compiled validators, memoised by the schema's JSON text. Ajv caches by object identity, so a tool
 * list re-derived after every commit (fresh but identical schema objects) would otherwise compile and
 * retain a validator per render. A WeakMap by object is the fast path for the common case of the same
 * ToolDef called repeatedly (no JSON.stringify per call).
 */
export class SchemaCache {
  readonly #ajv = new Ajv2020(AJV_OPTIONS);
  readonly #byText = new Map<string, Entry>();
  readonly #byObject = new WeakMap<object, CompiledSchema>();
  readonly #maxEntries: number;
  #compiles = 0;
  #ajvCompiles = 0;
  #metaChecks = 0;

  constructor(options: SchemaCacheOptions = {}) {
    this.#maxEntries = Math.max(1, options.maxEntries ?? 1000);
  }

  /** How many schemas were compiled, by Ajv or into a quick validator (for tests and diagnostics). */
  get compileCount(): number {
    return this.#compiles;
  }

  /** How many times Ajv was asked to compile (for tests and diagnostics). */
  get ajvCompileCount(): number {
    return this.#ajvCompiles;
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
    const plain = plainlyWellFormed(compiledFrom);
    // Ajv's code generation is the cost of a tool's first call: a schema the quick validator takes
    // is compiled by Ajv only when a call fails it, for Ajv's wording of the errors.
    const quick = plain ? quickValidator(compiledFrom) : undefined;
    if (quick !== undefined)
      return { compiledFrom, compiled: { ok: true, validate: this.#lazy(quick, compiledFrom) } };
    const compiled = this.#ajvCompile(compiledFrom, plain);
    return {
      compiledFrom,
      compiled: compiled.ok ? { ok: true, validate: (data) => ajvAnswer(compiled.validate, data) } : compiled,
    };
  }

  #lazy(quick: QuickValidator, compiledFrom: object): (data: unknown) => true | readonly ErrorObject[] {
    let ajv: ValidateFunction | undefined;
    return (data) => {
      if (quick(data)) return true;
      if (ajv === undefined) {
        const compiled = this.#ajvCompile(compiledFrom, true);
        // The quick validator takes only schemas Ajv compiles (its property test); were one refused,
        // the call is answered as a broken schema (validate-args catches what validation throws).
        if (!compiled.ok) throw new Error(compiled.reason);
        ajv = compiled.validate;
      }
      return ajvAnswer(ajv, data);
    };
  }

  #ajvCompile(
    compiledFrom: object,
    plain: boolean,
  ): { ok: true; validate: ValidateFunction } | { ok: false; reason: string } {
    this.#ajvCompiles++;
    try {
      if (!plain) {
        this.#metaChecks++;
        // Throws "schema is invalid: …", as Ajv's compile does when it checks the schema itself.
        this.#ajv.validateSchema(compiledFrom, true);
      }
      const validate = this.#ajv.compile(compiledFrom);
      if ((validate as { $async?: unknown }).$async === true) {
        this.#ajv.removeSchema(compiledFrom);
        return { ok: false, reason: 'asynchronous schemas ($async) are not supported' };
      }
      return { ok: true, validate };
    } catch (error) {
      this.#ajv.removeSchema(compiledFrom);
      return { ok: false, reason: errorText(error) };
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

function ajvAnswer(validate: ValidateFunction, data: unknown): true | readonly ErrorObject[] {
  return validate(data) === true ? true : (validate.errors ?? []);
}
