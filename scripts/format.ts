/**
 * `npm run format` rewrites the tree with Prettier; `npm run format -- --check` only reports (the lint
 * step of `npm test` runs the check, so an unformatted file fails the suite).
 */
import { spawnSync } from "node:child_process";

const check = process.argv.includes("--check");
const files = process.argv.slice(2).filter((arg) => arg !== "--check");
const res = spawnSync("npx", ["prettier", check ? "--check" : "--write", ...(files.length ? files : ["."])], {
  stdio: "inherit",
});
process.exit(res.status ?? 1);
