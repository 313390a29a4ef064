import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

/** Framework and screen modules the server never imports. */
const FRAMEWORK = ["next", "next/*", "react", "react-dom", "@/app/*", "@/components/*", "../app/*", "../components/*"];

export default tseslint.config(
  {
    ignores: ["**/.next/**", "node_modules/**", "server/generated/**", ".data/**", "test-results/**", "next-env.d.ts"],
  },
  ...nextVitals,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": [
        "error",
        // node:test runs what describe/it return itself.
        {
          allowForKnownSafeCalls: [
            { from: "package", package: "node:test", name: ["describe", "it", "test", "suite", "before", "after"] },
          ],
        },
      ],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The domain never reaches into the web layer or the framework; `server/http` stands on the domain, never the
    // other way round (errors, validation and the API's contract live below both: server/errors.ts, server/contract/).
    files: ["server/**/*.ts"],
    ignores: ["server/http/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: FRAMEWORK, message: "The domain is framework-free TypeScript." },
            {
              group: ["**/http/*", "@/server/http/*"],
              message:
                "Only server/http knows HTTP: import what the domain shares from server/errors.ts or server/contract/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/http/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: FRAMEWORK }] },
  },
  {
    // API tests check every answer against the served OpenAPI document: they take `test` and `request` from the
    // fixture that does it, never the unchecked ones.
    files: ["e2e/api/**/*.ts", "e2e/fixtures/**/*.ts"],
    ignores: ["e2e/fixtures/contract-test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "request"],
              message:
                "Import them from e2e/fixtures/contract-test.ts: every API answer is checked against the document.",
            },
          ],
        },
      ],
    },
  },
);
