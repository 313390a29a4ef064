/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WebAssembly and data files it loads from its own package folder; the PostgreSQL driver and the
  // logger use Node internals. Loading them from node_modules keeps them intact.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "pino", "@prisma/adapter-pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  // Type checking and linting run in `npm test`; the build does not repeat them.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
