import path from "node:path";

// Packages loaded from node_modules at run time rather than bundled (see serverExternalPackages below).
const serverExternalPackages = [
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "pg",
  "pino",
  "@prisma/adapter-pg",
  // The module whose query history the external PostgreSQL driver adapter keeps: one copy, so that what the bank
  // importer lets go of (server/db/query-history.ts) is the adapter's.
  "@prisma/debug",
  "prom-client",
  "ws",
  "libxml2-wasm",
  // OpenTelemetry: one API per process (its tracer, context and propagator are process-wide), and the SDK and
  // Prisma's instrumentation loaded from node_modules only when traces are configured (server/telemetry).
  "@opentelemetry/api",
  "@opentelemetry/sdk-trace-node",
  "@opentelemetry/exporter-trace-otlp-http",
  "@opentelemetry/resources",
  "@prisma/instrumentation",
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The image's app (Containerfile, and CI, which builds the image from its legs' build): with
  // TOKENRAIL_STANDALONE_BUILD=1 the build also writes `.next/standalone`, the server with only the packages it loads
  // at run time. `npm start` and `next start` serve `.next` either way (and warn when they see this option).
  output: process.env.TOKENRAIL_STANDALONE_BUILD === "1" ? "standalone" : undefined,
  // PGlite ships WebAssembly and data files it loads from its own package folder; the PostgreSQL driver and the
  // logger use Node internals. Loading them from node_modules keeps them intact; prom-client from there is one module
  // per process, so every route and the instrumentation share its registry. ws (the order WebSocket) requires its
  // optional native helpers only if present, which a bundle cannot express. libxml2-wasm (the bank files' parser and
  // schema validator) loads its WebAssembly from its own package folder.
  serverExternalPackages,
  // The official ISO 20022 schemas the bank rail validates every file against are read at run time from
  // server/bank/iso20022/schemas (located by import.meta.url): shipped with every server route that may need them.
  outputFileTracingIncludes: {
    "/**": ["./server/bank/iso20022/schemas/**"],
  },
  compiler: {
    // Large bank files are imported in a process of their own with its heap capped (server/bank/import/import-process.ts):
    // its script is bundled with the server's build and run with plain node. So is the image's migration command
    // (`node .next/tokenrail/migrate.mjs`, scripts/db-migrate.ts). Both inline every package but those the server
    // loads from node_modules, which the standalone build (the image's app) keeps there.
    async runAfterProductionCompile({ projectDir, distDir }) {
      const { build } = await import("esbuild");
      const out = path.join(path.resolve(projectDir, distDir), "tokenrail");
      const scripts = { "bank-import": "server/bank/import/import-process-main.ts", migrate: "scripts/db-migrate.ts" };
      for (const [name, entry] of Object.entries(scripts)) {
        await build({
          entryPoints: [path.join(projectDir, entry)],
          outfile: path.join(out, `${name}.mjs`),
          bundle: true,
          platform: "node",
          format: "esm",
          // So is the Prisma client's runtime (Next.js keeps it external); pkcs11js, a native module loaded only for
          // an HSM, stays a package too.
          external: [...serverExternalPackages, "@prisma/client", "pkcs11js"],
          // Inlined CommonJS packages call require(), which an ES module lacks.
          banner: {
            js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
          },
          logLevel: "warning",
        });
      }
    },
  },
  // RFC 8414's metadata lives under /.well-known, a folder name the app router does not route: served from a route
  // of its own (app/oauth-authorization-server/route.ts).
  async rewrites() {
    return [{ source: "/.well-known/oauth-authorization-server", destination: "/oauth-authorization-server" }];
  },
  poweredByHeader: false,
  reactStrictMode: true,
  // Type checking and linting run in `npm test`; the build does not repeat them.
  typescript: { ignoreBuildErrors: true },
  // No page may be framed (sign-in and consent against clickjacking, C16); the API's JSON is unaffected by these.
  // The operator's document route sets its own framing rules: the console embeds PDFs from it, sandboxed.
  // The screens' full Content-Security-Policy, with its per-request nonce, comes from proxy.ts (C45) and replaces
  // this header's value there; it also says `frame-ancestors 'none'`.
  async headers() {
    return [
      {
        source: "/:path((?!api/admin/files/).*)",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
