import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier";

// docs/architecture.md §2 import boundaries, enforced here.
const pure = [
  "react",
  "react-dom",
  "next",
  "next/*",
  "node:*",
  "fs",
  "path",
  "http",
  "https",
  "@kubernetes/client-node",
  "@/lib/server/*",
  "@/lib/client/*",
  "@/sandbox/*",
  "**/lib/server/**",
  "**/lib/client/**",
  "**/sandbox/**",
];
const sandbox = ["@/sandbox/*", "**/sandbox/**"];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".tmp/**"] },
  {
    files: ["lib/kruise/**", "lib/patch/**", "lib/kinds/**", "lib/contract/**", "lib/logs/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: pure,
              message:
                "lib/kruise, lib/patch, lib/kinds, lib/contract and lib/logs are pure: no React, Next, Node, client-node or other lib layers (docs/architecture.md §2).",
            },
          ],
        },
      ],
    },
  },
  {
    // lib/k8s is the shape of objects on the wire and nothing else: type declarations and `import type` only,
    // from client-node or from lib/k8s itself, so every layer (browser bundle included) may import it for free.
    files: ["lib/k8s/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "VariableDeclaration",
          "FunctionDeclaration",
          "ClassDeclaration",
          "TSEnumDeclaration",
          "ExpressionStatement",
          "ExportDefaultDeclaration",
          "ImportDeclaration[importKind='value']",
          "ExportNamedDeclaration[exportKind='value'][source]",
          "ExportAllDeclaration[exportKind='value']",
          "ImportDeclaration:not([source.value=/^(\\.\\/|@kubernetes\\/client-node$)/])",
        ].map((selector) => ({
          selector,
          message:
            "lib/k8s holds types only: `import type` from @kubernetes/client-node or ./, no values (docs/architecture.md §2, lib/k8s/README.md).",
        })),
      ],
    },
  },
  {
    files: ["lib/client/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/server/*", "**/lib/server/**", ...sandbox],
              message: "lib/client never imports lib/server or sandbox (docs/architecture.md §2).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: sandbox, message: "app/ and components/ never import sandbox/ (docs/architecture.md §2)." },
          ],
        },
      ],
    },
  },
  {
    files: ["sandbox/**", "scripts/**", "test/**", "bench/**"],
    // No React here: vitest helpers named use* (useCluster, useConsole) are test fixtures, not hooks.
    rules: {
      "@next/next/no-html-link-for-pages": "off",
      "react-hooks/rules-of-hooks": "off",
      "react-hooks/immutability": "off",
    },
  },
  {
    // Every spec takes `test` from test/e2e/fixtures.ts, which fails a test on an uncaught page error.
    files: ["test/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import test and expect from ./fixtures: it fails a test on an uncaught page error.",
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); turn off the stylistic rules that would disagree with it.
  prettier,
];

export default config;
