/**
 * The suite runs the e2e specs in two groups side by side, each against its own stack (sandbox, dashboards,
 * browser), so neither group sees the other's writes and a failure in one never leaves state for the other.
 *
 * `demo` holds every spec that reads or moves the demo scenario's own CloneSets and Rollouts. They keep their
 * order (alphabetical, as Playwright runs files): `kruise-rollout` approves checkout and then starts a new
 * release that waits at step 1 again, which is the state `states` then shows. `own` is every other spec: each
 * makes its own namespaces (or only reads the `shop` namespace), including the two that disturb a whole stack,
 * `reconnect` (drops every upstream watch) and `failover` (times a replica going away).
 *
 * A spec not named here runs in `own`, so a new spec is never left out; `npx playwright test` without
 * E2E_GROUP runs every spec on one stack.
 */
export const DEMO_SPECS = [
  "a11y.spec.ts",
  "detail.spec.ts",
  "headers.spec.ts",
  "kruise-rollout.spec.ts",
  "list.spec.ts",
  "states.spec.ts",
  "themes.spec.ts",
  "ties.spec.ts",
];

export type E2eGroup = "demo" | "own";
export const E2E_GROUPS: readonly E2eGroup[] = ["demo", "own"];
