// Computes "what SQL turns this migration history into this Prisma schema" without the native
// schema-engine binary (which Prisma would download from a host we cannot reach) and without a
// PostgreSQL server: the migrations are replayed into an in-memory PGlite (Postgres compiled to
// WebAssembly) and Prisma's WebAssembly schema engine diffs that live database against the schema.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PGlite } from "@electric-sql/pglite";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as engineBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";

// Prisma's wasm-bindgen panic hook writes the Rust panic message here. Without this object a panic
// surfaces as a useless "Cannot read properties of undefined" instead of the real message.
const panics = { last: "" };
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } }).PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message: string) {
    panics.last = message;
  },
};

let engineReady: Promise<void> | undefined;

// The package's default entry does `import * as wasm from "./schema_engine_bg.wasm"`, which Node 20
// cannot load without --experimental-wasm-modules. So we instantiate the .wasm ourselves and hand
// it to the JS glue, exactly as that entry would. Done once per process: the module is 5 MB.
function initEngine(): Promise<void> {
  engineReady ??= (async () => {
    // The .wasm file is not listed in the package's "exports", so locate it next to the glue file.
    const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(gluePath.replace(/\.js$/, ".wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      // The wasm imports every host function from the glue module under this exact specifier.
      "./schema_engine_bg.js": engineBindings as unknown as WebAssembly.ModuleImports,
    });
    engineBindings.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  })();
  return engineReady;
}

export async function diffMigrationsToSchema(opts: { migrationsSql: string[]; schema: string }): Promise<string> {
  await initEngine();
  const db = new PGlite(); // in-memory; thrown away after each call so calls never see each other's state
  let engine: engineBindings.SchemaEngine | undefined;
  try {
    for (const [i, sql] of opts.migrationsSql.entries()) {
      try {
        await db.exec(sql); // exec (not query) because a migration file holds many statements
      } catch (e) {
        throw new Error(`migration #${i + 1} failed to apply: ${(e as Error).message}`, { cause: e });
      }
    }

    const files = [{ path: "schema.prisma", content: opts.schema }];
    // The engine calls adapter methods detached from their object and expects every result wrapped
    // as {ok, value}/{ok:false, error}; the bind* helper provides both. Passing the raw PrismaPGlite
    // fails with "Cannot read properties of null (reading 'client')".
    const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPGlite(db));
    // The callback receives the engine's JSON log lines (INFO "Starting schema-engine-wasm" etc.);
    // errors are reported through rejected promises, so the log is not needed here.
    engine = await engineBindings.SchemaEngine.new(
      { datamodels: files.map((f) => [f.path, f.content]) },
      () => {},
      adapter,
    );

    // "schemaDatasource" means "the database this schema's datasource points at", which with a
    // driver adapter is our PGlite, so no url is ever needed. (The "migrations" source would avoid
    // replaying ourselves, but this wasm build rejects it, even with a migration_lock.toml:
    // "Could not determine the connector to use for diffing".)
    panics.last = "";
    const result = await engine
      .diff({
        from: { tag: "schemaDatasource", files, configDir: process.cwd() },
        to: { tag: "schemaDatamodel", files },
        script: true,
        exitCode: null,
        filters: { externalTables: [], externalEnums: [] },
      })
      .catch((e: Error) => {
        if (panics.last) e.message += `\n${panics.last}`;
        throw e;
      });

    const script = result.stdout ?? "";
    // With script:true the engine never returns "" for no changes; it returns this placeholder.
    return ["", "-- This is an empty migration."].includes(script.trim()) ? "" : script;
  } finally {
    engine?.free();
    await db.close();
  }
}
