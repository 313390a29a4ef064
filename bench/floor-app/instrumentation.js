// The floor app runs nothing at start-up. Without this file Next.js would take the repository's instrumentation.ts
// (Turbopack finds it at the workspace root) and boot Tokenrail's jobs and database in the floor app's process.
export function register() {}
