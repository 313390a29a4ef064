import app from "../../next.config.mjs";

/**
 * Benchmark P2's floor: a Next.js app with nothing in it but two route handlers, built and started by the bench, with
 * the app's own framework settings that touch every answer: no `X-Powered-By`, the same headers.
 */
const nextConfig = {
  poweredByHeader: app.poweredByHeader,
  headers: app.headers,
};

export default nextConfig;
