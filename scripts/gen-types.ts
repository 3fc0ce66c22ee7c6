/**
 * `npm run gen:types`: regenerate lib/k8s/generated/ from the CRDs in sandbox/crds (see scripts/gen-types/crd.ts
 * for the generator and why it is this one), and the YAML editor's schemas in public/ (scripts/gen-types/monaco-schema.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { render, TARGETS } from "./gen-types/crd";
import { monacoSchema, SCHEMAS } from "./gen-types/monaco-schema";

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..");
  for (const target of TARGETS) {
    const out = path.join(root, target.out);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, await render(root, target));
    console.log(`wrote ${target.out}`);
  }
  for (const target of SCHEMAS) {
    writeFileSync(path.join(root, target.out), monacoSchema(root, target));
    console.log(`wrote ${target.out}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
